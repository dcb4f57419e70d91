import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';
import { readError } from './read-error';

const platformHeaders = (code: string, description: string) =>
  new Headers({ errorcode: code, errordescription: description });

/** The same failure three ways: our JSON body, the platform's headers with an empty body, and with an HTML page. */
function threeWays(status: number, code: string, platformCode: string, message: string) {
  return {
    body: readError(
      {
        status,
        headers: new Headers({ 'Content-Type': 'application/json' }),
        text: JSON.stringify({ error: { code, message } }),
      },
      'GET /x',
    ),
    headersOnly: readError({ status, headers: platformHeaders(platformCode, message), text: '' }, 'GET /x'),
    html: readError(
      {
        status,
        headers: platformHeaders(platformCode, message),
        text: '<!doctype html><html><body><h1>Error</h1></body></html>',
      },
      'GET /x',
    ),
  };
}

describe('reading a failed answer', () => {
  it.each([
    [403, 'missing_scope', '4017', /may not use student comments/, /training scope/],
    [403, 'anonymous_not_allowed', '4035', /not available to an anonymous profile/, /sign up/],
    [404, 'not_found', '4042', /Could not find the comments/, /./],
    [401, 'token_expired', '4010', /You are signed out/, /Sign in again/],
  ])(
    '%s %s reads the same from the body, from the headers alone and beside an HTML page',
    (status, code, platform, title, detail) => {
      const ways = threeWays(status, code, platform, 'What the server said');
      for (const [way, error] of Object.entries(ways)) {
        expect({ way, code: error.code, platformCode: error.platformCode, status: error.status }).toEqual({
          way,
          code,
          platformCode: Number(platform),
          status,
        });
        const description = describeError(error, 'the comments');
        expect(description.title, way).toMatch(title);
        expect(description.detail, way).toMatch(detail);
      }
    },
  );

  it('takes the message from errordescription when there is no body', () => {
    const error = readError({ status: 404, headers: platformHeaders('4042', 'No such note'), text: '' }, 'GET /n');
    expect(error.message).toBe('No such note');
  });

  it('gives a platform code the body alone implies, and prefers the header when both are there', () => {
    const body = JSON.stringify({ error: { code: 'token_expired', message: 'expired' } });
    expect(readError({ status: 401, headers: new Headers(), text: body }, 'x').platformCode).toBe(4010);
    const both = readError({ status: 401, headers: platformHeaders('4034', 'invalid'), text: body }, 'x');
    expect(both).toMatchObject({ code: 'token_expired', platformCode: 4034 });
  });

  it('reads a code shared by several of ours as the platform means it', () => {
    expect(readError({ status: 403, headers: platformHeaders('4032', 'no'), text: '' }, 'x').code).toBe('forbidden');
    expect(readError({ status: 400, headers: platformHeaders('4000', 'bad'), text: '' }, 'x').code).toBe('bad_request');
  });

  it('without a body or headers says the status, and ignores an errorcode that is not four digits', () => {
    const bare = readError({ status: 502, headers: new Headers(), text: '<html>Bad gateway</html>' }, 'GET /x');
    expect(bare).toMatchObject({ status: 502, code: 'internal', platformCode: undefined });
    expect(bare.message).toMatch(/answered 502 to GET \/x/);
    const odd = readError({ status: 400, headers: platformHeaders('oops', 'odd'), text: '' }, 'GET /x');
    expect(odd).toMatchObject({ code: 'unknown_error', platformCode: undefined });
  });
});

/**
 * The bad-input table, for every endpoint of the contract: malformed JSON,
 * wrong types, missing fields, oversized bodies, unknown query parameters,
 * missing credentials and unknown routes all get a 4xx with the one error
 * body and the platform's `errorcode` / `errordescription` headers, never a
 * 500, and the service keeps answering.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../../contract/basic-auth.ts';
import { errorBodySchema, limits } from '../../contract/common.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { errorDescriptionMax, platformCodeOf } from '../../contract/error-codes.ts';
import { sandboxClientsSchema } from '../../contract/sandbox.ts';
import { loadWorld } from '../../testkit/fixtures.ts';
import { call, type Reply, signIn, startService, type TestService } from '../../testkit/harness.ts';

const ADMIN_TOKEN = 'bad-input-admin-token-0123456789';
let service: TestService;
const credentials: Record<Endpoint['auth'], Record<string, string>> = {
  none: {},
  client: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
  user: {},
  training: {},
  plugin: {},
  admin: { Authorization: `Bearer ${ADMIN_TOKEN}` },
};

beforeAll(async () => {
  service = await startService({ env: { ADMIN_TOKEN } });
  const world = await loadWorld(service.url);
  credentials.user = { Authorization: `Bearer ${world.trainer.token}` };
  credentials.training = credentials.user;
  const clients = sandboxClientsSchema.parse((await call(service.url, 'GET', '/sandbox/v1/clients')).body);
  const plugin = [...clients.plugins].sort((a, b) => b.permissions.length - a.permissions.length)[0];
  if (plugin) credentials.plugin = { Authorization: basicHeader(plugin.clientId, plugin.clientSecret) };
});
afterAll(() => service.close());

const all = Object.entries(endpoints) as [string, Endpoint][];
const FORM = 'application/x-www-form-urlencoded';
const takesJson = (e: Endpoint) => (e.bodyMedia ?? ['application/json']).includes('application/json');
const withBody = all.filter(([, e]) => e.body && takesJson(e));
const formOnly = all.filter(([, e]) => e.body && !takesJson(e));
/**
 * The OAuth authorization and token endpoints ignore parameters they do not
 * know (RFC 6749 3.1, 3.2: the SDKs send some); every other endpoint refuses them.
 */
// The OpenID provider's callback ignores what it does not know as well (OpenID Connect Core 3.1.2.5: an answer may carry more).
const ignoresUnknown = new Set(['oauthSignin', 'oauthSigninSubmit', 'oauthToken', 'oauthOidcCallback']);
/** The token endpoint's refusals carry RFC 6749's code (invalid_request) in the one error body. */
const inputCode = (name: string) => (name === 'oauthToken' ? 'invalid_request' : 'invalid_input');
const pathOf = (e: Endpoint) => e.path.replace(/:(\w+)/g, 'x');

async function expectError(reply: Reply, status: number, code?: string) {
  expect(reply.status).toBe(status);
  const { error } = errorBodySchema.parse(reply.body);
  if (code) expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(0);
  // Every error body names its request, as the X-Request-Id header does.
  expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(error.requestId).toBe(reply.headers.get('x-request-id'));
  // Beside the body, the platform's headers: the code its table gives, and the message.
  expect(reply.headers.get('errorcode')).toBe(String(platformCodeOf[error.code as keyof typeof platformCodeOf]));
  const description = reply.headers.get('errordescription') ?? '';
  expect(description).toMatch(/^[\x20-\x7e]+$/);
  if (/^[\x20-\x7e]+$/.test(error.message) && error.message.length <= errorDescriptionMax) {
    expect(description).toBe(error.message);
  }
}

describe.each(withBody)('body of %s', (name, endpoint) => {
  const send = (body: string, headers: Record<string, string> = {}) =>
    call(service.url, endpoint.method, pathOf(endpoint), {
      body,
      headers: { ...credentials[endpoint.auth], 'Content-Type': 'application/json', ...headers },
    });

  it('answers malformed JSON with 400 malformed_json', async () => {
    await expectError(await send('{"text": "unterminated'), 400, 'malformed_json');
  });
  it('answers wrong types with 400 and the fields', async () => {
    for (const body of ['[1,2,3]', '"a string"', '42', 'null']) {
      const reply = await send(body);
      await expectError(reply, 400, 'invalid_input');
    }
  });
  it('answers missing fields with 400 naming them', async () => {
    const reply = await send('{}');
    await expectError(reply, 400, inputCode(name));
    expect(errorBodySchema.parse(reply.body).error.issues?.length).toBeGreaterThan(0);
  });
  it('refuses an unknown field by name (the OAuth token endpoint ignores it)', async () => {
    const reply = await send('{"bogusField": 1}');
    await expectError(reply, 400, inputCode(name));
    const unknown = { path: 'body.bogusField', message: 'is not a known field' };
    if (ignoresUnknown.has(name)) expect(errorBodySchema.parse(reply.body).error.issues).not.toContainEqual(unknown);
    else expect(errorBodySchema.parse(reply.body).error.issues).toContainEqual(unknown);
  });
  it('answers an empty body with 400', async () => {
    await expectError(await send(''), 400, inputCode(name));
  });
  it('answers an oversized body with 413', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(limits.bodyBytes + 10) });
    await expectError(await send(big), 413, 'payload_too_large');
  });
  it('answers deeply nested JSON with a 4xx', async () => {
    const deep = `${'['.repeat(20000)}${']'.repeat(20000)}`;
    const reply = await send(deep);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    errorBodySchema.parse(reply.body);
  });
  it('answers a content type it does not take with 415', async () => {
    const other = endpoint.bodyMedia?.includes(FORM) ? 'text/plain' : FORM;
    await expectError(await send('a=b', { 'Content-Type': other }), 415);
  });
});

describe.each(formOnly)('form body of %s', (_name, endpoint) => {
  it('answers JSON, or a body over the limit, with the one error body', async () => {
    const send = (body: string, type: string) =>
      call(service.url, endpoint.method, pathOf(endpoint), { body, headers: { 'Content-Type': type } });
    await expectError(await send('{"a":1}', 'application/json'), 415, 'unsupported_media_type');
    await expectError(await send(`a=${'x'.repeat(limits.bodyBytes + 10)}`, FORM), 413, 'payload_too_large');
  });
});

describe('the OAuth endpoints (RFC 6749 3.1, 3.2)', () => {
  it('ignore a parameter they do not know, as the SDKs expect', async () => {
    const reply = await call(service.url, 'POST', '/oauth/token?bogusParam=1', {
      body: { grant_type: 'refresh_token', refresh_token: 'not-a-token', access_token: 'the Swift SDK sends it' },
    });
    // Past the parameters: the refresh token itself is what is refused.
    await expectError(reply, 400, 'invalid_grant');
  });
});

describe.each(all.filter(([name]) => !ignoresUnknown.has(name)))('query of %s', (_name, endpoint) => {
  it('refuses an unknown parameter by name', async () => {
    const reply = await call(service.url, endpoint.method, `${pathOf(endpoint)}?bogusParam=1`, {
      headers: credentials[endpoint.auth],
    });
    await expectError(reply, 400, 'invalid_input');
    expect(errorBodySchema.parse(reply.body).error.issues?.some((i) => i.path === 'query.bogusParam')).toBe(true);
  });
});

describe.each(all.filter(([, e]) => e.auth !== 'none'))('credentials of %s', (_name, endpoint) => {
  it('are asked for with 401 and the platform code 4016 when missing', async () => {
    const reply = await call(service.url, endpoint.method, pathOf(endpoint));
    await expectError(reply, 401, 'unauthorized');
    expect(reply.headers.get('errorcode')).toBe('4016');
  });
});

describe('the platform codes of the failures a client acts on', () => {
  it('are 4034 for a bad token, 4010 for an expired one, 4017 without the training scope, 4042 for no such thing', async () => {
    const bad = await call(service.url, 'GET', '/user/v1/my/profile', { token: 'no-such-token' });
    await expectError(bad, 401, 'invalid_token');
    expect(bad.headers.get('errorcode')).toBe('4034');

    const world = await loadWorld(service.url);
    service.advanceClock(service.settings.TOKEN_TTL_SECONDS + 60);
    try {
      const expired = await call(service.url, 'GET', '/user/v1/my/profile', { token: world.trainer.token });
      await expectError(expired, 401, 'token_expired');
      // 4010: the platform's SDKs refresh the token and send the request again.
      expect(expired.headers.get('errorcode')).toBe('4010');
    } finally {
      service.advanceClock(-(service.settings.TOKEN_TTL_SECONDS + 60));
    }

    const plainApp = await signIn(service.url, world.trainer.userId, 'sandbox-no-training');
    const noScope = await call(service.url, 'GET', '/edu/v1/student/comment', { token: plainApp });
    await expectError(noScope, 403, 'missing_scope');
    expect(noScope.headers.get('errorcode')).toBe('4017');

    const missing = await call(service.url, 'GET', '/edu/v1/note?noteId=no-such-note', { token: plainApp });
    await expectError(missing, 404, 'not_found');
    expect(missing.headers.get('errorcode')).toBe('4042');
  });

  it('are 4012 for an app client id the platform does not know', async () => {
    const reply = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { clientId: 'no-such-app' },
      body: {
        handle: '@anon-unknown-app',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-unknown-app',
        anonymous: true,
      },
    });
    await expectError(reply, 401, 'invalid_client');
    expect(reply.headers.get('errorcode')).toBe('4012');
  });
});

describe('the errordescription header', () => {
  it('carries a message that quotes the request as printable ASCII, never a line break', async () => {
    const reply = await call(service.url, 'GET', '/user/v1/my/profile?caf%C3%A9%0D%0AX-Evil:%201=1', {
      headers: credentials.user,
    });
    await expectError(reply, 400, 'invalid_input');
    expect(errorBodySchema.parse(reply.body).error.message).toContain('café\r\nX-Evil: 1');
    expect(reply.headers.get('errordescription')).toContain('cafe??X-Evil: 1');
    expect(reply.headers.get('x-evil')).toBeNull();
  });

  it('is cut to its limit when the message is longer (the body keeps it whole)', async () => {
    const name = 'p'.repeat(1000);
    const reply = await call(service.url, 'GET', `/user/v1/my/profile?${name}=1`, { headers: credentials.user });
    await expectError(reply, 400, 'invalid_input');
    expect(errorBodySchema.parse(reply.body).error.message).toContain(name);
    const description = reply.headers.get('errordescription') ?? '';
    expect(description).toHaveLength(errorDescriptionMax);
    expect(description.endsWith('...')).toBe(true);
  });
});

describe('query strings', () => {
  it('are refused on an address that takes none', async () => {
    const reply = await call(service.url, 'GET', '/user/v1/my/profile?debug=1', { headers: credentials.user });
    await expectError(reply, 400, 'invalid_input');
    expect(errorBodySchema.parse(reply.body).error.issues?.[0]?.path).toBe('query.debug');
  });
  it('are checked on every request: a bad one is refused each time, and one address answers each caller as they may see', async () => {
    const world = await loadWorld(service.url);
    const { studentId, classId } = world.foreignClass;
    const twice = `/edu/v1/student/comment?studentId=${studentId}&studentId=${studentId}`;
    for (let round = 0; round < 3; round++) {
      await expectError(
        await call(service.url, 'GET', twice, { token: world.otherTrainer.token }),
        400,
        'invalid_input',
      );
    }
    const text = `Checked afresh ${Date.now()}`;
    const written = await call(service.url, 'POST', '/edu/v1/student/comment', {
      token: world.otherTrainer.token,
      body: { studentId, classId, text },
    });
    expect(written.status).toBe(201);
    const address = `/edu/v1/student/comment?studentId=${studentId}`;
    const texts = async (token: string) =>
      (await call<{ text: string }[]>(service.url, 'GET', address, { token })).body.map((comment) => comment.text);
    expect(await texts(world.otherTrainer.token)).toContain(text);
    expect(await texts(world.trainer.token)).not.toContain(text);
    expect(await texts(world.otherTrainer.token)).toContain(text);
  });
  it('treat __proto__ as an unknown parameter', async () => {
    const reply = await call(service.url, 'GET', '/edu/v1/student/comment?__proto__=x', { headers: credentials.user });
    await expectError(reply, 400, 'invalid_input');
  });
});

describe('bodies that are not UTF-8', () => {
  it('are refused rather than stored with replacement characters', async () => {
    const bytes = Buffer.concat([Buffer.from('{"refreshToken":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const response = await fetch(`${service.url}/auth/v1/token/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: bytes,
    });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json()).error.message).toMatch(/UTF-8/);
  });
});

describe('addresses', () => {
  it('answers unknown routes and methods with 404 and the error body', async () => {
    await expectError(await call(service.url, 'GET', '/edu/v1/nothing-here'), 404, 'not_found');
    await expectError(await call(service.url, 'DELETE', '/edu/v1/student/comment'), 404, 'not_found');
  });
  it('answers broken percent-encoding with 400', async () => {
    const reply = await call(service.url, 'GET', '/user/v1/pictures/%E0%A4%A', { headers: credentials.user });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    errorBodySchema.parse(reply.body);
  });
  it('still answers after all of the above', async () => {
    expect((await call(service.url, 'GET', '/sandbox/v1/users')).status).toBe(200);
  });
});

describe('the NUL character (U+0000), which no text the platform keeps carries', () => {
  it('is refused in a body field, a query parameter and a path id with 400 naming where, and stores nothing', async () => {
    const world = await loadWorld(service.url);
    const token = world.trainer.token;
    const comment = await call(service.url, 'POST', '/edu/v1/student/comment', {
      token,
      body: { studentId: world.student.studentId, classId: world.klass.classId, text: 'before\u0000after' },
    });
    await expectError(comment, 400, 'invalid_input');
    expect(errorBodySchema.parse(comment.body).error.issues?.[0]?.path).toBe('body.text');
    const list = await call<{ text: string }[]>(
      service.url,
      'GET',
      `/edu/v1/student/comment?studentId=${world.student.studentId}`,
      { token },
    );
    expect(list.body.some((c) => c.text.startsWith('before'))).toBe(false);

    const query = await call(service.url, 'GET', '/edu/v1/student/comment?studentId=stu%00x', { token });
    await expectError(query, 400, 'invalid_input');
    expect(errorBodySchema.parse(query.body).error.issues?.[0]?.path).toBe('query.studentId');

    const path = await call(service.url, 'GET', '/user/v1/pictures/%00', { token });
    await expectError(path, 400, 'invalid_input');
  });

  it('is refused inside plugin credentials with 401, not a failure', async () => {
    const reply = await call(service.url, 'GET', '/plugin/v2/ai/record-data', {
      headers: { Authorization: basicHeader('sandbox-plugin-coach\u0000', 'x') },
    });
    await expectError(reply, 401, 'invalid_credentials');
    expect(reply.headers.get('errorcode')).toBe('4011');
  });
});

describe('text that is not well-formed (a lone surrogate, which JSON can escape but UTF-8 cannot carry)', () => {
  it('is refused in a comment and a note with 400 naming the field, and nothing is stored', async () => {
    const world = await loadWorld(service.url);
    const token = world.trainer.token;
    const lone = 'before\ud800after';
    const comment = await call(service.url, 'POST', '/edu/v1/student/comment', {
      token,
      body: { studentId: world.student.studentId, classId: world.klass.classId, text: lone },
    });
    await expectError(comment, 400, 'invalid_input');
    expect(errorBodySchema.parse(comment.body).error.issues?.map((issue) => issue.path)).toEqual(['body.text']);
    const note = await call(service.url, 'PUT', '/edu/v1/note', {
      token,
      body: { studentId: world.student.studentId, lessonId: world.klass.lessonIds[0], text: `\udc00${lone}` },
    });
    await expectError(note, 400, 'invalid_input');
    expect(errorBodySchema.parse(note.body).error.issues?.map((issue) => issue.path)).toEqual(['body.text']);

    const comments = await call<{ text: string }[]>(
      service.url,
      'GET',
      `/edu/v1/student/comment?studentId=${world.student.studentId}`,
      { token },
    );
    const notes = await call<{ text: string }[]>(
      service.url,
      'GET',
      `/edu/v1/note/list?studentId=${world.student.studentId}`,
      { token },
    );
    for (const text of [...comments.body, ...notes.body].map((entry) => entry.text)) {
      expect(text.includes('after') && text.includes('before'), text).toBe(false);
    }
  });

  it('is refused wherever it is in a body, a nested field or a key, naming where', async () => {
    const reply = await call(service.url, 'POST', '/plugin/v2/ai/additional-info', {
      headers: credentials.plugin,
      body: { userId: 'usr-d04', additionalInfo: [{ title: 'Chess', description: 'club \udbff captain' }] },
    });
    await expectError(reply, 400, 'invalid_input');
    expect(errorBodySchema.parse(reply.body).error.issues?.map((issue) => issue.path)).toEqual([
      'body.additionalInfo.0.description',
    ]);
    const key = await call(service.url, 'POST', '/edu/v1/student/comment', {
      headers: credentials.training,
      body: { studentId: 'stu-x', classId: 'cls-x', text: 'x', '\ud800': 'x' },
    });
    await expectError(key, 400, 'invalid_input');
    // A surrogate pair (an emoji) is well-formed and stays welcome.
    const world = await loadWorld(service.url);
    const emoji = await call(service.url, 'POST', '/edu/v1/student/comment', {
      token: world.trainer.token,
      body: { studentId: world.student.studentId, classId: world.klass.classId, text: 'Great work 🚀' },
    });
    expect(emoji.status).toBe(201);
  });
});

describe('a body sent in chunks, without a declared length', () => {
  /** POSTs `parts` one chunk each (Transfer-Encoding: chunked), as a streaming client does. */
  function sendChunked(path: string, headers: Record<string, string>, parts: readonly string[]) {
    return new Promise<{ status: number; body: unknown; headers: Headers }>((resolve, reject) => {
      const request = httpRequest(
        `${service.url}${path}`,
        { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
              headers: new Headers(response.headers as Record<string, string>),
            }),
          );
        },
      );
      request.on('error', reject);
      for (const part of parts) request.write(part);
      request.end();
    });
  }

  it('is read whole and answered', async () => {
    const reply = await sendChunked('/edu/v1/student/comment', credentials.training, [
      '{"studentId":',
      '"nobody-',
      'here"}',
    ]);
    // The body arrived whole and was checked: a required field is missing, and the unknown student comes after it.
    await expectError(reply, 400, 'invalid_input');
  });

  it('past the limit gets 413 and the error body, and the service keeps answering', async () => {
    const part = 'x'.repeat(16 * 1024);
    const parts = [
      '{"text":"',
      ...Array.from({ length: Math.ceil(limits.bodyBytes / part.length) + 2 }, () => part),
      '"}',
    ];
    const reply = await sendChunked('/edu/v1/student/comment', credentials.training, parts);
    await expectError(reply, 413, 'payload_too_large');
    expect((await call(service.url, 'GET', '/healthz')).status).toBe(200);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import { json } from '../../test/fixtures';
import { setRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { call } from './client';

const expired = () => json(401, { error: { code: 'token_expired', message: 'The user token has expired' } });
/** The platform's way: the code in the headers, an HTML page (or nothing) as the body. */
const platformError = (status: number, code: string) =>
  new Response('<html><body>Error</body></html>', {
    status,
    headers: { 'Content-Type': 'text/html', errorcode: code, errordescription: 'from the platform' },
  });
const TOKEN = '/oauth/token';
const issued = (access: string, refresh: string) =>
  json(200, { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: 3600 });

function serve(handler: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const authOf = (init: RequestInit) => new Headers(init.headers).get('Authorization');

describe('call (session on top of request)', () => {
  beforeEach(() => {
    setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
    sessionStore.start('user-1', { token: 'old', refreshToken: 'refresh-1', expiresIn: 3600 }, 'sandbox');
  });

  it('refreshes an expired token once and retries with the new one', async () => {
    const fetchMock = serve((url, init) => {
      if (url === TOKEN) return issued('new', 'refresh-2');
      return authOf(init) === 'Bearer new' ? json(200, []) : expired();
    });
    await expect(call(endpoints.myFriends, {})).resolves.toEqual([]);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, authOf(init)])).toEqual([
      ['/user/v1/my/friends', 'Bearer old'],
      [TOKEN, null],
      ['/user/v1/my/friends', 'Bearer new'],
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1].body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'sandbox-trainer-dashboard',
    });
    expect(sessionStore.get()).toMatchObject({ userId: 'user-1', token: 'new', refreshToken: 'refresh-2' });
  });

  it('ends the session, saying it expired, when the refresh is refused', async () => {
    serve((url) =>
      url === TOKEN
        ? json(400, { error: { code: 'invalid_grant', message: 'The refresh token is not valid' } })
        : expired(),
    );
    const error = await call(endpoints.myFriends, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(sessionStore.get()).toBeNull();
    expect(sessionStore.lastEnd()).toEqual({ reason: 'expired', method: 'sandbox' });
  });

  it('shares one refresh between calls that find the token expired together', async () => {
    const fetchMock = serve((url, init) => {
      if (url === TOKEN) return issued('new', 'r2');
      return authOf(init) === 'Bearer new' ? json(200, []) : expired();
    });
    await Promise.all([call(endpoints.myFriends, {}), call(endpoints.listComments, {})]);
    expect(fetchMock.mock.calls.filter(([url]) => url === TOKEN)).toHaveLength(1);
  });

  it('refreshes on a 4010 the platform sends in its headers alone', async () => {
    const fetchMock = serve((url, init) => {
      if (url === TOKEN) return issued('new', 'r2');
      return authOf(init) === 'Bearer new' ? json(200, []) : platformError(401, '4010');
    });
    await expect(call(endpoints.myFriends, {})).resolves.toEqual([]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/user/v1/my/friends', TOKEN, '/user/v1/my/friends']);
  });

  it('retries only once: a second 4010 after the refresh ends the session', async () => {
    const fetchMock = serve((url) => (url === TOKEN ? issued('new', 'r2') : platformError(401, '4010')));
    await expect(call(endpoints.myFriends, {})).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/user/v1/my/friends', TOKEN, '/user/v1/my/friends']);
    expect(sessionStore.get()).toBeNull();
  });

  it.each([
    ['4034', 'an invalid token'],
    ['4016', 'a missing authorization'],
  ])('ends the session without a refresh on any other 401 (%s, %s)', async (code) => {
    const fetchMock = serve(() => platformError(401, code));
    await expect(call(endpoints.myFriends, {})).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/user/v1/my/friends']);
    expect(sessionStore.get()).toBeNull();
    expect(sessionStore.lastEnd()).toEqual({ reason: 'revoked', method: 'sandbox' });
  });

  it('leaves the session alone on other errors, such as a missing scope', async () => {
    serve(() => json(403, { error: { code: 'missing_scope', message: 'no training scope' } }));
    const error = await call(endpoints.listComments, {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 403, code: 'missing_scope' });
    expect(sessionStore.get()?.token).toBe('old');
  });
});

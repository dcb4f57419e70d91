import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import { setRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { call } from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const expired = () => json(401, { error: { code: 'token_expired', message: 'The user token has expired' } });

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
      if (url === '/auth/v1/token/refresh')
        return json(200, { token: 'new', expiresIn: 3600, refreshToken: 'refresh-2' });
      return authOf(init) === 'Bearer new' ? json(200, []) : expired();
    });
    await expect(call(endpoints.myFriends, {})).resolves.toEqual([]);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, authOf(init)])).toEqual([
      ['/user/v1/my/friends', 'Bearer old'],
      ['/auth/v1/token/refresh', null],
      ['/user/v1/my/friends', 'Bearer new'],
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1].body))).toEqual({ refreshToken: 'refresh-1' });
    expect(sessionStore.get()).toMatchObject({ userId: 'user-1', token: 'new', refreshToken: 'refresh-2' });
  });

  it('ends the session, saying it expired, when the refresh is refused', async () => {
    serve((url) =>
      url === '/auth/v1/token/refresh'
        ? json(401, { error: { code: 'invalid_token', message: 'The refresh token is not valid' } })
        : expired(),
    );
    const error = await call(endpoints.myFriends, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(sessionStore.get()).toBeNull();
    expect(sessionStore.lastEnd()).toEqual({ reason: 'expired', method: 'sandbox' });
  });

  it('shares one refresh between calls that find the token expired together', async () => {
    const fetchMock = serve((url, init) => {
      if (url === '/auth/v1/token/refresh') return json(200, { token: 'new', expiresIn: 3600, refreshToken: 'r2' });
      return authOf(init) === 'Bearer new' ? json(200, []) : expired();
    });
    await Promise.all([call(endpoints.myFriends, {}), call(endpoints.listComments, {})]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/auth/v1/token/refresh')).toHaveLength(1);
  });

  it('leaves the session alone on other errors, such as a missing scope', async () => {
    serve(() => json(403, { error: { code: 'missing_scope', message: 'no training scope' } }));
    const error = await call(endpoints.listComments, {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 403, code: 'missing_scope' });
    expect(sessionStore.get()?.token).toBe('old');
  });
});

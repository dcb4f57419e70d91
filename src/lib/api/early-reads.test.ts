import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import { json } from '../../test/fixtures';
import { signInSandboxTrainer } from '../../test/sign-in';
import { call } from './client';
import { EARLY_READ_TTL_MS, startEarlyReads } from './early-reads';

/** signInSandboxTrainer's platform: the service's own origin. */
const PLATFORM = '';
const FRIENDS = ['/user/v1/my/friends'];

function serve(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const urlsOf = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.map(([url]) => url);

describe('early reads', () => {
  beforeEach(signInSandboxTrainer);

  it('hands an early answer to the same read, once: the page asks the service nothing more', async () => {
    const fetchMock = serve(() => json(200, []));
    startEarlyReads(PLATFORM, 'token-1', FRIENDS);
    expect(urlsOf(fetchMock)).toContain(`${PLATFORM}/user/v1/my/friends`);
    const before = fetchMock.mock.calls.length;
    await expect(call(endpoints.myFriends, {})).resolves.toEqual([]);
    expect(fetchMock.mock.calls.length).toBe(before);
    // Taken: the next read asks the service.
    await expect(call(endpoints.myFriends, {})).resolves.toEqual([]);
    expect(fetchMock.mock.calls.length).toBe(before + 1);
  });

  it('does not hand one person’s early answer to another’s read', async () => {
    const fetchMock = serve((_url, init) =>
      json(200, new Headers(init.headers).get('Authorization') === 'Bearer token-1' ? [] : [{ wrong: true }]),
    );
    startEarlyReads(PLATFORM, 'token-0', FRIENDS);
    const before = fetchMock.mock.calls.length;
    await expect(call(endpoints.myFriends, {})).resolves.toEqual([]);
    expect(fetchMock.mock.calls.length).toBe(before + 1);
  });

  it('asks again for an early answer nobody took in time', async () => {
    const fetchMock = serve(() => json(200, []));
    startEarlyReads(PLATFORM, 'token-1', FRIENDS, Date.now() - EARLY_READ_TTL_MS - 1);
    const before = fetchMock.mock.calls.length;
    await expect(call(endpoints.myFriends, {})).resolves.toEqual([]);
    expect(fetchMock.mock.calls.length).toBe(before + 1);
  });

  it('asks again when the early read could not reach the service, and reports only its own failure', async () => {
    let reachable = false;
    const fetchMock = serve(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return json(200, []);
    });
    startEarlyReads(PLATFORM, 'token-1', FRIENDS);
    reachable = true;
    await expect(call(endpoints.myFriends, {})).resolves.toEqual([]);
    expect(urlsOf(fetchMock).filter((url) => url === `${PLATFORM}/user/v1/my/friends`)).toHaveLength(2);
  });

  it('stops waiting for an early answer when its read is cancelled', async () => {
    serve(() => new Promise<Response>(() => {}));
    startEarlyReads(PLATFORM, 'token-1', FRIENDS);
    const controller = new AbortController();
    const read = call(endpoints.myFriends, { signal: controller.signal });
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });
});

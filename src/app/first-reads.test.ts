import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointUrl } from '../../contract/endpoint-url';
import { endpoints } from '../../contract/endpoints';
import prefetchFriends from '../features/friends/prefetch';
import prefetchProfile from '../features/profile/prefetch';
import prefetchAccess from '../lib/access/prefetch-access';
import type { PrefetchArgs } from '../lib/api/prefetch-args';
import { signInSandboxTrainer } from '../test/sign-in';
import { firstReadsOf } from './first-reads';
import prefetchRecord from './student-record/prefetch';

/** signInSandboxTrainer's platform: the service's own origin. */
const PLATFORM = '';

describe('each page’s first reads', () => {
  beforeEach(signInSandboxTrainer);

  it('names, for each page, only reads its own prefetch and the signed-in layout ask for', async () => {
    const pages: [string, (args: PrefetchArgs) => void, Record<string, string>][] = [
      ['/students/usr-1', prefetchRecord, { userId: 'usr-1' }],
      ['/profile', prefetchProfile, {}],
      ['/friends', prefetchFriends, {}],
    ];
    for (const [path, prefetch, params] of pages) {
      // Every read unanswered: only which ones are asked for matters here.
      const fetchMock = vi.fn((_url: string, _init: RequestInit) => new Promise<Response>(() => {}));
      vi.stubGlobal('fetch', fetchMock);
      const queryClient = new QueryClient();
      const args = { queryClient, params, url: new URL(path, 'https://dashboard.test') };
      prefetchAccess(args);
      prefetch(args);
      const early = firstReadsOf(path).map((read) => `${PLATFORM}${read}`);
      const unasked = () => early.filter((url) => !fetchMock.mock.calls.some(([asked]) => asked === url));
      await vi.waitFor(() => expect(unasked(), `${path}: early reads its page does not ask for`).toEqual([]));
      // Beyond who the person is, the page's own first reads.
      expect(early.length, path).toBeGreaterThan(2);
      queryClient.clear();
    }
  });

  it('spells each read as its endpoint does, a parameter encoded as one segment', () => {
    expect(firstReadsOf('/students/usr%201')).toEqual([
      endpointUrl(endpoints.myProfile, {}),
      endpointUrl(endpoints.currentSession, {}),
      endpointUrl(endpoints.studentRecord, { params: { userId: 'usr 1' } }),
      endpointUrl(endpoints.roster, {}),
    ]);
    expect(firstReadsOf('/profile')).toEqual([
      endpointUrl(endpoints.myProfile, {}),
      endpointUrl(endpoints.currentSession, {}),
      endpointUrl(endpoints.myCover, {}),
      endpointUrl(endpoints.myPicture, {}),
    ]);
    expect(firstReadsOf('/friends/')).toContain(endpointUrl(endpoints.myFriends, {}));
    expect(firstReadsOf('/comments')).toEqual([
      endpointUrl(endpoints.myProfile, {}),
      endpointUrl(endpoints.currentSession, {}),
    ]);
  });

  it('names nothing on a page that is not signed in, and no read of an address it cannot decode', () => {
    expect(firstReadsOf('/sign-in')).toEqual([]);
    expect(firstReadsOf('/auth/callback')).toEqual([]);
    expect(firstReadsOf('/students/%E0%A4%A')).toEqual([
      endpointUrl(endpoints.myProfile, {}),
      endpointUrl(endpoints.currentSession, {}),
    ]);
  });
});

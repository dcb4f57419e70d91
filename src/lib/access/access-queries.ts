/**
 * Who the signed-in person is, as far as the dashboard's navigation cares:
 * their own profile (its trainer and trainee flags) and their session (the
 * app's scopes, anonymous or not, extension `GET /auth/v1/session`). Both
 * are memory-only query data, like every answer.
 */
import { queryOptions } from '@tanstack/react-query';
import { profileEndpoints } from '../../../contract/endpoints/profile';
import { sessionEndpoints } from '../../../contract/endpoints/sessions';
import type { SessionInfo } from '../../../contract/users';
import { call } from '../api/client';
import { withExtension } from '../api/extensions';

export const accessQueries = {
  /** The own profile; the profile feature reads the same entry. */
  myProfile: () =>
    queryOptions({
      queryKey: ['profile', 'me'] as const,
      queryFn: ({ signal }) => call(profileEndpoints.myProfile, { signal }),
    }),
  /**
   * The session as the platform sees it; null where the platform has no
   * session extension (an unknown address), remembered for the session.
   */
  session: () =>
    queryOptions({
      queryKey: ['session-info'] as const,
      queryFn: ({ signal }): Promise<SessionInfo | null> =>
        withExtension(
          'session',
          () => call(sessionEndpoints.currentSession, { signal }),
          () => null,
        ),
      // A session's app and scopes do not change while it lives.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

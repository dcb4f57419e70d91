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
import { isApiError } from '../api/api-error';
import { call } from '../api/client';

export const accessQueries = {
  /** The own profile; the profile feature reads the same entry. */
  myProfile: () =>
    queryOptions({
      queryKey: ['profile', 'me'] as const,
      queryFn: ({ signal }) => call(profileEndpoints.myProfile, { signal }),
    }),
  /**
   * The session as the platform sees it; null where the platform has no
   * session extension (404), so the dashboard then tries the pages instead.
   */
  session: () =>
    queryOptions({
      queryKey: ['session-info'] as const,
      queryFn: async ({ signal }): Promise<SessionInfo | null> => {
        try {
          return await call(sessionEndpoints.currentSession, { signal });
        } catch (error) {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        }
      },
      // A session's app and scopes do not change while it lives.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

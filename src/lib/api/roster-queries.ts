/**
 * The signed-in trainer's roster (extension `GET /edu/v1/trainer/roster`).
 * Shared by comments and notes. Where there is no roster to have (a platform
 * without the extension answers 404; an app without the training scope 403
 * missing_scope) the query resolves to null and the pages ask for typed ids.
 */
import { queryOptions } from '@tanstack/react-query';
import { rosterEndpoints } from '../../../contract/endpoints/roster';
import type { Roster } from '../../../contract/roster';
import { isApiError } from './api-error';
import { call } from './client';

export const rosterQueries = {
  all: () => ['roster'] as const,
  mine: () =>
    queryOptions({
      queryKey: [...rosterQueries.all(), 'mine'] as const,
      queryFn: async ({ signal }): Promise<Roster | null> => {
        try {
          return await call(rosterEndpoints.roster, { signal });
        } catch (error) {
          if (isApiError(error) && (error.status === 404 || error.code === 'missing_scope')) return null;
          throw error;
        }
      },
      staleTime: 5 * 60_000,
    }),
};

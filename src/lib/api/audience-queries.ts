/**
 * Who will read a comment or a note before it is saved (extension
 * `GET /edu/v1/audience`). The service answers from the rule it enforces on
 * every read; the audience notice (components/audience-notice.tsx) puts the
 * answer into words.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AudienceQuery } from '../../../contract/audience';
import { audienceEndpoints } from '../../../contract/endpoints/audience';
import { call } from './client';

export const audienceQueries = {
  all: () => ['audience'] as const,
  of: (query: AudienceQuery) =>
    queryOptions({
      queryKey: [...audienceQueries.all(), query] as const,
      queryFn: ({ signal }) => call(audienceEndpoints.audience, { query, signal }),
      staleTime: 60_000,
    }),
};

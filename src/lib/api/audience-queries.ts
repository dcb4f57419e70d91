/**
 * Who will read a comment or a note before it is saved (extension
 * `GET /edu/v1/audience`). The service answers from the rule it enforces on
 * every read; the audience notice (components/audience-notice.tsx) puts the
 * answer into words.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Audience, AudienceQuery } from '../../../contract/audience';
import { audienceEndpoints } from '../../../contract/endpoints/audience';
import { call } from './client';
import { withExtension } from './extensions';

export const audienceQueries = {
  all: () => ['audience'] as const,
  of: (query: AudienceQuery) =>
    queryOptions({
      queryKey: [...audienceQueries.all(), query] as const,
      // null: the platform does not tell (no audience extension), and the forms then say nothing about it.
      queryFn: ({ signal }): Promise<Audience | null> =>
        withExtension(
          'audience',
          () => call(audienceEndpoints.audience, { query, signal }),
          () => null,
        ),
      staleTime: 60_000,
    }),
};

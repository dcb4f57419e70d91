/**
 * Who will read a comment or a note before it is saved (extension
 * `GET /edu/v1/audience`). The service answers from the rule it enforces on
 * every read; the dashboard only puts the answer into words.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Audience, AudienceQuery } from '../../../contract/audience';
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

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** The audience in one sentence: "Visible to you and the trainers of X: A (you), B." */
export function describeAudience(audience: Audience): string {
  const group = audience.classTrainers;
  if (!group) return 'Visible only to you.';
  if (group.trainers.length === 0) return `Visible to you and the trainers of ${group.className} (it has none now).`;
  const names = group.trainers.map((trainer) =>
    trainer.userId === audience.author.userId ? `${fullName(trainer)} (you)` : fullName(trainer),
  );
  return `Visible to you and the trainers of ${group.className}: ${names.join(', ')}.`;
}

/**
 * The trainer's own earlier words (issue 34, suggestions): every comment and
 * note they wrote, read from the platform's own lists (whole, following
 * pages where the service pages), so suggestions work without extensions.
 * Kept in memory only, like any answer. A co-trainer's entry is never among
 * them: a comment counts when its author is the trainer; a note when its
 * author (an extension field) is the trainer, or, where the list does not
 * say, when it is a note about a user (only its author ever reads one).
 * A note about a student with no author cannot be shown to be theirs, so it
 * is left out.
 */
import { queryOptions } from '@tanstack/react-query';
import type { WrittenEntry } from '../text/suggestions';

export const ownWordsQueries = {
  /** Every mutation that adds, corrects or removes a comment or a note names this key in its meta. */
  all: () => ['own-words'] as const,
  of: (userId: string) =>
    queryOptions({
      queryKey: [...ownWordsQueries.all(), userId] as const,
      queryFn: async ({ signal }): Promise<WrittenEntry[]> => {
        const { readOwnWords } = await import('./own-words-read');
        return readOwnWords(userId, signal);
      },
      // Suggestions are a help: a list that cannot be read leaves the field as it was, without retrying for long.
      retry: 1,
    }),
};

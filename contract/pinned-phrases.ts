/**
 * Extension: a trainer's pinned phrases (issue 34, suggestions). App data
 * kept under the signed-in person's userId, never a profile field: nobody
 * else reads or writes them, and no address names another person's. The
 * whole list is read and written at once (a handful of short phrases), in the
 * order the trainer pinned them.
 */
import { z } from 'zod/mini';
import { notBlank } from './common.ts';

export const pinnedPhraseLimits = {
  /** Longest phrase, in characters. */
  phrase: 500,
  /** Most phrases one person keeps. */
  count: 50,
} as const;

export const pinnedPhraseSchema = z.pipe(
  z.string().check(notBlank()),
  z.string().check(z.maxLength(pinnedPhraseLimits.phrase, `must be at most ${pinnedPhraseLimits.phrase} characters`)),
);

const phraseListSchema = z
  .array(pinnedPhraseSchema)
  .check(z.maxLength(pinnedPhraseLimits.count, `must hold at most ${pinnedPhraseLimits.count} phrases`));

export const pinnedPhrasesSchema = z.object({ phrases: phraseListSchema });
export type PinnedPhrases = z.infer<typeof pinnedPhrasesSchema>;

export const putPinnedPhrasesBodySchema = z.strictObject({ phrases: phraseListSchema });

/**
 * Extension: search across the comments and notes a person may read. The
 * words of `q` all have to occur (case and accents do not matter; a word
 * ending in `*` matches every word it begins); the filters narrow as the
 * lists' filters do. Without `q` the filters alone choose, newest first: what
 * was written about a student in a course, say. An answer is always a page: without `limit` the first
 * 20 results, the next page named in the `Link` header as on the other
 * paged lists.
 */
import { z } from 'zod/mini';
import { cursorNeedsLimit, idSchema, limits, pagingShape } from './common.ts';
import { userSummarySchema } from './users.ts';

export const searchLimits = {
  /** Longest query, in characters (after trimming). */
  query: 200,
  /** Results of a page when `limit` is not given. */
  defaultPage: 20,
} as const;

export const searchKinds = ['comment', 'note'] as const;
export const searchKindSchema = z.enum(searchKinds);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const searchAuthors = ['me', 'others'] as const;
export const searchOrders = ['relevance', 'newest'] as const;

/** A calendar day, `YYYY-MM-DD`, read as a UTC day. */
const daySchema = z.iso.date('must be a date, YYYY-MM-DD');

/**
 * The words to find: letters and digits make a word, anything else parts
 * them. At least one word; at most `searchLimits.query` characters; trimmed.
 */
export const searchTextSchema = z.pipe(
  z
    .string()
    .check(
      z.maxLength(searchLimits.query, `must be at most ${searchLimits.query} characters`),
      z.regex(/[\p{L}\p{N}]/u, 'must hold at least one word (letters or digits)'),
    ),
  z.transform((value) => value.trim()),
);

/** The filters of a search (each optional; they combine with AND). */
export const searchFiltersSchema = z.strictObject({
  classId: z.optional(idSchema),
  courseId: z.optional(idSchema),
  lessonId: z.optional(idSchema),
  /** An enrollment, as the comment and note lists' `studentId`. */
  studentId: z.optional(idSchema),
  /** The person an entry is about, whichever enrollment (as the note list's `userId`). */
  userId: z.optional(idSchema),
  kind: z.optional(searchKindSchema),
  /** `me`: what the caller wrote; `others`: what other people wrote. */
  author: z.optional(z.enum(searchAuthors)),
  /** Written on this UTC day or later. */
  from: z.optional(daySchema),
  /** Written on this UTC day or earlier. */
  to: z.optional(daySchema),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

export const searchQuerySchema = z
  .strictObject({
    q: z.optional(searchTextSchema),
    ...searchFiltersSchema.shape,
    order: z.optional(z.enum(searchOrders)),
    ...pagingShape,
  })
  .check(
    cursorNeedsLimit,
    z.refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
      message: 'must not be after to',
      path: ['from'],
    }),
    // Without words there is nothing to be relevant to: a filters-only search is newest first.
    z.refine((query) => query.q !== undefined || query.order !== 'relevance', {
      message: 'needs words in q; without them the order is newest',
      path: ['order'],
    }),
  );
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Where a word of the query was found in `text`: `[start, end)` in UTF-16 code units, as a JavaScript string counts. */
export const searchMatchSchema = z.object({
  start: z.int().check(z.gte(0)),
  end: z.int().check(z.gte(0)),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

/**
 * One comment or note found. `student` is the person the entry is about (for
 * a note about a user, that user), the key a dashboard groups results by and
 * the record it leads to; `studentId` the enrollment, null for a user note.
 * `matches` mark the found words in `text`: plain ranges, never markup.
 */
export const searchResultSchema = z.object({
  kind: searchKindSchema,
  id: z.string(),
  student: userSummarySchema,
  studentId: z.nullable(z.string()),
  classId: z.nullable(z.string()),
  courseId: z.nullable(z.string()),
  lessonId: z.nullable(z.string()),
  author: userSummarySchema,
  createdAt: z.iso.datetime(),
  text: z.string().check(z.maxLength(Math.max(limits.commentText, limits.noteText))),
  matches: z.array(searchMatchSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResultListSchema = z.array(searchResultSchema);

/** A word: a run of letters, digits and combining marks. */
const wordPattern = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of a text with where each stands, `[start, end)` in UTF-16 code units. */
export function wordsWithPlaces(text: string): { word: string; start: number; end: number }[] {
  return Array.from(text.matchAll(wordPattern), (m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
}

/** A word as search compares it: lower case, accents taken off. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface SearchWord {
  /** Folded (see `foldWord`). */
  readonly word: string;
  /** Written with a trailing `*`: every word it begins matches. */
  readonly prefix: boolean;
}

/** The words of a query, each once, in the order written. */
export function searchWords(query: string): SearchWord[] {
  const seen = new Map<string, SearchWord>();
  for (const m of query.matchAll(/([\p{L}\p{N}\p{M}]+)(\*?)/gu)) {
    const word = foldWord(m[1] ?? '');
    if (word === '') continue;
    const prefix = m[2] === '*';
    const key = `${word}${prefix ? '*' : ''}`;
    if (!seen.has(key)) seen.set(key, { word, prefix });
  }
  return [...seen.values()];
}

/** Where the query's words occur in `text`, in order. */
export function matchesIn(text: string, words: readonly SearchWord[]): SearchMatch[] {
  return wordsWithPlaces(text)
    .filter(({ word }) => {
      const folded = foldWord(word);
      return words.some((w) => (w.prefix ? folded.startsWith(w.word) : folded === w.word));
    })
    .map(({ start, end }) => ({ start, end }));
}

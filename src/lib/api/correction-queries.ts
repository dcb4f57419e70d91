/**
 * Corrections that keep the record's history (extension, contract/corrections.ts):
 * a comment corrected in place, its earlier wordings, a comment withdrawn,
 * and the query of an entry's earlier wordings. Shared by the comments
 * feature and the student record; a note's correction is the notes
 * feature's (its schemas load with the notes). Every call finds out whether the platform offers corrections: an
 * unknown address marks the extension absent and answers null, and the
 * caller falls back to what the interface offers.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Comment } from '../../../contract/comments';
import type { CorrectCommentBody, EntryVersion, WithdrawnComment } from '../../../contract/corrections';
import { correctionEndpoints } from '../../../contract/endpoints/corrections';
import { call } from './client';
import { withExtension } from './extensions';

/** Everything that shows a comment or a note (lists, a note, records, class counts) is stale after a change. */
export const shownEverywhere = [
  ['comments'],
  ['notes'],
  ['student-record'],
  ['class-activity'],
  ['corrections'],
  ['own-words'],
];

export const correctionQueries = {
  all: () => ['corrections'] as const,
  /**
   * The earlier wordings of an entry, newest first, read by `load` (a comment's or a note's versions);
   * null when the platform keeps none (no extension).
   */
  versions: (kind: 'comment' | 'note', id: string, load: (signal: AbortSignal) => Promise<EntryVersion[]>) =>
    queryOptions({
      queryKey: [...correctionQueries.all(), kind, id] as const,
      queryFn: ({ signal }): Promise<EntryVersion[] | null> =>
        withExtension(
          'corrections',
          () => load(signal),
          () => null,
        ),
    }),
  /** A comment's earlier wordings. */
  ofComment: (commentId: string) =>
    correctionQueries.versions('comment', commentId, (signal) =>
      call(correctionEndpoints.commentVersions, { query: { commentId }, signal }),
    ),
};

/** The query of one entry's earlier wordings. */
export type VersionsQuery = ReturnType<typeof correctionQueries.versions>;

/** Corrects a comment in place; null when the platform cannot (the comment is unchanged). */
export function useCorrectComment() {
  return useMutation({
    mutationFn: (body: CorrectCommentBody): Promise<Comment | null> =>
      withExtension(
        'corrections',
        () => call(correctionEndpoints.correctComment, { body }),
        () => null,
      ),
    meta: { invalidates: shownEverywhere },
  });
}

/** Withdraws a comment; null when the platform cannot (the comment stands). */
export function useWithdrawComment() {
  return useMutation({
    mutationFn: (commentId: string): Promise<WithdrawnComment | null> =>
      withExtension(
        'corrections',
        () => call(correctionEndpoints.withdrawComment, { body: { commentId } }),
        () => null,
      ),
    meta: { invalidates: shownEverywhere },
  });
}

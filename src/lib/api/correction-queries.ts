/**
 * Corrections that keep the record's history (extension, contract/corrections.ts):
 * a comment or a note corrected in place, its earlier wordings, a comment
 * withdrawn. Shared by the comments and notes features and the student
 * record. Every call finds out whether the platform offers corrections: an
 * unknown address marks the extension absent and answers null, and the
 * caller falls back to what the interface offers.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Comment } from '../../../contract/comments';
import type { CorrectCommentBody, CorrectNoteBody, WithdrawnComment } from '../../../contract/corrections';
import { correctionEndpoints } from '../../../contract/endpoints/corrections';
import type { Note } from '../../../contract/notes';
import { call } from './client';
import { withExtension } from './extensions';

export type EntryKind = 'comment' | 'note';

/** Everything that shows a comment or a note (lists, a note, records, class counts) is stale after a change. */
const shownEverywhere = [['comments'], ['notes'], ['student-record'], ['class-activity'], ['corrections']];

export const correctionQueries = {
  all: () => ['corrections'] as const,
  /** The earlier wordings of an entry, newest first; null when the platform keeps none (no extension). */
  versions: (kind: EntryKind, id: string) =>
    queryOptions({
      queryKey: [...correctionQueries.all(), kind, id] as const,
      queryFn: ({ signal }) =>
        withExtension(
          'corrections',
          () =>
            kind === 'comment'
              ? call(correctionEndpoints.commentVersions, { query: { commentId: id }, signal })
              : call(correctionEndpoints.noteVersions, { query: { noteId: id }, signal }),
          () => null,
        ),
    }),
};

/** Corrects a note in place; null when the platform cannot (the note is unchanged). */
export function useCorrectNote() {
  return useMutation({
    mutationFn: (body: CorrectNoteBody): Promise<Note | null> =>
      withExtension(
        'corrections',
        () => call(correctionEndpoints.correctNote, { body }),
        () => null,
      ),
    meta: { invalidates: shownEverywhere },
  });
}

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

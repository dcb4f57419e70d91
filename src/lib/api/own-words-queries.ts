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
import type { Comment } from '../../../contract/comments';
import { commentEndpoints } from '../../../contract/endpoints/comments';
import { noteEndpoints } from '../../../contract/endpoints/notes';
import type { Note } from '../../../contract/notes';
import type { WrittenEntry } from '../text/suggestions';
import { isApiError } from './api-error';
import { callAnswer } from './client';
import { readListPage, wholeList } from './paging';

export function ownEntries(userId: string, comments: readonly Comment[], notes: readonly Note[]): WrittenEntry[] {
  const own: WrittenEntry[] = [];
  for (const comment of comments) {
    if (comment.author.userId !== userId) continue;
    own.push({
      text: comment.text,
      lessonId: comment.lesson || null,
      courseId: comment.course || null,
      writtenAt: comment.createdAt ?? null,
    });
  }
  for (const note of notes) {
    const mine = note.author ? note.author.userId === userId : note.studentId === null;
    if (!mine) continue;
    own.push({ text: note.text, lessonId: note.lessonId, courseId: note.courseId, writtenAt: note.createdAt ?? null });
  }
  return own;
}

export const ownWordsQueries = {
  /** Every mutation that adds, corrects or removes a comment or a note names this key in its meta. */
  all: () => ['own-words'] as const,
  of: (userId: string) =>
    queryOptions({
      queryKey: [...ownWordsQueries.all(), userId] as const,
      queryFn: async ({ signal }): Promise<WrittenEntry[]> => {
        const [comments, notes] = await Promise.all([
          wholeList<Comment>((cursor) =>
            readListPage(
              (paging) => callAnswer(commentEndpoints.listComments, { query: { ...paging }, signal }),
              cursor,
            ),
          ).catch((error: unknown) => {
            // Someone who may not read comments (no training scope) still has their notes.
            if (isApiError(error) && error.code === 'missing_scope') return [];
            throw error;
          }),
          wholeList<Note>((cursor) =>
            readListPage((paging) => callAnswer(noteEndpoints.listNotes, { query: { ...paging }, signal }), cursor),
          ),
        ]);
        return ownEntries(userId, comments, notes);
      },
      // Suggestions are a help: a list that cannot be read leaves the field as it was, without retrying for long.
      retry: 1,
    }),
};

/**
 * Reads the trainer's own words from the platform's lists (see
 * own-words-queries.ts). Loaded when first needed: the note list's schemas
 * live in the notes chunk, which the shared code of the forms must not
 * import statically (the notes chunk imports that shared code: a cycle
 * between the two breaks the built dashboard).
 */
import type { Comment } from '../../../contract/comments';
import { commentEndpoints } from '../../../contract/endpoints/comments';
import { noteEndpoints } from '../../../contract/endpoints/notes';
import type { Note } from '../../../contract/notes';
import type { WrittenEntry } from '../text/suggestions';
import { isApiError } from './api-error';
import { callAnswer } from './client';
import { readListPage, wholeList } from './paging';

function ownEntries(userId: string, comments: readonly Comment[], notes: readonly Note[]): WrittenEntry[] {
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

export async function readOwnWords(userId: string, signal: AbortSignal): Promise<WrittenEntry[]> {
  const [comments, notes] = await Promise.all([
    wholeList<Comment>((cursor) =>
      readListPage((paging) => callAnswer(commentEndpoints.listComments, { query: { ...paging }, signal }), cursor),
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
}

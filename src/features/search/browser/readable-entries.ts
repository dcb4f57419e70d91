/**
 * What the browser searches where the platform has no search: every comment
 * and note the person can read, from the platform's own lists (read whole,
 * following pages where they are paged), in memory only. Each is shaped as a
 * search result without its marks.
 */
import type { Comment } from '../../../../contract/comments';
import { commentEndpoints } from '../../../../contract/endpoints/comments';
import { noteEndpoints } from '../../../../contract/endpoints/notes';
import type { Note } from '../../../../contract/notes';
import type { Roster } from '../../../../contract/roster';
import { callAnswer } from '../../../lib/api/client';
import { readListPage, wholeList } from '../../../lib/api/paging';
import type { Found } from '../api/found';

export type Readable = Omit<Found, 'matches'>;

/** The enrollment a comment names: the platform's comment carries the person and the class, not the studentId. */
function enrollmentsOf(roster: Roster | null): Map<string, string> {
  const byPersonAndClass = new Map<string, string>();
  for (const c of roster?.classes ?? []) {
    for (const s of c.students) byPersonAndClass.set(`${s.userId}|${c.classId}`, s.studentId);
  }
  return byPersonAndClass;
}

export function readableOf(comments: readonly Comment[], notes: readonly Note[], roster: Roster | null): Readable[] {
  const enrollments = enrollmentsOf(roster);
  return [
    ...comments.map(
      (comment): Readable => ({
        kind: 'comment',
        id: comment.commentId,
        userId: comment.student.userId,
        student: comment.student,
        studentId: enrollments.get(`${comment.student.userId}|${comment.class}`) ?? null,
        classId: comment.class,
        courseId: comment.course || null,
        lessonId: comment.lesson || null,
        author: comment.author,
        createdAt: comment.createdAt ?? null,
        text: comment.text,
      }),
    ),
    ...notes.map(
      (note): Readable => ({
        kind: 'note',
        id: note.noteId,
        userId: note.userId,
        student: null,
        studentId: note.studentId,
        classId: note.classId,
        courseId: note.courseId,
        lessonId: note.lessonId,
        author: note.author ?? null,
        createdAt: note.createdAt ?? null,
        text: note.text,
      }),
    ),
  ];
}

/** Every comment and every note (of all three kinds) the lists let the person read. */
export async function readReadableEntries(roster: Roster | null, signal: AbortSignal): Promise<Readable[]> {
  const [comments, notes] = await Promise.all([
    wholeList<Comment>((cursor) =>
      readListPage((paging) => callAnswer(commentEndpoints.listComments, { query: { ...paging }, signal }), cursor),
    ),
    wholeList<Note>((cursor) =>
      readListPage((paging) => callAnswer(noteEndpoints.listNotes, { query: { ...paging }, signal }), cursor),
    ),
  ]);
  return readableOf(comments, notes, roster);
}

/**
 * The readable entries: one select of the comments and one of the notes a
 * viewer may read (under the one read rule), and how a row becomes what the
 * API answers. The comment and note lists and the student record narrow and
 * order these selects; none writes its own.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Comment } from '../../contract/comments.ts';
import type { Note } from '../../contract/notes.ts';
import type { UserSummary } from '../../contract/users.ts';
import type { Queryable } from '../data/database.ts';
import { entry, readableBy, readerWaysApart } from './read-rule.ts';

/**
 * Every comment `viewerId` may read, withdrawn ones included: where a
 * withdrawn comment still shows (the student's record's stub) and where its
 * author is told it is withdrawn. Lists and search read `readableComments`.
 */
export function readableCommentsWithWithdrawn(q: Queryable, viewerId: string) {
  return commentsWhere(q, readableBy(entry('c'), sql.val(viewerId)));
}

/** Every comment column a reader uses, of the comments `condition` holds for: only the read rule's conditions. */
function commentsWhere(q: Queryable, condition: RawBuilder<SqlBool>) {
  return q
    .selectFrom('comments as c')
    .innerJoin('students as st', 'st.student_id', 'c.student_id')
    .select([
      'c.seq',
      'c.comment_id',
      'c.course_id',
      'c.lesson_id',
      'c.class_id',
      'c.text',
      'st.user_id as student_user_id',
      'c.author_id',
      'c.created_at',
      'c.edited_at',
      'c.withdrawn_at',
    ])
    .where(condition);
}

/** The comments `viewerId` may read (a withdrawn one is no longer read), every column a reader of comments uses; narrow and order as needed. */
export function readableComments(q: Queryable, viewerId: string) {
  return readableCommentsWithWithdrawn(q, viewerId).where('c.withdrawn_at', 'is', null);
}
/**
 * The same comments as `readableComments`, as one select per way of being a
 * reader (read-rule.ts `readerWaysApart`): each comment is in exactly one, so
 * together they are `readableComments`, none twice.
 */
export function readableCommentsByWay(q: Queryable, viewerId: string) {
  return readerWaysApart(entry('c'), sql.val(viewerId)).map((condition) =>
    commentsWhere(q, condition).where('c.withdrawn_at', 'is', null),
  );
}
export type CommentRow = Awaited<ReturnType<ReturnType<typeof readableComments>['execute']>>[number];

/** The notes `viewerId` may read, every column a reader of notes uses; narrow and order as needed. */
export function readableNotes(q: Queryable, viewerId: string) {
  return notesWhere(q, readableBy(entry('n'), sql.val(viewerId)));
}

/** The same notes as `readableNotes`, one select per way of being a reader, as `readableCommentsByWay`. */
export function readableNotesByWay(q: Queryable, viewerId: string) {
  return readerWaysApart(entry('n'), sql.val(viewerId)).map((condition) => notesWhere(q, condition));
}

/** Every note column a reader uses, of the notes `condition` holds for: only the read rule's conditions. */
function notesWhere(q: Queryable, condition: RawBuilder<SqlBool>) {
  return q
    .selectFrom('notes as n')
    .select([
      'n.seq',
      'n.note_id',
      'n.author_id',
      'n.text',
      'n.class_id',
      'n.user_id',
      'n.student_id',
      'n.course_id',
      'n.lesson_id',
      'n.created_at',
      'n.edited_at',
    ])
    .where(condition);
}
export type NoteRow = Awaited<ReturnType<ReturnType<typeof readableNotes>['execute']>>[number];

/** The people an entry names, whose summaries `toComment` and `toNote` need (a note's person may be no one it names: only its writer). */
export const peopleOf = (row: Pick<CommentRow, 'student_user_id' | 'author_id'> | Pick<NoteRow, 'author_id'>) =>
  'student_user_id' in row ? [row.student_user_id, row.author_id] : [row.author_id];

/** A stored time (seconds since the epoch, on both engines) as the API answers it. */
export const writtenAt = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** A person of a stored entry: users are never deleted, so a missing one is a row the foreign keys would have refused. */
export function personIn(people: ReadonlyMap<string, UserSummary>, userId: string): UserSummary {
  const found = people.get(userId);
  if (!found) throw new Error(`user ${userId} of a stored entry does not exist`);
  return found;
}

/** `editedAt` of an entry, present only once it was corrected. */
const edited = (editedAt: number | null | undefined) =>
  editedAt === null || editedAt === undefined ? {} : { editedAt: writtenAt(Number(editedAt)) };

/** A comment as the API answers it, its people's summaries read beforehand (see `peopleOf`). */
export function toComment(
  row: Omit<CommentRow, 'seq' | 'edited_at' | 'withdrawn_at'> & { readonly edited_at?: number | null },
  people: ReadonlyMap<string, UserSummary>,
): Comment {
  return {
    commentId: row.comment_id,
    student: personIn(people, row.student_user_id),
    author: personIn(people, row.author_id),
    course: row.course_id,
    lesson: row.lesson_id ?? '',
    class: row.class_id,
    text: row.text,
    createdAt: writtenAt(row.created_at),
    ...edited(row.edited_at),
  };
}

/** A note as the API answers it, its writer's summary read beforehand (see `peopleOf`). */
export function toNote(
  row: Omit<NoteRow, 'seq' | 'edited_at'> & { readonly edited_at?: number | null },
  people: ReadonlyMap<string, UserSummary>,
): Note {
  return {
    noteId: row.note_id,
    text: row.text,
    classId: row.class_id,
    userId: row.user_id,
    studentId: row.student_id,
    courseId: row.course_id,
    lessonId: row.lesson_id,
    createdAt: writtenAt(row.created_at),
    ...edited(row.edited_at),
    author: personIn(people, row.author_id),
  };
}

/**
 * A person's whole record as one viewer may read it: the comments about them
 * (through any of their enrollments) and the notes about them, each read
 * under the one rule of audience/readers.repo. The only queries of the area.
 */
import { sql } from 'kysely';
import type { Comment } from '../../../contract/comments.ts';
import type { Note } from '../../../contract/notes.ts';
import type { UserSummary } from '../../../contract/users.ts';
import { entry, readableBy } from '../../access/read-rule.ts';
import type { Queryable } from '../../data/database.ts';
import { runPrepared } from '../../data/prepared.ts';
import { noteColumns } from '../notes/notes.repo.ts';
import { summariesOf } from '../profile/users.repo.ts';

export interface RecordCommentRow {
  readonly seq: number;
  readonly createdAt: number;
  readonly comment: Comment;
}

export interface RecordNoteRow {
  readonly seq: number;
  readonly createdAt: number;
  readonly note: Note;
  readonly author: UserSummary;
}

export function recordsRepo(q: Queryable) {
  return {
    /** The person's summary, or undefined for an unknown userId. */
    async person(userId: string): Promise<UserSummary | undefined> {
      return (await summariesOf(q, [userId])).get(userId);
    },
    /** Whether the viewer trains a class the person is enrolled in. */
    async trains(viewerId: string, userId: string): Promise<boolean> {
      const row = await q
        .selectFrom('students as s')
        .innerJoin('class_trainers as t', 't.class_id', 's.class_id')
        .select('s.user_id')
        .where('s.user_id', '=', userId)
        .where('t.user_id', '=', viewerId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** What the viewer may read about the person, each list newest first. */
    async entries(viewerId: string, userId: string): Promise<{ comments: RecordCommentRow[]; notes: RecordNoteRow[] }> {
      const params = { userId, viewerId };
      const [comments, notes] = await Promise.all([
        runPrepared(q, 'record:comments', params, (p) =>
          q
            .selectFrom('comments as c')
            .innerJoin('students as st', 'st.student_id', 'c.student_id')
            .select([
              'c.seq',
              'c.comment_id',
              'c.course_id',
              'c.lesson_id',
              'c.class_id',
              'c.text',
              'c.author_id',
              'c.created_at',
            ])
            .where('st.user_id', '=', p.userId)
            .where(readableBy(entry('c'), sql.val(p.viewerId)))
            .orderBy('c.created_at', 'desc')
            .orderBy('c.seq', 'desc'),
        ),
        runPrepared(q, 'record:notes', params, (p) =>
          q
            .selectFrom('notes as n')
            .select([...noteColumns, 'n.created_at'])
            .where('n.user_id', '=', p.userId)
            .where(readableBy(entry('n'), sql.val(p.viewerId)))
            .orderBy('n.created_at', 'desc')
            .orderBy('n.seq', 'desc'),
        ),
      ]);
      // The same few people (the student, a trainer or two) recur on every row: each is read once.
      const people = await summariesOf(q, [
        userId,
        ...comments.map((row) => row.author_id),
        ...notes.map((row) => row.author_id),
      ]);
      const summary = (id: string): UserSummary => {
        const found = people.get(id);
        if (!found) throw new Error(`user ${id} of a stored entry does not exist`);
        return found;
      };
      return {
        comments: comments.map((row) => ({
          seq: Number(row.seq),
          createdAt: Number(row.created_at),
          comment: {
            commentId: row.comment_id,
            student: summary(userId),
            author: summary(row.author_id),
            course: row.course_id,
            lesson: row.lesson_id ?? '',
            class: row.class_id,
            text: row.text,
          },
        })),
        notes: notes.map((row) => ({
          seq: Number(row.seq),
          createdAt: Number(row.created_at),
          note: {
            noteId: row.note_id,
            text: row.text,
            classId: row.class_id,
            userId: row.user_id,
            studentId: row.student_id,
            courseId: row.course_id,
            lessonId: row.lesson_id,
          },
          author: summary(row.author_id),
        })),
      };
    },
  };
}
export type RecordsRepo = ReturnType<typeof recordsRepo>;

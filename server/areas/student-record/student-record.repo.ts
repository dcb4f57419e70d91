/**
 * A person's whole record as one viewer may read it: the comments about them
 * (through any of their enrollments) and the notes about them, narrowed from
 * the readable entries of access/entries.ts. The only queries of the area.
 */
import type { Comment } from '../../../contract/comments.ts';
import type { Note } from '../../../contract/notes.ts';
import type { UserSummary } from '../../../contract/users.ts';
import { peopleOf, personIn, readableComments, readableNotes, toComment, toNote } from '../../access/entries.ts';
import { summariesOf } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';
import { runPrepared } from '../../data/prepared.ts';

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
          readableComments(q, p.viewerId)
            .where('st.user_id', '=', p.userId)
            .orderBy('c.created_at', 'desc')
            .orderBy('c.seq', 'desc'),
        ),
        runPrepared(q, 'record:notes', params, (p) =>
          readableNotes(q, p.viewerId)
            .where('n.user_id', '=', p.userId)
            .orderBy('n.created_at', 'desc')
            .orderBy('n.seq', 'desc'),
        ),
      ]);
      // The same few people (the student, a trainer or two) recur on every row: each is read once.
      const people = await summariesOf(q, [userId, ...comments.flatMap(peopleOf), ...notes.flatMap(peopleOf)]);
      return {
        comments: comments.map((row) => ({
          seq: Number(row.seq),
          createdAt: Number(row.created_at),
          comment: toComment(row, people),
        })),
        notes: notes.map((row) => ({
          seq: Number(row.seq),
          createdAt: Number(row.created_at),
          note: toNote(row, people),
          author: personIn(people, row.author_id),
        })),
      };
    },
  };
}
export type RecordsRepo = ReturnType<typeof recordsRepo>;

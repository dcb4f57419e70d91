/**
 * A person's whole record as one viewer may read it: the comments about them
 * (through any of their enrollments) and the notes about them, narrowed from
 * the readable entries of access/entries.ts. The only queries of the area.
 */
import type { Comment } from '../../../contract/comments.ts';
import type { Note } from '../../../contract/notes.ts';
import type { ClassStudent } from '../../../contract/roster.ts';
import type { RecordSharedClass } from '../../../contract/student-record.ts';
import type { UserSummary } from '../../../contract/users.ts';
import {
  peopleOf,
  personIn,
  readableComments,
  readableCommentsWithWithdrawn,
  readableNotes,
  toComment,
  toNote,
} from '../../access/entries.ts';
import { summariesOf, workFacts } from '../../access/people.ts';
import { readersRepo } from '../../access/read-rule.ts';
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

/** A comment its author withdrew: where it was and who wrote it, never its text. */
export interface RecordWithdrawnRow {
  readonly seq: number;
  readonly createdAt: number;
  readonly withdrawnAt: number;
  readonly commentId: string;
  readonly author: UserSummary;
  readonly classId: string;
  readonly courseId: string;
  readonly lessonId: string | null;
}

export interface RecordRows {
  readonly comments: RecordCommentRow[];
  readonly notes: RecordNoteRow[];
  readonly withdrawn: RecordWithdrawnRow[];
}

export function recordsRepo(q: Queryable) {
  const readers = readersRepo(q);
  return {
    /** The person's summary, or undefined for an unknown userId. */
    async person(userId: string): Promise<UserSummary | undefined> {
      return (await summariesOf(q, [userId])).get(userId);
    },
    /**
     * The person's work facts, as the student list of a class they are in shows them to its trainers: only
     * for a viewer who trains such a class (`shares`), like that list.
     */
    async facts(userId: string, shares: boolean): Promise<Partial<ClassStudent>> {
      if (!shares) return {};
      const row = await runPrepared(q, 'record:facts', { userId }, (p) =>
        q
          .selectFrom('users')
          .select(['display_rank', 'military_grade', 'civilian_grade', 'display_duty_title', 'afsc'])
          .where('user_id', '=', p.userId),
      );
      return row[0] ? workFacts(row[0]) : {};
    },
    /**
     * The classes the viewer trains in which the person is enrolled, by name, each with its trainers as the
     * audience of an entry written there names them (the one read rule). None: the viewer trains none of theirs.
     */
    async sharedClasses(viewerId: string, userId: string): Promise<RecordSharedClass[]> {
      const classes = await runPrepared(q, 'record:shared-classes', { userId, viewerId }, (p) =>
        q
          .selectFrom('students as s')
          .innerJoin('class_trainers as t', 't.class_id', 's.class_id')
          .innerJoin('classes as c', 'c.class_id', 's.class_id')
          .innerJoin('courses as co', 'co.course_id', 'c.course_id')
          .select(['c.class_id', 'c.name as class_name', 'co.course_id', 'co.name as course_name', 's.student_id'])
          .where('s.user_id', '=', p.userId)
          .where('t.user_id', '=', p.viewerId)
          .orderBy('c.name')
          .orderBy('c.class_id'),
      );
      return Promise.all(
        classes.map(async (row) => ({
          classId: row.class_id,
          className: row.class_name,
          courseId: row.course_id,
          courseName: row.course_name,
          studentId: row.student_id,
          trainers: (await readers.of(viewerId, row.class_id)).classTrainers?.trainers ?? [],
        })),
      );
    },
    /** What the viewer may read about the person, each list newest first. */
    async entries(viewerId: string, userId: string): Promise<RecordRows> {
      const params = { userId, viewerId };
      const [comments, notes, withdrawn] = await Promise.all([
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
        // Withdrawn comments, under the same read rule as the comments they were.
        runPrepared(q, 'record:withdrawn', params, (p) =>
          readableCommentsWithWithdrawn(q, p.viewerId)
            .where('st.user_id', '=', p.userId)
            .where('c.withdrawn_at', 'is not', null)
            .orderBy('c.created_at', 'desc')
            .orderBy('c.seq', 'desc'),
        ),
      ]);
      // The same few people (the student, a trainer or two) recur on every row: each is read once.
      const people = await summariesOf(q, [
        userId,
        ...comments.flatMap(peopleOf),
        ...notes.flatMap(peopleOf),
        ...withdrawn.map((row) => row.author_id),
      ]);
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
        withdrawn: withdrawn.map((row) => ({
          seq: Number(row.seq),
          createdAt: Number(row.created_at),
          withdrawnAt: Number(row.withdrawn_at),
          commentId: row.comment_id,
          author: personIn(people, row.author_id),
          classId: row.class_id,
          courseId: row.course_id,
          lessonId: row.lesson_id,
        })),
      };
    },
  };
}
export type RecordsRepo = ReturnType<typeof recordsRepo>;

/**
 * A person's whole record as one viewer may read it: the comments about them
 * (through any of their enrollments) and the notes about them, each read
 * under the one rule of readers.repo. The only SQL of the area.
 */
import type { Comment } from '../../../contract/comments.ts';
import type { Note } from '../../../contract/notes.ts';
import type { UserSummary } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';
import { readableBy } from '../audience/readers.repo.ts';
import { toSummary, type UserRow } from '../profile/users.repo.ts';

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

interface CommentRow {
  seq: number;
  comment_id: string;
  course_id: string;
  lesson_id: string | null;
  class_id: string;
  text: string;
  author_id: string;
  created_at: number;
}

interface NoteRow {
  seq: number;
  note_id: string;
  author_id: string;
  text: string;
  class_id: string | null;
  user_id: string;
  student_id: string | null;
  course_id: string | null;
  lesson_id: string | null;
  created_at: number;
}

export function recordsRepo(db: Db) {
  const person = db.prepare<[string], UserRow>('SELECT * FROM users WHERE user_id = ?');
  const comments = db.prepare<{ userId: string; viewerId: string }, CommentRow>(
    `SELECT c.seq, c.comment_id, c.course_id, c.lesson_id, c.class_id, c.text, c.author_id, c.created_at
     FROM comments c JOIN students st ON st.student_id = c.student_id
     WHERE st.user_id = @userId AND ${readableBy('c')}
     ORDER BY c.created_at DESC, c.seq DESC`,
  );
  const notes = db.prepare<{ userId: string; viewerId: string }, NoteRow>(
    `SELECT n.seq, n.note_id, n.author_id, n.text, n.class_id, n.user_id, n.student_id, n.course_id, n.lesson_id,
            n.created_at
     FROM notes n
     WHERE n.user_id = @userId AND ${readableBy('n')}
     ORDER BY n.created_at DESC, n.seq DESC`,
  );
  const trains = db.prepare<{ userId: string; viewerId: string }, { one: number }>(
    `SELECT 1 AS one FROM students s JOIN class_trainers t ON t.class_id = s.class_id
     WHERE s.user_id = @userId AND t.user_id = @viewerId LIMIT 1`,
  );

  return {
    /** The person's summary, or undefined for an unknown userId. */
    person(userId: string): UserSummary | undefined {
      const row = person.get(userId);
      return row ? toSummary(row) : undefined;
    },
    /** Whether the viewer trains a class the person is enrolled in. */
    trains(viewerId: string, userId: string): boolean {
      return trains.get({ userId, viewerId }) !== undefined;
    },
    /** What the viewer may read about the person, each list newest first. */
    entries(viewerId: string, userId: string): { comments: RecordCommentRow[]; notes: RecordNoteRow[] } {
      // The same few people (the student, a trainer or two) recur on every row: read each once.
      const people = new Map<string, UserSummary>();
      const summary = (id: string): UserSummary => {
        let found = people.get(id);
        if (!found) {
          const row = person.get(id);
          if (!row) throw new Error(`user ${id} of a stored entry does not exist`);
          found = toSummary(row);
          people.set(id, found);
        }
        return found;
      };
      const params = { userId, viewerId };
      return {
        comments: comments.all(params).map((row) => ({
          seq: row.seq,
          createdAt: row.created_at,
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
        notes: notes.all(params).map((row) => ({
          seq: row.seq,
          createdAt: row.created_at,
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

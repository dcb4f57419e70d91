/** Comments and the class facts that decide who may write them. The only SQL of the area. */
import type { Comment, CommentFilters } from '../../../contract/comments.ts';
import type { Db } from '../../db/database.ts';
import { readableBy } from '../audience/readers.repo.ts';

const summaryColumns = (alias: string, prefix: string) =>
  [
    'user_id',
    'handle',
    'first_name',
    'last_name',
    'user_type',
    'account_type',
    'country',
    'profile_pic',
    'cover_photo',
    'anonymous',
  ]
    .map((column) => `${alias}.${column} AS ${prefix}${column}`)
    .join(', ');

const selectComments = `SELECT c.comment_id, c.course_id, c.lesson_id, c.class_id, c.text,
  ${summaryColumns('su', 's_')}, ${summaryColumns('au', 'a_')}
  FROM comments c
  JOIN students st ON st.student_id = c.student_id
  JOIN users su ON su.user_id = st.user_id
  JOIN users au ON au.user_id = c.author_id`;

type Row = Record<string, string | number | null>;
interface ListRow {
  comment_id: string;
  course_id: string;
  lesson_id: string | null;
  class_id: string;
  text: string;
  student_user_id: string;
  author_id: string;
}

function summary(row: Row, prefix: string): Comment['student'] {
  const text = (column: string) => String(row[prefix + column] ?? '');
  const nullable = (column: string) => (row[prefix + column] === null ? null : text(column));
  return {
    handle: text('handle'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    userType: text('user_type'),
    accountType: text('account_type'),
    country: text('country'),
    profilePic: nullable('profile_pic'),
    coverPhoto: nullable('cover_photo'),
    userId: text('user_id'),
    anonymous: row[`${prefix}anonymous`] === 1,
  };
}

function toComment(row: Row): Comment {
  return {
    commentId: String(row.comment_id),
    student: summary(row, 's_'),
    author: summary(row, 'a_'),
    course: String(row.course_id),
    lesson: row.lesson_id === null ? '' : String(row.lesson_id),
    class: String(row.class_id),
    text: String(row.text),
  };
}

const filterColumns = {
  studentId: 'c.student_id',
  classId: 'c.class_id',
  courseId: 'c.course_id',
  lessonId: 'c.lesson_id',
} as const;
type FilterKey = keyof typeof filterColumns;

export function commentsRepo(db: Db) {
  const listStatements = new Map<string, ReturnType<Db['prepare']>>();
  const byId = db.prepare<[string], Row>(`${selectComments} WHERE c.comment_id = ?`);
  const userById = db.prepare<[string], Row>(`SELECT ${summaryColumns('u', 'u_')} FROM users u WHERE u.user_id = ?`);
  const insert = db.prepare(
    `INSERT INTO comments (comment_id, student_id, author_id, class_id, course_id, lesson_id, text, created_at)
     VALUES (@commentId, @studentId, @authorId, @classId, @courseId, @lessonId, @text, @createdAt)`,
  );
  const student = db.prepare<[string], { student_id: string; user_id: string; class_id: string }>(
    'SELECT student_id, user_id, class_id FROM students WHERE student_id = ?',
  );
  const klass = db.prepare<[string], { class_id: string; course_id: string }>(
    'SELECT class_id, course_id FROM classes WHERE class_id = ?',
  );
  const lesson = db.prepare<[string], { lesson_id: string; course_id: string }>(
    'SELECT lesson_id, course_id FROM lessons WHERE lesson_id = ?',
  );
  const teaches = db.prepare<[string, string], { one: number }>(
    'SELECT 1 AS one FROM class_trainers WHERE class_id = ? AND user_id = ?',
  );

  return {
    /** Comments the viewer may read (see readers.repo: their own, and those of classes they train), newest first. */
    list(viewerId: string, filters: CommentFilters): Comment[] {
      const keys = (Object.keys(filterColumns) as FilterKey[]).filter((key) => filters[key] !== undefined);
      const cacheKey = keys.join(',');
      let statement = listStatements.get(cacheKey);
      if (!statement) {
        const where = keys.map((key) => `AND ${filterColumns[key]} = @${key}`).join(' ');
        // The comment's own columns only: the student's and author's summaries repeat on
        // many rows, so each is read once per call below (reading them per row cost 5x).
        statement = db.prepare(
          `SELECT c.comment_id, c.course_id, c.lesson_id, c.class_id, c.text, st.user_id AS student_user_id, c.author_id
           FROM comments c JOIN students st ON st.student_id = c.student_id
           WHERE ${readableBy('c')}
           ${where} ORDER BY c.seq DESC`,
        );
        listStatements.set(cacheKey, statement);
      }
      const params: Record<string, string> = { viewerId };
      for (const key of keys) params[key] = filters[key] as string;
      const people = new Map<string, Comment['student']>();
      const person = (userId: string): Comment['student'] => {
        let found = people.get(userId);
        if (!found) {
          found = summary(userById.get(userId) ?? { u_user_id: userId }, 'u_');
          people.set(userId, found);
        }
        return found;
      };
      return (statement.all(params) as ListRow[]).map((row) => ({
        commentId: row.comment_id,
        student: person(row.student_user_id),
        author: person(row.author_id),
        course: row.course_id,
        lesson: row.lesson_id ?? '',
        class: row.class_id,
        text: row.text,
      }));
    },
    find(commentId: string): Comment | undefined {
      const row = byId.get(commentId);
      return row ? toComment(row) : undefined;
    },
    insert(comment: {
      commentId: string;
      studentId: string;
      authorId: string;
      classId: string;
      courseId: string;
      lessonId: string | null;
      text: string;
      createdAt: number;
    }): void {
      insert.run(comment);
    },
    student: (studentId: string) => student.get(studentId),
    class: (classId: string) => klass.get(classId),
    lesson: (lessonId: string) => lesson.get(lessonId),
    teaches: (classId: string, userId: string) => teaches.get(classId, userId) !== undefined,
  };
}
export type CommentsRepo = ReturnType<typeof commentsRepo>;

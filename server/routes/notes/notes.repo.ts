/** Notes and the facts their automatic metadata is derived from. The only SQL of the area. */
import type { Note, NoteCategory } from '../../../contract/notes.ts';
import type { Db } from '../../db/database.ts';
import { readableBy } from '../audience/readers.repo.ts';

interface NoteRow {
  note_id: string;
  author_id: string;
  text: string;
  class_id: string | null;
  user_id: string;
  student_id: string | null;
  course_id: string | null;
  lesson_id: string | null;
}

export interface StoredNote extends Note {
  readonly authorId: string;
}

const toNote = (row: NoteRow): StoredNote => ({
  noteId: row.note_id,
  text: row.text,
  classId: row.class_id,
  userId: row.user_id,
  studentId: row.student_id,
  courseId: row.course_id,
  lessonId: row.lesson_id,
  authorId: row.author_id,
});

export interface NoteListFilters {
  category?: NoteCategory[];
  studentId?: string;
  userId?: string;
  classId?: string;
  courseId?: string;
  lessonId?: string;
}

const filterColumns = {
  studentId: 'n.student_id',
  userId: 'n.user_id',
  classId: 'n.class_id',
  courseId: 'n.course_id',
  lessonId: 'n.lesson_id',
} as const;
type FilterKey = keyof typeof filterColumns;

/** Readable by its author, and by the trainers of its class (the one rule, in readers.repo). */
const visibleTo = readableBy('n');
const columns = 'n.note_id, n.author_id, n.text, n.class_id, n.user_id, n.student_id, n.course_id, n.lesson_id';

export function notesRepo(db: Db) {
  const listStatements = new Map<string, ReturnType<Db['prepare']>>();
  const visible = db.prepare<{ noteId: string; viewerId: string }, NoteRow>(
    `SELECT ${columns} FROM notes n WHERE n.note_id = @noteId AND ${visibleTo}`,
  );
  const insert = db.prepare(
    `INSERT INTO notes (note_id, author_id, text, user_id, class_id, student_id, course_id, lesson_id, category, created_at)
     VALUES (@noteId, @authorId, @text, @userId, @classId, @studentId, @courseId, @lessonId, @category, @createdAt)`,
  );
  const remove = db.prepare<[string]>('DELETE FROM notes WHERE note_id = ?');
  const student = db.prepare<[string], { user_id: string; class_id: string; course_id: string }>(
    'SELECT s.user_id, s.class_id, c.course_id FROM students s JOIN classes c ON c.class_id = s.class_id WHERE s.student_id = ?',
  );
  const klass = db.prepare<[string], { course_id: string }>('SELECT course_id FROM classes WHERE class_id = ?');
  const lesson = db.prepare<[string], { course_id: string }>('SELECT course_id FROM lessons WHERE lesson_id = ?');
  const course = db.prepare<[string], { course_id: string }>('SELECT course_id FROM courses WHERE course_id = ?');
  const user = db.prepare<[string], { user_id: string }>('SELECT user_id FROM users WHERE user_id = ?');
  const teaches = db.prepare<[string, string], { one: number }>(
    'SELECT 1 AS one FROM class_trainers WHERE class_id = ? AND user_id = ?',
  );
  const trainsUser = db.prepare<[string, string], { one: number }>(
    `SELECT 1 AS one FROM students s JOIN class_trainers t ON t.class_id = s.class_id
     WHERE t.user_id = ? AND s.user_id = ? LIMIT 1`,
  );

  return {
    list(viewerId: string, filters: NoteListFilters): StoredNote[] {
      const keys = (Object.keys(filterColumns) as FilterKey[]).filter((key) => filters[key] !== undefined);
      const categories = [...new Set(filters.category ?? [])].sort();
      const cacheKey = `${keys.join(',')}|${categories.length}`;
      let statement = listStatements.get(cacheKey);
      if (!statement) {
        const where = keys.map((key) => `AND ${filterColumns[key]} = @${key}`);
        if (categories.length > 0) {
          where.push(`AND n.category IN (${categories.map((_, i) => `@category${i}`).join(', ')})`);
        }
        statement = db.prepare(
          `SELECT ${columns} FROM notes n WHERE ${visibleTo} ${where.join(' ')} ORDER BY n.seq DESC`,
        );
        listStatements.set(cacheKey, statement);
      }
      const params: Record<string, string> = { viewerId };
      for (const key of keys) params[key] = filters[key] as string;
      categories.forEach((category, i) => {
        params[`category${i}`] = category;
      });
      return (statement.all(params) as NoteRow[]).map(toNote);
    },
    findVisible(noteId: string, viewerId: string): StoredNote | undefined {
      const row = visible.get({ noteId, viewerId });
      return row ? toNote(row) : undefined;
    },
    insert(note: StoredNote & { category: NoteCategory; createdAt: number }): void {
      insert.run({
        noteId: note.noteId,
        authorId: note.authorId,
        text: note.text,
        userId: note.userId,
        classId: note.classId,
        studentId: note.studentId,
        courseId: note.courseId,
        lessonId: note.lessonId,
        category: note.category,
        createdAt: note.createdAt,
      });
    },
    remove(noteId: string): boolean {
      return remove.run(noteId).changes === 1;
    },
    student: (studentId: string) => student.get(studentId),
    classCourse: (classId: string) => klass.get(classId)?.course_id,
    lessonCourse: (lessonId: string) => lesson.get(lessonId)?.course_id,
    courseExists: (courseId: string) => course.get(courseId) !== undefined,
    userExists: (userId: string) => user.get(userId) !== undefined,
    teaches: (classId: string, userId: string) => teaches.get(classId, userId) !== undefined,
    /** Whether `trainerId` trains a class `userId` is enrolled in. */
    trainsUser: (trainerId: string, userId: string) => trainsUser.get(trainerId, userId) !== undefined,
  };
}
export type NotesRepo = ReturnType<typeof notesRepo>;

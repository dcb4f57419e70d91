/** The roster extension: a trainer's classes, each with its lessons and students. */
import type { Roster } from '../../../contract/roster.ts';
import type { Db } from '../../db/database.ts';

export function rosterRepo(db: Db) {
  const classes = db.prepare<
    [string],
    { class_id: string; class_name: string; course_id: string; course_name: string }
  >(
    `SELECT c.class_id, c.name AS class_name, c.course_id, co.name AS course_name
     FROM class_trainers t JOIN classes c ON c.class_id = t.class_id JOIN courses co ON co.course_id = c.course_id
     WHERE t.user_id = ? ORDER BY c.name, c.class_id`,
  );
  const lessons = db.prepare<[string], { lesson_id: string; name: string }>(
    'SELECT lesson_id, name FROM lessons WHERE course_id = ? ORDER BY position, lesson_id',
  );
  const students = db.prepare<
    [string],
    { student_id: string; user_id: string; handle: string; first_name: string; last_name: string }
  >(
    `SELECT s.student_id, u.user_id, u.handle, u.first_name, u.last_name
     FROM students s JOIN users u ON u.user_id = s.user_id WHERE s.class_id = ? ORDER BY u.last_name, u.first_name, s.student_id`,
  );

  return {
    of(trainerId: string): Roster {
      return {
        classes: classes.all(trainerId).map((row) => ({
          classId: row.class_id,
          className: row.class_name,
          courseId: row.course_id,
          courseName: row.course_name,
          lessons: lessons.all(row.course_id).map((l) => ({ lessonId: l.lesson_id, name: l.name })),
          students: students.all(row.class_id).map((s) => ({
            studentId: s.student_id,
            userId: s.user_id,
            handle: s.handle,
            firstName: s.first_name,
            lastName: s.last_name,
          })),
        })),
      };
    },
  };
}

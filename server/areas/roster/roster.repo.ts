/** The roster extension: a trainer's classes, each with its lessons and students. */
import type { Roster } from '../../../contract/roster.ts';
import type { Queryable } from '../../data/database.ts';

export function rosterRepo(q: Queryable) {
  return {
    async of(trainerId: string): Promise<Roster> {
      const classes = await q
        .selectFrom('class_trainers as t')
        .innerJoin('classes as c', 'c.class_id', 't.class_id')
        .innerJoin('courses as co', 'co.course_id', 'c.course_id')
        .select(['c.class_id', 'c.name as class_name', 'c.course_id', 'co.name as course_name'])
        .where('t.user_id', '=', trainerId)
        .orderBy('c.name')
        .orderBy('c.class_id')
        .execute();
      if (classes.length === 0) return { classes: [] };
      const courseIds = [...new Set(classes.map((c) => c.course_id))];
      const classIds = classes.map((c) => c.class_id);
      const [lessons, students] = await Promise.all([
        q
          .selectFrom('lessons')
          .select(['course_id', 'lesson_id', 'name'])
          .where('course_id', 'in', courseIds)
          .orderBy('position')
          .orderBy('lesson_id')
          .execute(),
        q
          .selectFrom('students as s')
          .innerJoin('users as u', 'u.user_id', 's.user_id')
          .select(['s.class_id', 's.student_id', 'u.user_id', 'u.handle', 'u.first_name', 'u.last_name'])
          .where('s.class_id', 'in', classIds)
          .orderBy('u.last_name')
          .orderBy('u.first_name')
          .orderBy('s.student_id')
          .execute(),
      ]);
      return {
        classes: classes.map((row) => ({
          classId: row.class_id,
          className: row.class_name,
          courseId: row.course_id,
          courseName: row.course_name,
          lessons: lessons
            .filter((l) => l.course_id === row.course_id)
            .map((l) => ({ lessonId: l.lesson_id, name: l.name })),
          students: students
            .filter((s) => s.class_id === row.class_id)
            .map((s) => ({
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

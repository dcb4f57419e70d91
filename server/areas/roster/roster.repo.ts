/**
 * The roster's queries: the platform's lists (a caller's classes, a class's
 * students, the courses and lessons of those classes, a page at a time) and
 * the extension's whole roster of a trainer. Every read is bounded by what
 * the caller trains: a course or lesson is theirs through a class of its
 * course they train.
 */
import type { ExpressionBuilder } from 'kysely';
import type { ClassStudent, TrainerRoster } from '../../../contract/roster.ts';
import { summariesOf, workFacts } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';
import type { Schema } from '../../data/schema.ts';

/** Rows `offset` on, at most `limit` of them. */
export interface Window {
  readonly offset: number;
  readonly limit: number;
}

/** A page of rows and how many the whole list has. */
export interface Counted<T> {
  readonly rows: T[];
  readonly total: number;
}

/** Whether `me` trains a class of the course `co`. */
function trainsCourse(w: ExpressionBuilder<Schema & { co: Schema['courses'] }, 'co'>, me: string) {
  return w.exists(
    w
      .selectFrom('classes as c')
      .innerJoin('class_trainers as t', 't.class_id', 'c.class_id')
      .select('c.class_id')
      .whereRef('c.course_id', '=', 'co.course_id')
      .where('t.user_id', '=', me),
  );
}

const total = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

export function rosterRepo(q: Queryable) {
  return {
    /** The classes `me` trains, by name, each with its course and `me`'s own enrollment in it, if any. */
    async classesOf(me: string, window: Window) {
      const [rows, count] = await Promise.all([
        q
          .selectFrom('class_trainers as t')
          .innerJoin('classes as c', 'c.class_id', 't.class_id')
          .innerJoin('courses as co', 'co.course_id', 'c.course_id')
          .leftJoin('students as s', (join) => join.onRef('s.class_id', '=', 'c.class_id').on('s.user_id', '=', me))
          .select(['c.class_id', 'c.name', 'co.course_id', 'co.name as course_name', 's.student_id'])
          .where('t.user_id', '=', me)
          .orderBy('c.name')
          .orderBy('c.class_id')
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        q
          .selectFrom('class_trainers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', me)
          .executeTakeFirst(),
      ]);
      return { rows, total: total(count) };
    },

    async trains(me: string, classId: string): Promise<boolean> {
      const row = await q
        .selectFrom('class_trainers')
        .select('class_id')
        .where('class_id', '=', classId)
        .where('user_id', '=', me)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The students of a class, by name: each one's summary and enrollment. */
    async studentsOf(classId: string, window: Window) {
      const [rows, count] = await Promise.all([
        q
          .selectFrom('students as s')
          .innerJoin('users as u', 'u.user_id', 's.user_id')
          .select([
            's.student_id',
            's.user_id',
            'u.display_rank',
            'u.military_grade',
            'u.civilian_grade',
            'u.display_duty_title',
            'u.afsc',
          ])
          .where('s.class_id', '=', classId)
          .orderBy('u.last_name')
          .orderBy('u.first_name')
          .orderBy('s.student_id')
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        q
          .selectFrom('students')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('class_id', '=', classId)
          .executeTakeFirst(),
      ]);
      const summaries = await summariesOf(
        q,
        rows.map((row) => row.user_id),
      );
      return {
        rows: rows.flatMap((row) => {
          const summary = summaries.get(row.user_id);
          return summary ? [{ ...summary, studentId: row.student_id, ...workFacts(row) }] : [];
        }),
        total: total(count),
      };
    },

    /** The courses of the classes `me` trains, by name. */
    async coursesOf(me: string, window: Window) {
      const visible = q.selectFrom('courses as co').where((w) => trainsCourse(w, me));
      const [rows, count] = await Promise.all([
        visible
          .select(['co.course_id', 'co.name'])
          .orderBy('co.name')
          .orderBy('co.course_id')
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        visible.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      return { rows, total: total(count) };
    },

    /** A course `me` trains a class of; undefined for any other, known or not. */
    course(me: string, courseId: string) {
      return q
        .selectFrom('courses as co')
        .select(['co.course_id', 'co.name'])
        .where('co.course_id', '=', courseId)
        .where((w) => trainsCourse(w, me))
        .executeTakeFirst();
    },

    /** The lessons of a course, in course order. */
    async lessonsOf(courseId: string, window: Window) {
      const [rows, count] = await Promise.all([
        q
          .selectFrom('lessons')
          .select(['lesson_id', 'course_id', 'name'])
          .where('course_id', '=', courseId)
          .orderBy('position')
          .orderBy('lesson_id')
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        q
          .selectFrom('lessons')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('course_id', '=', courseId)
          .executeTakeFirst(),
      ]);
      return { rows, total: total(count) };
    },

    /** A lesson of a course `me` trains a class of; undefined for any other, known or not. */
    lesson(me: string, lessonId: string) {
      return q
        .selectFrom('lessons as l')
        .innerJoin('courses as co', 'co.course_id', 'l.course_id')
        .select(['l.lesson_id', 'l.course_id', 'l.name'])
        .where('l.lesson_id', '=', lessonId)
        .where((w) => trainsCourse(w, me))
        .executeTakeFirst();
    },

    async of(trainerId: string): Promise<TrainerRoster> {
      const classes = await q
        .selectFrom('class_trainers as t')
        .innerJoin('classes as c', 'c.class_id', 't.class_id')
        .innerJoin('courses as co', 'co.course_id', 'c.course_id')
        .select(['c.class_id', 'c.name as class_name', 'c.course_id', 'co.name as course_name'])
        .where('t.user_id', '=', trainerId)
        .orderBy('c.name')
        .orderBy('c.class_id')
        .execute();
      if (classes.length === 0) return { classes: [], people: [] };
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
          .select([
            's.class_id',
            's.student_id',
            'u.user_id',
            'u.handle',
            'u.first_name',
            'u.last_name',
            'u.display_rank',
            'u.military_grade',
            'u.civilian_grade',
            'u.display_duty_title',
            'u.afsc',
          ])
          .where('s.class_id', 'in', classIds)
          .orderBy('u.last_name')
          .orderBy('u.first_name')
          .orderBy('s.student_id')
          .execute(),
      ]);
      // Each person once, as their class's student list gives them (studentsOf), without the enrollment.
      const summaries = await summariesOf(
        q,
        students.map((s) => s.user_id),
      );
      const people = new Map<string, ClassStudent>();
      for (const row of students) {
        const summary = summaries.get(row.user_id);
        if (summary && !people.has(row.user_id)) people.set(row.user_id, { ...summary, ...workFacts(row) });
      }
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
        people: [...people.values()],
      };
    },
  };
}

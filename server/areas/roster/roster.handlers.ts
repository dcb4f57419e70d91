/**
 * The roster the platform's SDKs read: lists answered as `{ docs }` with
 * mongoose-paginate's facts about the page, paged by `page` (from 1) and
 * `limit`. A caller sees the classes they train, those classes' students, and
 * their courses and lessons; any other class, course or lesson is answered
 * exactly as an unknown one (404), so ids cannot be probed.
 */
import { createHmac } from 'node:crypto';
import {
  type Class,
  type ClassStudent,
  type Course,
  type Lesson,
  type RosterPageQuery,
  rosterPaging,
} from '../../../contract/roster.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { serviceKey } from '../../data/service-keys.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { type Counted, rosterRepo, type Window } from './roster.repo.ts';

export interface DocsPage<T> {
  docs: T[];
  totalDocs: number;
  limit: number;
  page: number;
  totalPages: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  prevPage: number | null;
  nextPage: number | null;
}

/** The rows a page asks for. */
function windowOf(query: RosterPageQuery): Window & { page: number } {
  const page = query.page ?? 1;
  const limit = query.limit ?? rosterPaging.defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/** As mongoose-paginate tells it: an empty list still has one (empty) page. */
function docsPage<R, T>(window: Window & { page: number }, { rows, total }: Counted<R>, toDoc: (row: R) => T) {
  const totalPages = Math.max(1, Math.ceil(total / window.limit));
  const hasPrevPage = window.page > 1;
  const hasNextPage = window.page < totalPages;
  return {
    docs: rows.map(toDoc),
    totalDocs: total,
    limit: window.limit,
    page: window.page,
    totalPages,
    hasPrevPage,
    hasNextPage,
    prevPage: hasPrevPage ? window.page - 1 : null,
    nextPage: hasNextPage ? window.page + 1 : null,
  } satisfies DocsPage<T>;
}

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand is not misread. */
const CODE_LETTERS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A class's join code: eight letters derived from its id with a key of the
 * service, so every instance answers the same code, no two classes are
 * likely to share one, and nobody can work one out from a class id.
 */
function joinCodeOf(key: Uint8Array, classId: string): string {
  const digest = createHmac('sha256', key).update(`join-code:${classId}`).digest();
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_LETTERS[(digest[i] as number) % 32];
  return code;
}

const lessonOf = (row: { lesson_id: string; course_id: string; name: string }): Lesson => ({
  lessonId: row.lesson_id,
  courseId: row.course_id,
  name: row.name,
  // No lesson of the service has child lessons or a lock.
  childLessons: [],
  locked: false,
});

const courseOf = (row: { course_id: string; name: string }): Course => ({ courseId: row.course_id, name: row.name });

export function rosterHandlers(deps: Deps) {
  const reads = rosterRepo(deps.db.q);
  return {
    async classes(caller: UserCaller, query: RosterPageQuery): Promise<DocsPage<Class>> {
      const window = windowOf(query);
      const [key, found] = await Promise.all([
        serviceKey(deps.db.q, 'class-join-codes'),
        reads.classesOf(caller.userId, window),
      ]);
      return docsPage(window, found, (row) => ({
        groupId: row.class_id,
        name: row.name,
        joinCode: joinCodeOf(key, row.class_id),
        course: courseOf({ course_id: row.course_id, name: row.course_name }),
        ...(row.student_id === null ? {} : { studentId: row.student_id }),
      }));
    },

    async students(caller: UserCaller, query: RosterPageQuery & { classId: string }): Promise<DocsPage<ClassStudent>> {
      if (!(await reads.trains(caller.userId, query.classId))) throw notFound(`Class "${query.classId}"`);
      const window = windowOf(query);
      return docsPage(window, await reads.studentsOf(query.classId, window), (student) => student);
    },

    async courses(caller: UserCaller, query: RosterPageQuery): Promise<DocsPage<Course>> {
      const window = windowOf(query);
      return docsPage(window, await reads.coursesOf(caller.userId, window), courseOf);
    },

    async course(caller: UserCaller, courseId: string): Promise<Course> {
      const row = await reads.course(caller.userId, courseId);
      if (!row) throw notFound(`Course "${courseId}"`);
      return courseOf(row);
    },

    async lessons(caller: UserCaller, query: RosterPageQuery & { courseId: string }): Promise<DocsPage<Lesson>> {
      if (!(await reads.course(caller.userId, query.courseId))) throw notFound(`Course "${query.courseId}"`);
      const window = windowOf(query);
      return docsPage(window, await reads.lessonsOf(query.courseId, window), lessonOf);
    },

    async lesson(caller: UserCaller, lessonId: string): Promise<Lesson> {
      const row = await reads.lesson(caller.userId, lessonId);
      if (!row) throw notFound(`Lesson "${lessonId}"`);
      return lessonOf(row);
    },
  };
}

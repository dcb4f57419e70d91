/**
 * The signed-in person's roster: the classes they train, each class's students
 * and each course's lessons. From our service's roster extension
 * (`/edu/v1/trainer/roster`), in one answer; else from the platform's own
 * lists (`/edu/v1/class/list`, then `/edu/v1/student/list` of each class and
 * `/edu/v1/lesson/course` of each course), every list read to its last page:
 * 1 + 2 reads a class, the second step after the first, which held every page
 * that waits for the roster (the student record's header waited on it on a
 * phone). Shared by comments, notes and the student record. A platform
 * without these lists (an unknown address) resolves to null, and the pages
 * ask for typed ids.
 */
import { queryOptions } from '@tanstack/react-query';
import { rosterEndpoints } from '../../../contract/endpoints/roster';
import {
  type ClassStudent,
  type Roster,
  type RosterClass,
  rosterPaging,
  type TrainerRoster,
} from '../../../contract/roster';
import { isApiError } from './api-error';
import { call } from './client';
import { extensions, isUnknownAddress } from './extensions';

/**
 * The roster, each of its students' profiles by userId (a student record
 * names and pictures the person), and every class's students as its list
 * gave them (by classId), those without a `studentId` included: a page that
 * only shows people needs no enrollment id.
 */
export type PlatformRoster = Roster & {
  readonly people: ReadonlyMap<string, ClassStudent>;
  readonly members: ReadonlyMap<string, readonly ClassStudent[]>;
};

/** More pages than any roster has: a platform that never says "last page" is not followed for ever. */
const MOST_PAGES = 100;

interface DocsPage<T> {
  readonly docs: readonly T[];
  readonly hasNextPage?: boolean | undefined;
}

/** Every row of a `{ docs }` list, page by page, as many rows a page as the platform gives. */
export async function allDocs<T>(loadPage: (page: number, limit: number) => Promise<DocsPage<T>>): Promise<T[]> {
  const limit = rosterPaging.maxLimit;
  const rows: T[] = [];
  for (let page = 1; page <= MOST_PAGES; page++) {
    const answer = await loadPage(page, limit);
    rows.push(...answer.docs);
    // The page facts are an extension: without them, a short page is the last.
    const more = answer.hasNextPage ?? answer.docs.length >= limit;
    if (!more || answer.docs.length === 0) break;
  }
  return rows;
}

async function platformRoster(signal: AbortSignal): Promise<PlatformRoster> {
  const classes = await allDocs((page, limit) =>
    call(rosterEndpoints.listClasses, { query: { page: String(page), limit: String(limit) }, signal }),
  );
  const courseIds = [...new Set(classes.flatMap((c) => (c.course ? [c.course.courseId] : [])))];
  const [studentLists, lessonLists] = await Promise.all([
    Promise.all(
      classes.map((c) =>
        allDocs((page, limit) =>
          call(rosterEndpoints.listStudents, {
            query: { classId: c.groupId, page: String(page), limit: String(limit) },
            signal,
          }),
        ),
      ),
    ),
    Promise.all(
      courseIds.map((courseId) =>
        allDocs((page, limit) =>
          call(rosterEndpoints.listCourseLessons, {
            query: { courseId, page: String(page), limit: String(limit) },
            signal,
          }),
        ),
      ),
    ),
  ]);
  const lessonsOf = new Map(courseIds.map((courseId, i) => [courseId, lessonLists[i] ?? []]));
  const people = new Map<string, ClassStudent>();
  const rosterClasses = classes.map((c, i): RosterClass => {
    const students = (studentLists[i] ?? []).flatMap((s) => {
      people.set(s.userId, s);
      // Comments and notes name an enrollment; a student listed without one cannot be picked.
      return s.studentId === undefined
        ? []
        : [
            {
              studentId: s.studentId,
              userId: s.userId,
              handle: s.handle,
              firstName: s.firstName,
              lastName: s.lastName,
            },
          ];
    });
    return {
      classId: c.groupId,
      className: c.name,
      courseId: c.course?.courseId ?? '',
      courseName: c.course?.name ?? '',
      lessons: (c.course ? (lessonsOf.get(c.course.courseId) ?? []) : []).map((l) => ({
        lessonId: l.lessonId,
        name: l.name,
      })),
      students,
    };
  });
  const members = new Map(classes.map((c, i) => [c.groupId, studentLists[i] ?? []]));
  return { classes: rosterClasses, people, members };
}

/**
 * The roster extension's answer as the platform's lists give it: each class's students as its list names them,
 * and each person as the last list that names them does (with that enrollment), as `platformRoster` keeps them.
 */
function fromExtension({ classes, people }: TrainerRoster): PlatformRoster {
  const byUser = new Map(people.map((person) => [person.userId, person]));
  const listed = new Map<string, ClassStudent>();
  const members = new Map(
    classes.map((c) => [
      c.classId,
      c.students.flatMap((s) => {
        const person = byUser.get(s.userId);
        if (!person) return [];
        const student = { ...person, studentId: s.studentId };
        listed.set(s.userId, student);
        return [student];
      }),
    ]),
  );
  return { classes, people: listed, members };
}

/**
 * The extension's one answer where it is offered; the platform's lists where it is not (an unknown address)
 * or where this app may not use it (it needs the training scope; the lists need only the person's token).
 */
async function trainerRoster(signal: AbortSignal): Promise<PlatformRoster> {
  if (extensions.offered('roster') && extensions.offered('training-scope')) {
    try {
      return fromExtension(await call(rosterEndpoints.roster, { signal }));
    } catch (error) {
      if (isUnknownAddress(error)) extensions.markAbsent('roster');
      else if (isApiError(error) && error.code === 'missing_scope') extensions.markAbsent('training-scope');
      else throw error;
    }
  }
  return platformRoster(signal);
}

export const rosterQueries = {
  all: () => ['roster'] as const,
  mine: () =>
    queryOptions({
      queryKey: [...rosterQueries.all(), 'mine'] as const,
      queryFn: async ({ signal }): Promise<PlatformRoster | null> => {
        try {
          return await trainerRoster(signal);
        } catch (error) {
          if (isUnknownAddress(error)) return null;
          throw error;
        }
      },
      staleTime: 5 * 60_000,
    }),
};

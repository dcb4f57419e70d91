/**
 * The signed-in person's roster, from the platform's own lists: the classes
 * they train (`/edu/v1/class/list`), each class's students
 * (`/edu/v1/student/list`) and each course's lessons (`/edu/v1/lesson/course`),
 * every list read to its last page. Shared by comments, notes and the student
 * record. A platform without these lists (an unknown address) resolves to
 * null, and the pages ask for typed ids.
 */
import { queryOptions } from '@tanstack/react-query';
import { rosterEndpoints } from '../../../contract/endpoints/roster';
import { type ClassStudent, type Roster, type RosterClass, rosterPaging } from '../../../contract/roster';
import { call } from './client';
import { isUnknownAddress } from './extensions';

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

export const rosterQueries = {
  all: () => ['roster'] as const,
  mine: () =>
    queryOptions({
      queryKey: [...rosterQueries.all(), 'mine'] as const,
      queryFn: async ({ signal }): Promise<PlatformRoster | null> => {
        try {
          return await platformRoster(signal);
        } catch (error) {
          if (isUnknownAddress(error)) return null;
          throw error;
        }
      },
      staleTime: 5 * 60_000,
    }),
};

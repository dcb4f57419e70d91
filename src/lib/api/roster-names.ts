/**
 * Names, not ids: the name of a class, a lesson, a course or a person by id,
 * from the signed-in person's roster (the platform's own lists, see
 * roster-queries.ts). Every lookup answers `undefined` for an id the roster
 * does not name (not loaded yet, not one of the viewer's classes, or a
 * platform without the lists): the caller then says nothing, or shows what
 * it showed before, rather than an id.
 *
 *   const names = useRosterNames();
 *   names.className(comment.class)      // "Cyber 26A"
 *   names.personName(note.studentId)    // "Jordan Lee" (a studentId or a userId)
 *
 * Names are read from the query cache and never stored (the profile-data rule).
 */
import { useQuery } from '@tanstack/react-query';
import { type PlatformRoster, rosterQueries } from './roster-queries';

export interface RosterNames {
  /** A class's name by its classId (`groupId` in the platform's lists). */
  readonly className: (classId: string | null | undefined) => string | undefined;
  /** A lesson's name by its lessonId. */
  readonly lessonName: (lessonId: string | null | undefined) => string | undefined;
  /** A course's name by its courseId. */
  readonly courseName: (courseId: string | null | undefined) => string | undefined;
  /** A person's "First Last" by their userId, or by one of their enrollments (studentId). */
  readonly personName: (userIdOrStudentId: string | null | undefined) => string | undefined;
}

const fullName = (person: { readonly firstName: string; readonly lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** The lookups of one roster (null: no roster, every lookup undefined). Pure: a test builds one from a roster. */
export function namesFromRoster(roster: PlatformRoster | null | undefined): RosterNames {
  const classes = new Map<string, string>();
  const lessons = new Map<string, string>();
  const courses = new Map<string, string>();
  const people = new Map<string, string>();
  for (const c of roster?.classes ?? []) {
    classes.set(c.classId, c.className);
    if (c.courseId) courses.set(c.courseId, c.courseName);
    for (const lesson of c.lessons) lessons.set(lesson.lessonId, lesson.name);
    for (const student of c.students) people.set(student.studentId, fullName(student));
  }
  for (const [userId, person] of roster?.people ?? []) people.set(userId, fullName(person));
  const lookup = (names: ReadonlyMap<string, string>) => (id: string | null | undefined) =>
    id ? names.get(id) : undefined;
  return {
    className: lookup(classes),
    lessonName: lookup(lessons),
    courseName: lookup(courses),
    personName: lookup(people),
  };
}

const cache = new WeakMap<PlatformRoster, RosterNames>();
const none = namesFromRoster(null);

/** The lookups of the signed-in person's roster; the same object while the roster does not change. */
export function useRosterNames(): RosterNames {
  const { data } = useQuery(rosterQueries.mine());
  if (!data) return none;
  let names = cache.get(data);
  if (!names) {
    names = namesFromRoster(data);
    cache.set(data, names);
  }
  return names;
}

/** Test data shaped by the contract: a small roster, and a person as the platform's lists name one. */
import { type Roster, rosterSchema } from '../../contract/roster';
import type { UserSummary } from '../../contract/users';

/**
 * A person as the platform's lists name one (a comment's student and author, a class's student): an adult
 * in the US without pictures, "Sam Tester" with the handle `@userId` unless `fields` says otherwise. Fields
 * beyond the summary (our extension's, such as `displayRank`) go out with it as given; it is not parsed.
 */
export function userSummary(userId: string, fields: Partial<UserSummary> & Record<string, unknown> = {}): UserSummary {
  return {
    userId,
    handle: `@${userId}`,
    firstName: 'Sam',
    lastName: 'Tester',
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    profilePic: null,
    coverPhoto: null,
    anonymous: false,
    ...fields,
  };
}

/** A small roster for form tests: two classes of one course. Shaped by the contract, checked by it. */
export const roster: Roster = rosterSchema.parse({
  classes: [
    {
      classId: 'class-a',
      className: 'Alpha flight',
      courseId: 'course-1',
      courseName: 'Airfield operations',
      lessons: [
        { lessonId: 'lesson-1', name: 'Runway lighting' },
        { lessonId: 'lesson-2', name: 'Radio discipline' },
      ],
      students: [
        { studentId: 'student-1', userId: 'user-1', handle: '@ann', firstName: 'Ann', lastName: 'Archer' },
        { studentId: 'student-2', userId: 'user-2', handle: '@ben', firstName: 'Ben', lastName: 'Brook' },
      ],
    },
    {
      classId: 'class-b',
      className: 'Bravo flight',
      courseId: 'course-1',
      courseName: 'Airfield operations',
      lessons: [{ lessonId: 'lesson-3', name: 'Weather briefing' }],
      students: [{ studentId: 'student-3', userId: 'user-3', handle: '@cy', firstName: 'Cy', lastName: 'Cole' }],
    },
  ],
});

/** A JSON answer of the service, for the one component a unit test mocks HTTP for. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

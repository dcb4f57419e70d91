/** A small roster for form tests: two classes of one course. Shaped by the contract, checked by it. */
import { type Roster, rosterSchema } from '../../contract/roster';

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

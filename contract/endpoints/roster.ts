/**
 * The roster: the platform's lists of classes, students, courses and lessons
 * as its SDKs call them (paths and `page`/`limit` from DXSDK-Swift), and our
 * extension, the signed-in trainer's whole roster in one answer.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  classListQuerySchema,
  classListSchema,
  classStudentListSchema,
  courseListQuerySchema,
  courseListSchema,
  courseQuerySchema,
  courseSchema,
  lessonListSchema,
  lessonQuerySchema,
  lessonSchema,
  lessonsOfCourseQuerySchema,
  rosterSchema,
  studentListQuerySchema,
} from '../roster.ts';

const trainerSees =
  'A signed-in user sees the classes they train, those classes’ students, and their courses and lessons; anything else is answered 404, as an unknown id.';

export const rosterEndpoints = {
  roster: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/trainer/roster',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary: "The signed-in trainer's classes with their students and lessons",
    response: rosterSchema,
    extension: true,
    noStore: true,
  }),
  listClasses: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/class/list',
    base: 'platform',
    auth: 'user',
    tag: 'Roster',
    summary: 'The classes the signed-in user trains, a page at a time',
    access: trainerSees,
    query: classListQuerySchema,
    response: classListSchema,
  }),
  listStudents: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/student/list',
    base: 'platform',
    auth: 'user',
    tag: 'Roster',
    summary: 'The students of a class the signed-in user trains, a page at a time',
    access: trainerSees,
    query: studentListQuerySchema,
    response: classStudentListSchema,
    noStore: true,
  }),
  listCourseLessons: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/lesson/course',
    base: 'platform',
    auth: 'user',
    tag: 'Roster',
    summary: 'The lessons of a course, in course order, a page at a time',
    access: trainerSees,
    query: lessonsOfCourseQuerySchema,
    response: lessonListSchema,
  }),
  getLesson: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/lesson',
    base: 'platform',
    auth: 'user',
    tag: 'Roster',
    summary: 'One lesson by id',
    access: trainerSees,
    query: lessonQuerySchema,
    response: lessonSchema,
  }),
  getCourse: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/course',
    base: 'platform',
    auth: 'user',
    tag: 'Roster',
    summary: 'One course by id',
    access: trainerSees,
    query: courseQuerySchema,
    response: courseSchema,
  }),
  listCourses: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/course/list',
    base: 'platform',
    auth: 'user',
    tag: 'Roster',
    summary: 'The courses of the classes the signed-in user trains, a page at a time',
    access: trainerSees,
    query: courseListQuerySchema,
    response: courseListSchema,
  }),
} as const;

/**
 * The roster: the platform's classes, students, courses and lessons as its
 * SDKs read them (below), and our extension, the signed-in trainer's whole
 * roster in one answer, so a trainer picks a class, a student and a lesson
 * instead of typing ids.
 */
import { z } from 'zod/mini';
import { idSchema } from './common.ts';
import { userSummarySchema } from './users.ts';

/**
 * The roster the platform's SDKs read (DXSDK-Swift: DXClassClient,
 * DXStudentClient, DXLessonClient, DXCourseClient): classes, their students,
 * courses and lessons, in the shapes of its models (DXClass, DXProfile,
 * DXCourse, DXLesson). Lists are answered as `{ docs }` and paged with `page`
 * and `limit`, as the SDKs send them. Fields the models mark optional are
 * optional here, so a client parses the platform's own answers; the service
 * leaves out those it has no data for (see docs/interface-decisions.md).
 */
export const rosterPaging = { defaultLimit: 50, maxLimit: 1000, maxPage: 1_000_000 } as const;

/** A whole number from `min` to `max` in a query string. */
const wholeNumberParam = (min: number, max: number, description: string) => {
  const says = `must be a whole number from ${min} to ${max}`;
  return z
    .pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,9}$/, says)), z.transform(Number)),
      z.int().check(z.gte(min, says), z.lte(max, says)),
    )
    .check(z.meta({ description }));
};

export const rosterPageShape = {
  page: z.optional(
    wholeNumberParam(
      1,
      rosterPaging.maxPage,
      'The page to answer, counted from 1 (default 1). Past the last page, `docs` is empty.',
    ),
  ),
  limit: z.optional(
    wholeNumberParam(
      1,
      rosterPaging.maxLimit,
      `Rows a page (default ${rosterPaging.defaultLimit}, at most ${rosterPaging.maxLimit}).`,
    ),
  ),
};
export interface RosterPageQuery {
  readonly page?: number | undefined;
  readonly limit?: number | undefined;
}

/**
 * What the service tells about a page beside `docs`, as mongoose-paginate
 * (which the platform's `{ docs }` lists follow) names it. The SDK models
 * read only `docs`, so each is optional: a client parses a list without them.
 */
const pageFacts = {
  totalDocs: z.optional(z.int()),
  limit: z.optional(z.int()),
  page: z.optional(z.int()),
  totalPages: z.optional(z.int()),
  hasPrevPage: z.optional(z.boolean()),
  hasNextPage: z.optional(z.boolean()),
  prevPage: z.optional(z.nullable(z.int())),
  nextPage: z.optional(z.nullable(z.int())),
};
const docsOf = <T extends z.ZodMiniType>(element: T) =>
  z.object({ docs: z.array(element), ...pageFacts }).check(
    z.meta({
      description:
        'A page of the list: `docs`, and (extension, mongoose-paginate names) the total, the page, the page size and the neighbouring pages.',
    }),
  );

/** DXCourse. */
export const courseSchema = z.object({
  courseId: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  profilePic: z.optional(z.nullable(z.string())),
  coverPhoto: z.optional(z.nullable(z.string())),
});
export type Course = z.infer<typeof courseSchema>;

/** DXClass: `groupId` is the class id, the one comments and notes call `classId`. */
export const classSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  joinCode: z.string(),
  course: z.optional(courseSchema),
  studentId: z.optional(
    z.string().check(
      z.meta({
        description: 'The caller’s own enrollment (studentId) in the class; absent when not enrolled in it.',
      }),
    ),
  ),
});
export type Class = z.infer<typeof classSchema>;

/** An optional string the platform's DXProfile does not carry: ours, under the full profile's (2.2) name. */
const extensionText = (description: string) =>
  z.optional(z.string().check(z.meta({ description: `Extension: ${description}`, 'x-extension': true })));

/**
 * DXProfile of a class's student: the user summary (2.1) and the enrollment
 * it is listed for, plus (extensions) what a trainer looks for beside a name:
 * rank or grade, AFSC and duty title, named as in the full profile (2.2) and
 * present only where the service knows them. The platform's own answer has
 * none of them, so a client says nothing where they are absent.
 */
export const classStudentSchema = z.extend(userSummarySchema, {
  studentId: z.optional(
    z.string().check(
      z.meta({
        description: 'Extension: the enrollment (studentId) in this class, which comments and notes name.',
        'x-extension': true,
      }),
    ),
  ),
  displayRank: extensionText('the rank as it is written before a name (2.2), where the person has one.'),
  militaryGrade: extensionText('the military grade (2.2), where the person has one.'),
  civilianGrade: extensionText('the civilian grade (2.2) of a civilian, where the person has one.'),
  displayDutyTitle: extensionText('the duty title (2.2), where the person has one.'),
  organizationRoles: z.optional(
    z
      .object({ afsc: z.string() })
      .check(z.meta({ description: 'Extension: the AFSC (2.2), where the person has one.', 'x-extension': true })),
  ),
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

/** The signed-in trainer's classes, each with its course, lessons and students. */
export const rosterSchema = z.object({
  classes: z.array(
    z.object({
      classId: z.string(),
      className: z.string(),
      courseId: z.string(),
      courseName: z.string(),
      lessons: z.array(z.object({ lessonId: z.string(), name: z.string() })),
      students: z.array(
        z.object({
          studentId: z.string(),
          userId: z.string(),
          handle: z.string(),
          firstName: z.string(),
          lastName: z.string(),
        }),
      ),
    }),
  ),
});
export type Roster = z.infer<typeof rosterSchema>;
export type RosterClass = Roster['classes'][number];

/**
 * Extension: the roster, and each student of its classes once as their class's student list names them
 * (summary, rank or grade, AFSC, duty title; without the enrollment): the platform's classes, their students
 * and their courses' lessons in one answer instead of 1 + 2 reads a class.
 */
export const trainerRosterSchema = z.extend(rosterSchema, {
  people: z.array(classStudentSchema),
});
export type TrainerRoster = z.infer<typeof trainerRosterSchema>;

/** DXLesson's own fields, without its child lessons. */
const lessonFields = {
  lessonId: z.string(),
  courseId: z.optional(z.string()),
  name: z.string(),
  description: z.optional(z.string()),
  profilePic: z.optional(z.nullable(z.string())),
  coverPhoto: z.optional(z.nullable(z.string())),
  media: z.optional(z.nullable(z.string())),
  expectedCompletionTime: z.optional(z.nullable(z.int())),
  instructorGraded: z.optional(z.nullable(z.boolean())),
  public: z.optional(z.nullable(z.boolean())),
  locked: z.boolean(),
};
/**
 * DXLesson. Its child lessons are lessons; they are described one level deep
 * (deeper ones parse as they come): a self-referencing schema would give the
 * OpenAPI document a `$ref` into a `$defs` it does not have.
 */
export const lessonSchema = z.object({
  ...lessonFields,
  childLessons: z.array(z.object({ ...lessonFields, childLessons: z.array(z.unknown()) })),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const classListSchema = docsOf(classSchema);
export const classStudentListSchema = docsOf(classStudentSchema);
export const courseListSchema = docsOf(courseSchema);
export const lessonListSchema = docsOf(lessonSchema);

export const classListQuerySchema = z.strictObject({ ...rosterPageShape });
export const courseListQuerySchema = z.strictObject({ ...rosterPageShape });
export const studentListQuerySchema = z.strictObject({ classId: idSchema, ...rosterPageShape });
export const lessonsOfCourseQuerySchema = z.strictObject({ courseId: idSchema, ...rosterPageShape });
export const lessonQuerySchema = z.strictObject({ lessonId: idSchema });
export const courseQuerySchema = z.strictObject({ courseId: idSchema });

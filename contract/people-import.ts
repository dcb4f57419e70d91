/**
 * Extension: provisioning the people and classes of a service through the
 * administration API (`POST /admin/v1/import`, what `npm run admin -- import`
 * sends). A production service starts empty; the operator imports its orgs,
 * people, courses with their lessons, classes with their trainers and
 * students, and friendships. An import adds and updates by id and never
 * removes, so sending the same file twice changes nothing the second time.
 * It carries no credential: people sign in through the platform's sign-in,
 * plugins and apps get generated secrets from their own admin routes.
 */
import { z } from 'zod/mini';
import { idSchema, notBlank } from './common.ts';

const text = (max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`), notBlank());
const optionalText = (max: number) =>
  z.optional(z.string().check(z.maxLength(max, `must be at most ${max} characters`)));

/** Most entries of each list in one request (the body limit, 64 KiB, usually binds first; the CLI sends a file in parts). */
export const importLimits = { entries: 2000, lessons: 200, trainers: 50 } as const;

const list = <T extends z.ZodMiniType>(entry: T, max: number = importLimits.entries) =>
  z.optional(z.array(entry).check(z.maxLength(max, `must hold at most ${max} entries`)));

export const importOrgSchema = z.strictObject({ orgId: idSchema, name: text(200) });

/** A person with the profile fields of 2.2 (no picture: pictures are not imported). */
export const importUserSchema = z.strictObject({
  userId: idSchema,
  handle: z.string().check(
    z.regex(/^@[A-Za-z0-9._-]{1,63}$/, 'must be @ followed by 1 to 63 letters, digits, . _ -'),
    z.refine((handle) => !handle.startsWith('@anon-'), 'must not start with @anon-: those are anonymous accounts'),
  ),
  firstName: text(100),
  lastName: text(100),
  userType: text(64),
  accountType: text(64),
  country: z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code')),
  email: optionalText(254),
  /**
   * The person's id in the organization's own directory: what an OpenID provider set to match by
   * `externalId` compares its claim (by default `sub`) with. Left out: the person has none.
   */
  externalId: z.optional(text(256)),
  /** The person's org: what a plugin granted that org reads. */
  orgId: z.optional(idSchema),
  afsc: optionalText(16),
  education: optionalText(200),
  militaryGrade: optionalText(32),
  displayRank: optionalText(32),
  gender: optionalText(32),
  displayDutyTitle: optionalText(200),
  civilianGrade: optionalText(32),
  civilianBand: optionalText(64),
  jobSeriesNumber: optionalText(16),
  jobTitle: optionalText(200),
  /** Set on their own profile; also set for whoever the import makes a trainer of a class (or a student). */
  trainer: z.optional(z.boolean()),
  trainee: z.optional(z.boolean()),
});
export type ImportUser = z.infer<typeof importUserSchema>;

export const importCourseSchema = z.strictObject({
  courseId: idSchema,
  name: text(200),
  version: text(64),
  orgId: idSchema,
  /** In order; a lesson keeps its course once imported. */
  lessons: list(z.strictObject({ lessonId: idSchema, name: text(200) }), importLimits.lessons),
});
export type ImportCourse = z.infer<typeof importCourseSchema>;

export const importClassSchema = z.strictObject({
  classId: idSchema,
  name: text(200),
  /** A class keeps its course once imported. */
  courseId: idSchema,
  /** Default: the course's org. */
  orgId: z.optional(idSchema),
  trainers: list(idSchema, importLimits.trainers),
  /** Enrollments: studentId names one person's membership of this class (see docs/interface-decisions.md). */
  students: list(z.strictObject({ studentId: idSchema, userId: idSchema })),
});
export type ImportClass = z.infer<typeof importClassSchema>;

export const importFriendshipSchema = z.strictObject({ userId: idSchema, friendId: idSchema });

/**
 * One import: each list optional, entries referring to each other by id, in
 * this file or already in the service.
 */
export const peopleImportBodySchema = z
  .strictObject({
    orgs: list(importOrgSchema),
    users: list(importUserSchema),
    courses: list(importCourseSchema),
    classes: list(importClassSchema),
    friendships: list(importFriendshipSchema),
  })
  .check(
    // An import of nothing is a mistake (a misnamed file, an empty export), not a success.
    z.refine((body) => Object.values(body).some((entries) => (entries?.length ?? 0) > 0), {
      message: 'must name at least one org, user, course, class or friendship',
    }),
  );
export type PeopleImportBody = z.infer<typeof peopleImportBodySchema>;

/** How many of each the import wrote (added or brought up to date). */
export const peopleImportResultSchema = z.object({
  orgs: z.number(),
  users: z.number(),
  courses: z.number(),
  lessons: z.number(),
  classes: z.number(),
  trainers: z.number(),
  students: z.number(),
  friendships: z.number(),
});
export type PeopleImportResult = z.infer<typeof peopleImportResultSchema>;

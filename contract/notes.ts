/** Section 2.10 and 4.4 of the interface: student notes, under {notes_url}. */
import { z } from 'zod/mini';
import {
  cursorNeedsLimit,
  idSchema,
  limits,
  notBlank,
  nullAsAbsent,
  optionalIdSchema,
  pagingShape,
  splitList,
  writtenAtSchema,
} from './common.ts';
import { userSummarySchema } from './users.ts';

/**
 * 2.10 Note. `createdAt` and `author` are ours: the interface's Note names
 * the person it is about (`userId`) but neither when nor by whom it was
 * written, so a client reads them where present and guesses nothing where not.
 */
export const noteSchema = z.object({
  noteId: z.string(),
  text: z.string(),
  classId: z.nullable(z.string()),
  userId: z.string(),
  studentId: z.nullable(z.string()),
  courseId: z.nullable(z.string()),
  lessonId: z.nullable(z.string()),
  createdAt: z.optional(writtenAtSchema('when the note was written')),
  /** Present once its author corrected it (contract/corrections.ts); `createdAt` stays the first date. */
  editedAt: z.optional(writtenAtSchema('when the author last corrected the note')),
  author: z.optional(
    userSummarySchema.check(
      z.meta({ description: 'Extension: who wrote the note (as a comment’s author).', 'x-extension': true }),
    ),
  ),
});
export type Note = z.infer<typeof noteSchema>;
export const noteListSchema = z.array(noteSchema);

/**
 * The three kinds of note of 2.10, told apart by which ids are set:
 * - lesson: a student in a lesson (every id set)
 * - course: a student across a course (lessonId null)
 * - user: a specific user (only userId set)
 */
export const noteCategories = ['lesson', 'course', 'user'] as const;
export const noteCategorySchema = z.enum(noteCategories);
export type NoteCategory = z.infer<typeof noteCategorySchema>;

/** Tells which kind a note is, from the ids it carries. */
export function noteCategoryOf(note: Pick<Note, 'studentId' | 'lessonId'>): NoteCategory {
  if (note.studentId === null) return 'user';
  return note.lessonId === null ? 'course' : 'lesson';
}

const categoryListSchema = z.pipe(
  z.pipe(z.string(), z.transform(splitList)),
  z.array(noteCategorySchema).check(z.minLength(1, 'must name at least one category')),
);

/** 4.4 Get list of notes: query parameters (not shown by the interface; decided). Unknown ones are refused. */
export const noteFiltersSchema = z.strictObject({
  category: z.optional(categoryListSchema),
  studentId: z.optional(idSchema),
  userId: z.optional(idSchema),
  classId: z.optional(idSchema),
  courseId: z.optional(idSchema),
  lessonId: z.optional(idSchema),
});
/** The filters as sent (`category` comma-separated). */
export type NoteFilters = z.input<typeof noteFiltersSchema>;

/**
 * `lessondId`: the spelling of lessonId the platform's SDKs send on note
 * create and list (DXSDK-Swift DXNoteClient). Accepted as the same field;
 * when both are given they must name the same lesson.
 */
const lessondIdSchema = idSchema.check(
  z.meta({ description: 'Another spelling of lessonId (the platform’s SDKs send it); both given, they must agree.' }),
);

interface LessonSpellings {
  lessonId?: string | null | undefined;
  lessondId?: string | null | undefined;
}

const oneLesson = z.refine<LessonSpellings>(
  (value) => value.lessonId == null || value.lessondId == null || value.lessonId === value.lessondId,
  { message: 'names another lesson than lessonId; send one of the two', path: ['lessondId'] },
);

/** The lesson under its one name: `lessondId` becomes `lessonId`. */
function asLessonId<T extends LessonSpellings>(value: T): Omit<T, 'lessondId'> {
  const { lessondId, ...rest } = value;
  return (rest.lessonId == null && lessondId != null ? { ...rest, lessonId: lessondId } : rest) as Omit<T, 'lessondId'>;
}

/** The filters (`lessondId` for `lessonId` too), and the paging extension (`limit`, `cursor`; see common.ts). */
export const listNotesQuerySchema = z.pipe(
  z
    .strictObject({ ...noteFiltersSchema.shape, lessondId: z.optional(lessondIdSchema), ...pagingShape })
    .check(cursorNeedsLimit, oneLesson),
  z.transform(asLessonId),
);
export type ListNotesQuery = z.infer<typeof listNotesQuerySchema>;

/** 4.4 Get a note: the note's id in the query (decided). */
export const getNoteQuerySchema = z.strictObject({ noteId: idSchema });

export const noteTextSchema = z.pipe(
  z.string().check(notBlank()),
  z.string().check(z.maxLength(limits.noteText, `must be at most ${limits.noteText} characters`)),
);

/**
 * 4.4 Create a note (body not shown by the interface; decided). The service
 * fills in the ids it can derive: lesson -> course, class -> course,
 * student -> user, class and course. A note about a specific user names only
 * userId. An id sent as `null` is absent (the platform's SDKs send null), and
 * `lessondId` is `lessonId`.
 */
export const createNoteBodySchema = z.pipe(
  z
    .strictObject({
      text: noteTextSchema,
      studentId: optionalIdSchema(),
      lessonId: optionalIdSchema(),
      lessondId: z.optional(z.nullable(lessondIdSchema)),
      classId: optionalIdSchema(),
      courseId: optionalIdSchema(),
      userId: optionalIdSchema(),
    })
    .check(
      z.refine((body) => body.studentId != null || body.userId != null, {
        message: 'a note is about a student (studentId) or a user (userId)',
        path: ['studentId'],
      }),
      oneLesson,
    ),
  z.transform((body) => asLessonId(nullAsAbsent(body))),
);
export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;

/** 4.4 Delete a note: body (decided) and response (given). */
export const removeNoteBodySchema = z.strictObject({ noteId: idSchema });
export const removeNoteResponseSchema = z.object({ success: z.boolean() });

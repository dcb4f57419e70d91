/**
 * Extension: one student's whole record for the signed-in trainer — every
 * comment and note the trainer may read about the person, in one list, newest
 * first. The interface's Comment and Note carry no time, so a merged list
 * needs the time each was written: each entry carries `createdAt`.
 */
import { z } from 'zod/mini';
import { readerSchema } from './audience.ts';
import { commentSchema } from './comments.ts';
import { idSchema } from './common.ts';
import { noteSchema } from './notes.ts';
import { classStudentSchema } from './roster.ts';
import { userSummarySchema } from './users.ts';

/** The person: a userId (one person, across every class they are enrolled in). */
export const studentRecordParamsSchema = z.strictObject({ userId: idSchema });

/** When an entry was written: an ISO date-time in UTC. */
const createdAtSchema = z.iso.datetime();

export const recordCommentEntrySchema = z.object({
  kind: z.literal('comment'),
  createdAt: createdAtSchema,
  comment: commentSchema,
});

export const recordNoteEntrySchema = z.object({
  kind: z.literal('note'),
  createdAt: createdAtSchema,
  note: noteSchema,
  /** Who wrote the note (a Note does not say; a record read by several trainers needs it). */
  author: userSummarySchema,
});

/**
 * A comment its author withdrew (contract/corrections.ts): where it was, who
 * wrote it and when it was withdrawn, never its text. Its readers are the
 * comment's readers, so a record never changes silently.
 */
export const recordWithdrawnEntrySchema = z.object({
  kind: z.literal('withdrawn'),
  /** When the comment was first written: its place in the record. */
  createdAt: createdAtSchema,
  withdrawnAt: createdAtSchema,
  commentId: z.string(),
  author: userSummarySchema,
  class: z.string(),
  course: z.string(),
  /** "" when the comment was about no particular lesson, as a comment's `lesson`. */
  lesson: z.string(),
});

export const recordEntrySchema = z.discriminatedUnion('kind', [
  recordCommentEntrySchema,
  recordNoteEntrySchema,
  recordWithdrawnEntrySchema,
]);
export type RecordEntry = z.infer<typeof recordEntrySchema>;

/**
 * A class the viewer trains in which the person is enrolled, with who trains
 * it now: the readers of what is written in it (the audience extension's
 * `classTrainers` for that class, from the same rule). The record's header
 * names them, so it needs no other read.
 */
export const recordSharedClassSchema = z.object({
  classId: z.string(),
  className: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  /** The person's enrollment in the class. */
  studentId: z.string(),
  trainers: z.array(readerSchema),
});
export type RecordSharedClass = z.infer<typeof recordSharedClassSchema>;

export const studentRecordSchema = z.object({
  /**
   * The person: their summary, and for a trainer of a class they are in, the
   * rank or grade, AFSC and duty title the class's student list gives.
   */
  student: classStudentSchema,
  /** The classes the viewer shares with the person, by name; none when the viewer trains none of theirs. */
  sharedClasses: z.array(recordSharedClassSchema),
  /** Newest first (a withdrawn comment where it was written); within one second, comments before notes, each newest first. */
  entries: z.array(recordEntrySchema),
});
export type StudentRecord = z.infer<typeof studentRecordSchema>;

/**
 * Extension: one student's whole record for the signed-in trainer — every
 * comment and note the trainer may read about the person, in one list, newest
 * first. The interface's Comment and Note carry no time, so a merged list
 * needs the time each was written: each entry carries `createdAt`.
 */
import { z } from 'zod/mini';
import { commentSchema } from './comments.ts';
import { idSchema } from './common.ts';
import { noteSchema } from './notes.ts';
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

export const recordEntrySchema = z.discriminatedUnion('kind', [recordCommentEntrySchema, recordNoteEntrySchema]);
export type RecordEntry = z.infer<typeof recordEntrySchema>;

export const studentRecordSchema = z.object({
  student: userSummarySchema,
  /** Newest first; within one second, comments before notes, each newest first. */
  entries: z.array(recordEntrySchema),
});
export type StudentRecord = z.infer<typeof studentRecordSchema>;

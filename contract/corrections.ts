/**
 * Extension: corrections that keep the record's history. The author of a
 * comment or a note corrects its text in place (the id and `createdAt` stay,
 * `editedAt` is set) and every wording it replaced stays readable, to whoever
 * may read the entry, as its versions. The author of a comment may withdraw
 * it: it leaves the lists and search, and the student's record shows that it
 * was withdrawn and when, without its text. A note's correction is in
 * note-corrections.ts, with the notes (the dashboard loads them apart).
 */
import { z } from 'zod/mini';
import { commentTextSchema } from './comments.ts';
import { idSchema } from './common.ts';

/** A correction of a comment: the new text, checked as on create. */
export const correctCommentBodySchema = z.strictObject({ commentId: idSchema, text: commentTextSchema });
export type CorrectCommentBody = z.infer<typeof correctCommentBodySchema>;

export const withdrawCommentBodySchema = z.strictObject({ commentId: idSchema });

const instantSchema = (what: string) => z.iso.datetime().check(z.meta({ description: `${what}, ISO 8601 in UTC.` }));

export const withdrawnCommentSchema = z.object({
  commentId: z.string(),
  withdrawnAt: instantSchema('When the author withdrew the comment'),
});
export type WithdrawnComment = z.infer<typeof withdrawnCommentSchema>;

export const commentVersionsQuerySchema = z.strictObject({ commentId: idSchema });

/** A wording a correction replaced. */
export const entryVersionSchema = z.object({
  text: z.string(),
  writtenAt: instantSchema('When this wording was written (the entry’s first date, or the correction that wrote it)'),
  replacedAt: instantSchema('When a correction replaced it'),
});
export type EntryVersion = z.infer<typeof entryVersionSchema>;
/** The earlier wordings of an entry, newest first; empty when it was never corrected. */
export const entryVersionListSchema = z.array(entryVersionSchema);

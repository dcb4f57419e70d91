/** Section 2.4 and 4.1 of the interface: student comments. */
import { z } from 'zod/mini';
import {
  cursorNeedsLimit,
  idSchema,
  limits,
  notBlank,
  nullAsAbsent,
  optionalIdSchema,
  pagingShape,
  writtenAtSchema,
} from './common.ts';
import { userSummarySchema } from './users.ts';

/**
 * 2.4 Comment. `lesson` is "" when the comment is about no particular lesson.
 * `createdAt` is ours (the interface's Comment carries no time): a client
 * reads it where present and says nothing of the time where it is not.
 */
export const commentSchema = z.object({
  commentId: z.string(),
  student: userSummarySchema,
  author: userSummarySchema,
  course: z.string(),
  lesson: z.string(),
  class: z.string(),
  text: z.string(),
  createdAt: z.optional(writtenAtSchema('when the comment was written')),
  /** Present once its author corrected it (contract/corrections.ts); `createdAt` stays the first date. */
  editedAt: z.optional(writtenAtSchema('when the author last corrected the comment')),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.array(commentSchema);

export const commentTextSchema = z.pipe(
  z.string().check(notBlank()),
  z.string().check(z.maxLength(limits.commentText, `must be at most ${limits.commentText} characters`)),
);

/**
 * 4.1 Add a comment. studentId, classId and text are required (decided);
 * lessonId optional, `null` being the same as absent (the platform's SDKs
 * send null). Unknown keys are refused.
 */
export const createCommentBodySchema = z.pipe(
  z.strictObject({
    studentId: idSchema,
    classId: idSchema,
    text: commentTextSchema,
    lessonId: optionalIdSchema(),
  }),
  z.transform(nullAsAbsent),
);
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

/** 4.1 Read comments: every filter is optional and they combine with AND. Unknown filters are refused. */
export const commentFiltersSchema = z.strictObject({
  studentId: z.optional(idSchema),
  classId: z.optional(idSchema),
  courseId: z.optional(idSchema),
  lessonId: z.optional(idSchema),
});
export type CommentFilters = z.infer<typeof commentFiltersSchema>;

/** The filters, and the paging extension (`limit`, `cursor`; see common.ts). */
export const listCommentsQuerySchema = z
  .strictObject({ ...commentFiltersSchema.shape, ...pagingShape })
  .check(cursorNeedsLimit);
export type ListCommentsQuery = z.infer<typeof listCommentsQuerySchema>;

/**
 * Extension: who will be able to read a comment or a note before it is
 * saved. The service answers from the same rule it enforces on every read
 * (the author, and the trainers of the entry's class), so the forms never
 * hold a copy of the rule.
 */
import { z } from 'zod/mini';
import { idSchema } from './common.ts';

export const audienceKinds = ['comment', 'note'] as const;

/**
 * What is about to be written, without its text: for a comment the class
 * (and the student and lesson, checked as on create); for a note the ids of
 * the create body (student and lesson, or a user).
 */
export const audienceQuerySchema = z.strictObject({
  kind: z.enum(audienceKinds),
  classId: z.optional(idSchema),
  studentId: z.optional(idSchema),
  lessonId: z.optional(idSchema),
  courseId: z.optional(idSchema),
  userId: z.optional(idSchema),
});
export type AudienceQuery = z.infer<typeof audienceQuerySchema>;

export const readerSchema = z.object({
  userId: z.string(),
  handle: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type Reader = z.infer<typeof readerSchema>;

export const audienceSchema = z.object({
  /** The writer, who always reads what they wrote. */
  author: readerSchema,
  /**
   * The class whose trainers read it, with those trainers now (the author
   * among them when they train it); null when only the author reads it.
   */
  classTrainers: z.nullable(
    z.object({
      classId: z.string(),
      className: z.string(),
      trainers: z.array(readerSchema),
    }),
  ),
});
export type Audience = z.infer<typeof audienceSchema>;

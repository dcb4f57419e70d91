/**
 * Extension: what has been written about each student of a class, counted
 * by the database — how many comments and notes the signed-in trainer may
 * read, and when the newest of each was written. The classes page shows a
 * count and a date per student; reading every comment and note of the class
 * to count them grows with the class's whole history, this answer does not.
 * It counts exactly what the lists `?classId=` answer the same person.
 */
import { z } from 'zod/mini';
import { idSchema } from './common.ts';

export const classActivityQuerySchema = z.strictObject({ classId: idSchema });

const kindCountSchema = z.object({
  count: z.number().check(z.int(), z.nonnegative()),
  /** ISO date-time (UTC) of the newest one; null when there is none. */
  latest: z.nullable(z.iso.datetime()),
});

export const studentActivitySchema = z.object({
  /** The person (a comment names its student by user; a note by enrollment, mapped to the same person). */
  userId: idSchema,
  comments: kindCountSchema,
  notes: kindCountSchema,
});
export type StudentActivity = z.infer<typeof studentActivitySchema>;

export const classActivitySchema = z.object({
  classId: idSchema,
  /** Only the students with something written about them; anyone else of the class has none. */
  students: z.array(studentActivitySchema),
});
export type ClassActivityCounts = z.infer<typeof classActivitySchema>;

/**
 * Extension: the signed-in trainer's roster, so a trainer picks a class, a
 * student and a lesson instead of typing ids.
 */
import { z } from 'zod/mini';

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

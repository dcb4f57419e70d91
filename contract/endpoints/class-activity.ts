/** Extension: each student's comment and note counts in one class, counted by the database. */
import { classActivityQuerySchema, classActivitySchema } from '../class-activity.ts';
import { defineEndpoint } from '../endpoint.ts';

export const classActivityEndpoints = {
  classActivity: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/class/activity',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary:
      'How many comments and notes about each student of a class the signed-in trainer may read, and when the newest of each was written: what the lists `?classId=` answer, counted',
    access:
      'Counts only what the lists let the caller read: a class they train, or what they wrote in it. A class they neither train nor wrote in is answered 404, as an unknown id.',
    query: classActivityQuerySchema,
    response: classActivitySchema,
    extension: true,
    noStore: true,
  }),
} as const;

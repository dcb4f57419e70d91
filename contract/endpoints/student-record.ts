/** Extensions for a trainer's view of one student: the whole record, and who will read what is written. */
import { audienceQuerySchema, audienceSchema } from '../audience.ts';
import { defineEndpoint } from '../endpoint.ts';
import { studentRecordParamsSchema, studentRecordSchema } from '../student-record.ts';

export const studentRecordEndpoints = {
  studentRecord: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/trainer/students/:userId/record',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary:
      'Everything the signed-in trainer may read about one person: comments and notes (lesson, course and user notes), newest first, each with its time',
    params: studentRecordParamsSchema,
    response: studentRecordSchema,
    extension: true,
    noStore: true,
  }),
  audience: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/audience',
    base: 'platform',
    auth: 'user',
    tag: 'Student comments',
    summary:
      'Who will be able to read a comment or a note about to be written, by the rule every read enforces (comments also need the training scope)',
    query: audienceQuerySchema,
    response: audienceSchema,
    extension: true,
    noStore: true,
  }),
} as const;

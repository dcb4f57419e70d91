/** Extension: a trainer's view of one student, the whole record. */
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
} as const;

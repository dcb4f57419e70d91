/** A student's whole record for the signed-in trainer (extension `GET /edu/v1/trainer/students/:userId/record`). */
import { queryOptions } from '@tanstack/react-query';
import { studentRecordEndpoints } from '../../../contract/endpoints/student-record';
import { call } from '../../lib/api/client';

export const recordQueries = {
  // Comment and note mutations name this root in their `meta.invalidates` (see query-client.ts): keep it.
  all: () => ['student-record'] as const,
  of: (userId: string) =>
    queryOptions({
      queryKey: [...recordQueries.all(), userId] as const,
      queryFn: ({ signal }) => call(studentRecordEndpoints.studentRecord, { params: { userId }, signal }),
    }),
};

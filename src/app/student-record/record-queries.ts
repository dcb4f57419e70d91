/**
 * A student's whole record for the signed-in trainer: the extension's one
 * answer (`GET /edu/v1/trainer/students/:userId/record`, every entry dated),
 * or, where the platform has no such extension, composed here from the
 * interface's own reads: the comments about each of the person's enrollments
 * and the notes about the person. Those carry no date, so the composed record
 * keeps the order the platform lists them in and says that when each was
 * written is unknown.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Comment } from '../../../contract/comments';
import { commentEndpoints } from '../../../contract/endpoints/comments';
import { noteEndpoints } from '../../../contract/endpoints/notes';
import { studentRecordEndpoints } from '../../../contract/endpoints/student-record';
import type { Note } from '../../../contract/notes';
import type { ClassStudent, RosterClass } from '../../../contract/roster';
import type { RecordSharedClass } from '../../../contract/student-record';
import { audienceQueries } from '../../lib/api/audience-queries';
import { call, callAnswer } from '../../lib/api/client';
import { withExtension } from '../../lib/api/extensions';
import { readListPage, wholeList } from '../../lib/api/paging';
import type { ShownEntry } from './record-model';

export interface ShownRecord {
  /** Null when nothing the trainer may read names the person. */
  readonly student: ClassStudent | null;
  /**
   * The classes the trainer shares with the person, with their trainers: the extension's record names them;
   * composed from the platform's lists, undefined (the roster and the audience extension tell them).
   */
  readonly sharedClasses?: readonly RecordSharedClass[];
  readonly entries: readonly ShownEntry[];
  /** Entries are dated and newest first; false: in the platform's list order, dates unknown. */
  readonly dated: boolean;
}

/** Every row of a list, following its pages where it is paged. */
async function composedRecord(
  userId: string,
  studentIds: readonly string[],
  known: ClassStudent | null,
  signal: AbortSignal,
): Promise<ShownRecord> {
  const [commentLists, notes] = await Promise.all([
    Promise.all(
      studentIds.map((studentId) =>
        wholeList<Comment>((cursor) =>
          readListPage(
            (paging) => callAnswer(commentEndpoints.listComments, { query: { studentId, ...paging }, signal }),
            cursor,
          ),
        ),
      ),
    ),
    wholeList<Note>((cursor) =>
      readListPage((paging) => callAnswer(noteEndpoints.listNotes, { query: { userId, ...paging }, signal }), cursor),
    ),
  ]);
  const comments = commentLists.flat();
  const entries: ShownEntry[] = [
    ...comments.map((comment): ShownEntry => ({ kind: 'comment', createdAt: null, comment })),
    ...notes.map((note): ShownEntry => ({ kind: 'note', createdAt: null, note, author: null })),
  ];
  return { student: known ?? comments[0]?.student ?? null, entries, dated: false };
}

export const recordQueries = {
  // Comment and note mutations name this root in their `meta.invalidates` (see query-client.ts): keep it.
  all: () => ['student-record'] as const,
  /** The extension's record; null where the platform has none (then `composed`). */
  of: (userId: string) =>
    queryOptions({
      queryKey: [...recordQueries.all(), userId] as const,
      queryFn: ({ signal }): Promise<ShownRecord | null> =>
        withExtension(
          'student-record',
          async () => ({
            ...(await call(studentRecordEndpoints.studentRecord, { params: { userId }, signal })),
            dated: true,
          }),
          () => null,
        ),
    }),
  /** The record from the interface's reads: `studentIds` are the person's enrollments in the trainer's classes. */
  composed: (userId: string, studentIds: readonly string[], known: ClassStudent | null) =>
    queryOptions({
      queryKey: [...recordQueries.all(), userId, 'composed', studentIds] as const,
      queryFn: ({ signal }) => composedRecord(userId, studentIds, known, signal),
    }),
};

/**
 * Who reads what is written about the person in a shared class: its trainers, named in the record's header.
 * The platform's lists name no trainers; the audience extension does, for one of the class's students.
 */
export function sharedClassAudience(klass: RosterClass) {
  const studentId = klass.students[0]?.studentId;
  return {
    ...audienceQueries.of({ kind: 'comment', classId: klass.classId, ...(studentId ? { studentId } : {}) }),
    enabled: studentId !== undefined,
    // A secondary read: the header says it failed (record-header.tsx); the record stays, whatever the status.
    throwOnError: false,
  };
}

/**
 * One text written to several students: each student gets their own comment
 * or note, sent on its own through the platform's create endpoints (4.2 and
 * 4.3), a few at a time. Nothing here undoes a write when another fails: each
 * entry stands alone, and the outcome says whom each write reached.
 */
import { useMutation } from '@tanstack/react-query';
import { commentEndpoints } from '../../../../contract/endpoints/comments';
import { noteEndpoints } from '../../../../contract/endpoints/notes';
import { call } from '../../../lib/api/client';
import { eachBounded } from '../../../lib/tasks/each-bounded';

export type EntryKind = 'comment' | 'note';

/** A chosen student: the enrollment the entry names, the person (for their record's link) and their name. */
export interface Addressee {
  readonly studentId: string;
  readonly userId: string;
  readonly name: string;
}

export interface WriteToEach {
  readonly kind: EntryKind;
  readonly classId: string;
  /** Required for a note (a training note is about a student in a lesson), optional for a comment. */
  readonly lessonId?: string | undefined;
  readonly text: string;
  readonly students: readonly Addressee[];
  /** Heard after each write ends: how many have ended, and whether this one was written. */
  readonly onProgress?: (ended: number, written: boolean) => void;
}

export interface WriteOutcome {
  readonly written: readonly Addressee[];
  readonly failed: readonly { readonly student: Addressee; readonly error: unknown }[];
}

/** Writes at once: enough to finish a class of forty in a few round trips, few enough not to trip the overload guard. */
export const WRITES_AT_ONCE = 3;

function writeOne(input: WriteToEach, student: Addressee): Promise<unknown> {
  if (input.kind === 'comment') {
    return call(commentEndpoints.createComment, {
      body: { classId: input.classId, studentId: student.studentId, lessonId: input.lessonId, text: input.text },
    });
  }
  return call(noteEndpoints.createNote, {
    body: { studentId: student.studentId, lessonId: input.lessonId, text: input.text },
  });
}

export async function writeToEach(input: WriteToEach): Promise<WriteOutcome> {
  let ended = 0;
  const results = await eachBounded(
    input.students,
    WRITES_AT_ONCE,
    (student) => writeOne(input, student),
    (_student, result) => {
      ended += 1;
      input.onProgress?.(ended, result.status === 'fulfilled');
    },
  );
  const written: Addressee[] = [];
  const failed: { student: Addressee; error: unknown }[] = [];
  results.forEach((result, index) => {
    const student = input.students[index] as Addressee;
    if (result.status === 'fulfilled') written.push(student);
    else failed.push({ student, error: result.reason });
  });
  return { written, failed };
}

export function useWriteToEach() {
  return useMutation({
    mutationFn: writeToEach,
    // Comments, notes, records, class counts and search all show what was written; none is this feature's.
    meta: { invalidates: [['comments'], ['notes'], ['student-record'], ['class-activity'], ['search']] },
  });
}

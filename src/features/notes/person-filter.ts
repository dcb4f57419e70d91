/**
 * The training notes have one filter for a human: the Person (`userId`), which takes in every note about them,
 * their user notes too. The list once had a Student filter (`studentId`, one enrollment in one class) beside it,
 * two overlapping filters for one person; a URL of that form (a bookmark, a shared link) still opens the same
 * person's notes: its `studentId` becomes the person's `userId`, once the roster names whose enrollment it is.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type NoteCategory, type NoteFilters, noteCategories } from '../../../contract/notes';
import type { Roster } from '../../../contract/roster';
import { defaultCategories } from './api/note-queries';

/** The person whose enrollment `studentId` is, in the trainer's roster. */
export function personOfEnrollment(roster: Roster, studentId: string): string | undefined {
  for (const klass of roster.classes) {
    const student = klass.students.find((s) => s.studentId === studentId);
    if (student) return student.userId;
  }
  return undefined;
}

/** The person's enrollment to write a note under: in `classId` where given, else their first. */
export function enrollmentOfPerson(
  roster: Roster | null | undefined,
  userId: string,
  classId?: string,
): string | undefined {
  for (const klass of roster?.classes ?? []) {
    if (classId && klass.classId !== classId) continue;
    const student = klass.students.find((s) => s.userId === userId);
    if (student) return student.studentId;
  }
  return undefined;
}

/**
 * The kinds a list starts with: every kind about a chosen person ("all notes about this student" leaves none
 * out), lesson and course notes otherwise.
 */
export function startingKinds(personChosen: boolean): NoteFilters {
  const kinds: readonly NoteCategory[] = personChosen ? noteCategories : defaultCategories;
  return { category: kinds.join(',') };
}

/** Rewrites a URL's old `studentId` as the person's `userId` (in place of the entry, so Back skips the old form). */
export function useOldStudentParam(roster: Roster | null | undefined): void {
  const [params, setParams] = useSearchParams();
  const studentId = params.get('studentId');
  useEffect(() => {
    if (!studentId || !roster) return;
    const userId = personOfEnrollment(roster, studentId);
    // Not in the roster: the service still filters on the enrollment, so the URL stays as it is.
    if (!userId) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('studentId');
        if (!next.get('userId')) next.set('userId', userId);
        return next;
      },
      { replace: true },
    );
  }, [studentId, roster, setParams]);
}

/**
 * A student's record as the page shows it: entries narrowed by course and
 * lesson (both in the URL), counted by kind, and the choices the filters
 * offer with how many entries each would show.
 */
import { z } from 'zod/mini';
import { type Comment, commentFiltersSchema } from '../../../contract/comments';
import { type Note, noteCategoryOf } from '../../../contract/notes';
import type { Roster } from '../../../contract/roster';
import type { RecordEntry } from '../../../contract/student-record';
import type { UserSummary } from '../../../contract/users';

/**
 * An entry as the page shows it: the extension's record entry, or one composed
 * from the interface's lists, which tell neither when it was written nor (for
 * a note) by whom.
 */
export type ShownEntry =
  | { readonly kind: 'comment'; readonly createdAt: string | null; readonly comment: Comment }
  | {
      readonly kind: 'note';
      readonly createdAt: string | null;
      readonly note: Note;
      readonly author: UserSummary | null;
    }
  /** A comment its author withdrew (the corrections extension): a mark without its text. */
  | Extract<RecordEntry, { kind: 'withdrawn' }>;

/** An entry that stands (not a withdrawn comment's mark): what the header's summary counts. */
export const standing = (entry: ShownEntry): entry is Exclude<ShownEntry, { kind: 'withdrawn' }> =>
  entry.kind !== 'withdrawn';

/** The trainer's roster narrowed to this person: the classes of theirs the person is in, with only them as student. */
export function rosterOf(roster: Roster, userId: string): Roster {
  return {
    classes: roster.classes
      .map((c) => ({ ...c, students: c.students.filter((s) => s.userId === userId) }))
      .filter((c) => c.students.length > 0),
  };
}

/** The record's filters: the course and lesson filters of the comment list (a note is filed under the same ids). */
export const recordFiltersSchema = z.pick(commentFiltersSchema, { courseId: true, lessonId: true });
export type RecordFilters = z.infer<typeof recordFiltersSchema>;

/** The course and lesson an entry is filed under; a user note has neither. */
export function placeOf(entry: ShownEntry): { courseId: string | null; lessonId: string | null } {
  if (entry.kind === 'comment') return { courseId: entry.comment.course, lessonId: entry.comment.lesson || null };
  if (entry.kind === 'withdrawn') return { courseId: entry.course, lessonId: entry.lesson || null };
  return { courseId: entry.note.courseId, lessonId: entry.note.lessonId };
}

export function matches(entry: ShownEntry, filters: RecordFilters): boolean {
  const place = placeOf(entry);
  return (
    (!filters.courseId || place.courseId === filters.courseId) &&
    (!filters.lessonId || place.lessonId === filters.lessonId)
  );
}

export interface RecordCounts {
  readonly total: number;
  readonly comments: number;
  readonly lessonNotes: number;
  readonly courseNotes: number;
  readonly userNotes: number;
  readonly withdrawn: number;
}

export function countEntries(entries: readonly ShownEntry[]): RecordCounts {
  let comments = 0;
  let lessonNotes = 0;
  let courseNotes = 0;
  let userNotes = 0;
  let withdrawn = 0;
  for (const entry of entries) {
    if (entry.kind === 'comment') comments += 1;
    else if (entry.kind === 'withdrawn') withdrawn += 1;
    else {
      const category = noteCategoryOf(entry.note);
      if (category === 'lesson') lessonNotes += 1;
      else if (category === 'course') courseNotes += 1;
      else userNotes += 1;
    }
  }
  return { total: entries.length, comments, lessonNotes, courseNotes, userNotes, withdrawn };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 entries: 7 comments, 3 lesson notes, 1 course note, 1 user note" (kinds with none left out). */
export function describeCounts(counts: RecordCounts, of?: number): string {
  const parts = [
    counts.comments > 0 ? plural(counts.comments, 'comment', 'comments') : '',
    counts.lessonNotes > 0 ? plural(counts.lessonNotes, 'lesson note', 'lesson notes') : '',
    counts.courseNotes > 0 ? plural(counts.courseNotes, 'course note', 'course notes') : '',
    counts.userNotes > 0 ? plural(counts.userNotes, 'user note', 'user notes') : '',
    counts.withdrawn > 0 ? plural(counts.withdrawn, 'withdrawn comment', 'withdrawn comments') : '',
  ].filter(Boolean);
  const head =
    of !== undefined && of !== counts.total
      ? `${counts.total} of ${plural(of, 'entry', 'entries')}`
      : plural(counts.total, 'entry', 'entries');
  return parts.length > 0 ? `${head}: ${parts.join(', ')}` : head;
}

export interface FilterChoice {
  readonly id: string;
  readonly count: number;
}

/**
 * The courses the record has entries in, and the lessons (of the chosen
 * course, or of every course) with entries, each with its entry count, in
 * the order first met (newest first).
 */
export function filterChoices(
  entries: readonly ShownEntry[],
  filters: RecordFilters,
): { courses: FilterChoice[]; lessons: FilterChoice[] } {
  const courses = new Map<string, number>();
  const lessons = new Map<string, number>();
  for (const entry of entries) {
    const { courseId, lessonId } = placeOf(entry);
    if (courseId) courses.set(courseId, (courses.get(courseId) ?? 0) + 1);
    if (lessonId && (!filters.courseId || courseId === filters.courseId)) {
      lessons.set(lessonId, (lessons.get(lessonId) ?? 0) + 1);
    }
  }
  const list = (counts: Map<string, number>) => [...counts].map(([id, count]) => ({ id, count }));
  return { courses: list(courses), lessons: list(lessons) };
}

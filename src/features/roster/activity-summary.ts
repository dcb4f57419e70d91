/**
 * What has been written about a student, as a trainer glances at it: how many
 * comments and how many notes, and when the latest of each was written. A
 * date is known only where the answer carries one (`createdAt`: the record
 * extension's entries, or a list element that has it); the interface's
 * Comment and Note carry none, and then the latest date stays unknown rather
 * than guessed from the list's order.
 */
import type { Comment } from '../../../contract/comments';
import type { Note } from '../../../contract/notes';

export interface KindSummary {
  readonly count: number;
  /** ISO date-time of the newest one, when the answer dates them; null when none is dated. */
  readonly latest: string | null;
}

export interface ActivitySummary {
  readonly comments: KindSummary;
  readonly notes: KindSummary;
}

export const NO_ACTIVITY: ActivitySummary = {
  comments: { count: 0, latest: null },
  notes: { count: 0, latest: null },
};

/** A list element's time, where the answer carries one (an extension field the interface's shapes lack). */
export function timeOf(row: object): string | null {
  const value = (row as { readonly createdAt?: unknown }).createdAt;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
}

const later = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : Date.parse(b) > Date.parse(a) ? b : a;

function add(summary: KindSummary, time: string | null): KindSummary {
  return { count: summary.count + 1, latest: later(summary.latest, time) };
}

/** One dated or undated entry about a person, of either kind. */
export interface ActivityEntry {
  readonly kind: 'comment' | 'note';
  readonly createdAt: string | null;
}

/** The summary of one person's entries (the record's header). */
export function summarize(entries: Iterable<ActivityEntry>): ActivitySummary {
  let comments = NO_ACTIVITY.comments;
  let notes = NO_ACTIVITY.notes;
  for (const entry of entries) {
    if (entry.kind === 'comment') comments = add(comments, entry.createdAt);
    else notes = add(notes, entry.createdAt);
  }
  return { comments, notes };
}

/**
 * The summaries of a class's students by userId, from the comments and notes
 * filed under the class. A comment names its student by user summary; a note
 * by `studentId` (and, for a student note, the student's `userId`), so
 * `userOfStudent` maps the class's enrollments to people. A note about nobody
 * in the class counts for no one.
 */
export function summarizeByPerson(
  comments: readonly Comment[],
  notes: readonly Note[],
  userOfStudent: ReadonlyMap<string, string>,
): ReadonlyMap<string, ActivitySummary> {
  const entries = new Map<string, ActivityEntry[]>();
  const put = (userId: string | null | undefined, entry: ActivityEntry) => {
    if (!userId) return;
    const list = entries.get(userId);
    if (list) list.push(entry);
    else entries.set(userId, [entry]);
  };
  for (const comment of comments) put(comment.student.userId, { kind: 'comment', createdAt: timeOf(comment) });
  for (const note of notes) {
    const userId = note.studentId ? userOfStudent.get(note.studentId) : undefined;
    put(userId, { kind: 'note', createdAt: timeOf(note) });
  }
  return new Map([...entries].map(([userId, list]) => [userId, summarize(list)]));
}

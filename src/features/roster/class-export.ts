/**
 * A class handed over, on paper or as a file: each of its students as the
 * class page shows them (rank or grade, AFSC, duty title, how many comments
 * and notes and the latest of each) and the latest entry about them, with
 * who wrote it and when. "Latest" needs dates: where the platform dates no
 * entry (its Comment and Note carry no time), it is said to be unknown
 * rather than guessed from the list's order. The print sheet and the CSV
 * read the same rows.
 */
import type { Comment } from '../../../contract/comments';
import { type Note, noteCategoryOf } from '../../../contract/notes';
import type { ClassStudent } from '../../../contract/roster';
import { csvDateTime, exportFileName } from '../../lib/export/csv';
import { type ActivitySummary, NO_ACTIVITY, summarizeByPerson, timeOf } from './activity-summary';
import type { ClassActivity } from './api/class-activity-queries';
import { type WorkFacts, workFactsOf } from './components/student-summary';

export interface LatestEntry {
  /** "Comment", "Lesson note", "Course note" or "User note". */
  readonly kind: string;
  readonly writtenAt: string;
  /** The writer's name; undefined where the platform does not say. */
  readonly author: string | undefined;
  readonly text: string;
}

export interface ExportedStudent {
  readonly key: string;
  readonly name: string;
  readonly handle: string;
  readonly facts: WorkFacts;
  readonly activity: ActivitySummary;
  /** The newest dated entry about the student; null when none is dated (or there is none). */
  readonly latest: LatestEntry | null;
}

const fullName = (person: { readonly firstName: string; readonly lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

const noteKind = (note: Note) => {
  const category = noteCategoryOf(note);
  return `${category[0]?.toUpperCase() ?? ''}${category.slice(1)} note`;
};

function newer(current: LatestEntry | undefined, candidate: LatestEntry): LatestEntry {
  return current && Date.parse(current.writtenAt) >= Date.parse(candidate.writtenAt) ? current : candidate;
}

/** The class's students, in the roster's order, with what is written about each in the class. */
export function exportedStudents(members: readonly ClassStudent[], activity: ClassActivity): ExportedStudent[] {
  const userOfStudent = new Map(members.flatMap((s) => (s.studentId ? [[s.studentId, s.userId] as const] : [])));
  const summaries = summarizeByPerson(activity.comments, activity.notes, userOfStudent);
  const latest = new Map<string, LatestEntry>();
  const consider = (userId: string | undefined, row: Comment | Note, entry: Omit<LatestEntry, 'writtenAt'>) => {
    const writtenAt = timeOf(row);
    if (!userId || !writtenAt) return;
    latest.set(userId, newer(latest.get(userId), { ...entry, writtenAt }));
  };
  for (const comment of activity.comments) {
    consider(comment.student.userId, comment, {
      kind: 'Comment',
      author: fullName(comment.author),
      text: comment.text,
    });
  }
  for (const note of activity.notes) {
    consider(note.studentId ? userOfStudent.get(note.studentId) : undefined, note, {
      kind: noteKind(note),
      author: note.author ? fullName(note.author) : undefined,
      text: note.text,
    });
  }
  return members.map((student) => ({
    key: student.studentId ?? student.userId,
    name: fullName(student),
    handle: student.handle,
    facts: workFactsOf(student),
    activity: summaries.get(student.userId) ?? NO_ACTIVITY,
    latest: latest.get(student.userId) ?? null,
  }));
}

export const classCsvHeader = [
  'Student',
  'Handle',
  'Rank or grade',
  'AFSC',
  'Duty title',
  'Comments',
  'Latest comment',
  'Notes',
  'Latest note',
  'Latest entry written',
  'Latest entry by',
  'Latest entry kind',
  'Latest entry',
] as const;

export function classCsvRows(students: readonly ExportedStudent[]): string[][] {
  return [
    [...classCsvHeader],
    ...students.map(({ name, handle, facts, activity, latest }) => [
      name,
      handle,
      facts.rank ?? '',
      facts.afsc ?? '',
      facts.dutyTitle ?? '',
      String(activity.comments.count),
      csvDateTime(activity.comments.latest),
      String(activity.notes.count),
      csvDateTime(activity.notes.latest),
      latest ? csvDateTime(latest.writtenAt) : activity.comments.count + activity.notes.count > 0 ? 'Not known' : '',
      latest?.author ?? (latest ? 'Not known' : ''),
      latest?.kind ?? '',
      latest?.text ?? '',
    ]),
  ];
}

export const classFileName = (className: string, today: Date) => exportFileName(['class', className], today);

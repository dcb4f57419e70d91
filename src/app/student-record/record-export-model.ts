/**
 * A student's record as it is handed over, on paper or as a file: every
 * entry, whatever the page's filters, with what it is, who wrote it and when
 * (where the platform says), where it is filed, by name, and its text. The
 * print sheet and the CSV read the same rows, so paper and file say the same.
 */
import { noteCategoryOf } from '../../../contract/notes';
import type { UserSummary } from '../../../contract/users';
import type { RosterNames } from '../../components/roster-fields';
import { categoryLabels } from '../../features/notes/components/note-metadata';
import { csvDateTime, exportFileName } from '../../lib/export/csv';
import { formatDay } from '../../lib/format/plain-format';
import type { ShownEntry } from './record-model';

export interface ExportedEntry {
  readonly key: string;
  /** "Comment", "Lesson note", "Course note" or "User note". */
  readonly kind: string;
  /** ISO date-time; null where the platform does not say. */
  readonly writtenAt: string | null;
  /** The writer's name; undefined where the platform does not say. */
  readonly author: string | undefined;
  /** Where it is filed, by name; "" where it is filed under none. */
  readonly className: string;
  readonly courseName: string;
  readonly lessonName: string;
  readonly text: string;
}

const fullName = (person: Pick<UserSummary, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();

/** The roster's name of an id; words, never the id, where the roster does not know it. */
function nameOf(names: ReadonlyMap<string, string>, id: string | null, unknown: string): string {
  if (!id) return '';
  return names.get(id) ?? unknown;
}

export function exportedEntries(
  entries: readonly ShownEntry[],
  names: RosterNames,
  /** The person printing: the writer of their own user notes, which only their writer reads. */
  self: { readonly userId: string; readonly name: string | undefined },
): ExportedEntry[] {
  return entries.map((entry) => {
    // A withdrawn comment's mark is handed over too, without its words: a record never changes silently.
    if (entry.kind === 'withdrawn') {
      return {
        key: `c:${entry.commentId}`,
        kind: 'Withdrawn comment',
        writtenAt: entry.createdAt,
        author: fullName(entry.author),
        className: nameOf(names.classes, entry.class, 'Not one of your classes'),
        courseName: nameOf(names.courses, entry.course, 'Not in your classes'),
        lessonName: entry.lesson ? nameOf(names.lessons, entry.lesson, 'Not in your classes') : 'No particular lesson',
        text: `Withdrawn by the author on ${formatDay(entry.withdrawnAt)}`,
      };
    }
    if (entry.kind === 'comment') {
      const { comment } = entry;
      return {
        key: `c:${comment.commentId}`,
        kind: 'Comment',
        writtenAt: entry.createdAt,
        author: fullName(comment.author),
        className: nameOf(names.classes, comment.class, 'Not one of your classes'),
        courseName: nameOf(names.courses, comment.course, 'Not in your classes'),
        lessonName: comment.lesson
          ? nameOf(names.lessons, comment.lesson, 'Not in your classes')
          : 'No particular lesson',
        text: comment.text,
      };
    }
    const { note } = entry;
    const category = noteCategoryOf(note);
    // As the page: a record composed from the interface's lists is undated and names no note's writer.
    const { author } = entry;
    return {
      key: `n:${note.noteId}`,
      kind: categoryLabels[category],
      writtenAt: entry.createdAt,
      author: author ? fullName(author) : category === 'user' ? self.name : undefined,
      className: nameOf(names.classes, note.classId, 'Not one of your classes'),
      courseName: nameOf(names.courses, note.courseId, 'Not in your classes'),
      lessonName: nameOf(names.lessons, note.lessonId, 'Not in your classes'),
      text: note.text,
    };
  });
}

export const recordCsvHeader = ['Written', 'Kind', 'Author', 'Class', 'Course', 'Lesson', 'Text'] as const;

export function recordCsvRows(entries: readonly ExportedEntry[]): string[][] {
  return [
    [...recordCsvHeader],
    ...entries.map((entry) => [
      entry.writtenAt ? csvDateTime(entry.writtenAt) : 'Not known',
      entry.kind,
      entry.author ?? 'Not known',
      entry.className,
      entry.courseName,
      entry.lessonName,
      entry.text,
    ]),
  ];
}

export const recordFileName = (studentName: string, today: Date) => exportFileName(['record', studentName], today);

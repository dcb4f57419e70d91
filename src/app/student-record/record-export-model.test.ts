/** The record as handed over: every entry with its kind, writer, time and place by name, and the CSV's rows. */
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../contract/comments';
import type { Note } from '../../../contract/notes';
import { rosterNames } from '../../components/roster-fields';
import { csvText } from '../../lib/export/csv';
import { userSummary } from '../../test/fixtures';
import { exportedEntries, recordCsvHeader, recordCsvRows, recordFileName } from './record-export-model';
import type { ShownEntry } from './record-model';

const trainer = userSummary('usr-t', { firstName: 'Dana', lastName: 'Okafor' });
const student = userSummary('usr-s', { firstName: 'Jordan', lastName: 'Lee' });
const names = rosterNames({
  classes: [
    {
      classId: 'cls-1',
      className: 'Cyber Ops 26-A',
      courseId: 'crs-1',
      courseName: 'Cyber Operations',
      lessons: [{ lessonId: 'les-1', name: 'Linux basics' }],
      students: [{ ...student, studentId: 'stu-1' }],
    },
  ],
});
const comment: Comment = {
  commentId: 'c1',
  student,
  author: trainer,
  course: 'crs-1',
  lesson: '',
  class: 'cls-1',
  text: '=HYPERLINK("http://evil")',
};
const lessonNote: Note = {
  noteId: 'n1',
  text: 'Redo the chmod drills.',
  classId: 'cls-1',
  userId: 'usr-s',
  studentId: 'stu-1',
  courseId: 'crs-1',
  lessonId: 'les-1',
};
const userNote: Note = {
  ...lessonNote,
  noteId: 'n2',
  text: 'Mentor pairing.',
  classId: null,
  studentId: null,
  courseId: null,
  lessonId: null,
};
const self = { userId: 'usr-t', name: 'Dana Okafor' };

describe('the record handed over', () => {
  it('names each entry’s kind, writer and place, and keeps the time only where the platform gives one', () => {
    const entries: ShownEntry[] = [
      { kind: 'comment', createdAt: '2026-03-04T09:05:00.000Z', comment },
      { kind: 'note', createdAt: null, note: lessonNote, author: null },
      { kind: 'note', createdAt: null, note: userNote, author: null },
    ];
    expect(exportedEntries(entries, names, self)).toEqual([
      {
        key: 'c:c1',
        kind: 'Comment',
        writtenAt: '2026-03-04T09:05:00.000Z',
        author: 'Dana Okafor',
        className: 'Cyber Ops 26-A',
        courseName: 'Cyber Operations',
        lessonName: 'No particular lesson',
        text: '=HYPERLINK("http://evil")',
      },
      {
        key: 'n:n1',
        kind: 'Lesson note',
        writtenAt: null,
        // The platform's notes name no writer: not guessed.
        author: undefined,
        className: 'Cyber Ops 26-A',
        courseName: 'Cyber Operations',
        lessonName: 'Linux basics',
        text: 'Redo the chmod drills.',
      },
      {
        key: 'n:n2',
        kind: 'User note',
        writtenAt: null,
        // Only its writer reads a user note: the person printing wrote it.
        author: 'Dana Okafor',
        className: '',
        courseName: '',
        lessonName: '',
        text: 'Mentor pairing.',
      },
    ]);
  });

  it('takes the note’s author from the record where the service names one, and words for an unknown place', () => {
    const [entry] = exportedEntries(
      [{ kind: 'note', createdAt: null, note: { ...lessonNote, lessonId: 'les-gone' }, author: student }],
      names,
      self,
    );
    expect(entry?.author).toBe('Jordan Lee');
    expect(entry?.lessonName).toBe('Not in your classes');
  });

  it('hands over a withdrawn comment as its mark, with who and when but never its words', () => {
    const [entry] = exportedEntries(
      [
        {
          kind: 'withdrawn',
          createdAt: '2026-03-04T09:05:00.000Z',
          withdrawnAt: '2026-03-06T12:00:00.000Z',
          commentId: 'c9',
          author: trainer,
          class: 'cls-1',
          course: 'crs-1',
          lesson: 'les-1',
        },
      ],
      names,
      self,
    );
    expect(entry?.kind).toBe('Withdrawn comment');
    expect(entry?.author).toBe('Dana Okafor');
    expect(entry?.lessonName).toBe('Linux basics');
    expect(entry?.text).toMatch(/^Withdrawn by the author on .*2026/);
  });

  it('writes a CSV row per entry under its header, unknowns in words', () => {
    const rows = recordCsvRows(
      exportedEntries(
        [
          { kind: 'comment', createdAt: '2026-03-04T09:05:00', comment },
          { kind: 'note', createdAt: null, note: lessonNote, author: null },
        ],
        names,
        self,
      ),
    );
    expect(rows[0]).toEqual([...recordCsvHeader]);
    expect(rows[1]).toEqual([
      '2026-03-04 09:05',
      'Comment',
      'Dana Okafor',
      'Cyber Ops 26-A',
      'Cyber Operations',
      'No particular lesson',
      '=HYPERLINK("http://evil")',
    ]);
    expect(rows[2]?.slice(0, 3)).toEqual(['Not known', 'Lesson note', 'Not known']);
    // Written to the file inert: a spreadsheet shows the text and never runs it.
    expect(csvText(rows)).toContain(`,"'=HYPERLINK(""http://evil"")"\r\n`);
    expect(recordFileName('Jordan Lee', new Date(2026, 2, 4))).toBe('record-jordan-lee-2026-03-04.csv');
  });
});

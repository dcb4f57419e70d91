/** A class handed over: each student's counts and the newest dated entry about them, and the CSV's rows. */
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../contract/comments';
import type { Note } from '../../../contract/notes';
import type { ClassStudent } from '../../../contract/roster';
import { userSummary } from '../../test/fixtures';
import { classCsvHeader, classCsvRows, classFileName, exportedStudents } from './class-export';

const trainer = userSummary('usr-t', { firstName: 'Dana', lastName: 'Okafor' });
const ann: ClassStudent = {
  ...userSummary('usr-a', { firstName: 'Ann', lastName: 'Archer', handle: '@ann' }),
  studentId: 'stu-a',
  displayRank: 'A1C',
};
const ben: ClassStudent = {
  ...userSummary('usr-b', { firstName: 'Ben', lastName: 'Brook', handle: 'ben' }),
  studentId: 'stu-b',
};
const cy: ClassStudent = {
  ...userSummary('usr-c', { firstName: 'Cy', lastName: 'Cole', handle: 'cy' }),
  studentId: 'stu-c',
};
const comment = (id: string, about: ClassStudent, createdAt?: string): Comment => ({
  commentId: id,
  student: about,
  author: trainer,
  course: 'crs-1',
  lesson: '',
  class: 'cls-1',
  text: `comment ${id}`,
  ...(createdAt ? { createdAt } : {}),
});
const note = (id: string, studentId: string, createdAt?: string): Note => ({
  noteId: id,
  text: `note ${id}`,
  classId: 'cls-1',
  userId: 'usr-x',
  studentId,
  courseId: 'crs-1',
  lessonId: 'les-1',
  ...(createdAt ? { createdAt } : {}),
});

describe('a class handed over', () => {
  it('gives each student, in the roster’s order, their counts and the newest dated entry of either kind', () => {
    const students = exportedStudents([ann, ben, cy], {
      comments: [
        comment('1', ann, '2026-01-02T10:00:00.000Z'),
        comment('2', ann, '2026-01-05T10:00:00.000Z'),
        comment('3', ben),
      ],
      notes: [note('4', 'stu-a', '2026-02-01T10:00:00.000Z'), note('5', 'stu-b')],
    });
    expect(students.map((s) => s.name)).toEqual(['Ann Archer', 'Ben Brook', 'Cy Cole']);
    expect(students[0]?.activity).toEqual({
      comments: { count: 2, latest: '2026-01-05T10:00:00.000Z' },
      notes: { count: 1, latest: '2026-02-01T10:00:00.000Z' },
    });
    // The note is newer than both comments; it names no writer, so none is said.
    expect(students[0]?.latest).toEqual({
      kind: 'Lesson note',
      writtenAt: '2026-02-01T10:00:00.000Z',
      author: undefined,
      text: 'note 4',
    });
    // Undated entries (the interface's own lists): counted, but which is the latest is not known.
    expect(students[1]?.activity.comments.count).toBe(1);
    expect(students[1]?.latest).toBeNull();
    expect(students[2]?.activity.comments.count).toBe(0);
  });

  it('writes a row per student, "Not known" only where there are entries but no dates', () => {
    const rows = classCsvRows(
      exportedStudents([ann, ben, cy], {
        comments: [comment('1', ann, '2026-01-05T10:00:00'), comment('3', ben)],
        notes: [],
      }),
    );
    expect(rows[0]).toEqual([...classCsvHeader]);
    expect(rows[1]).toEqual([
      'Ann Archer',
      '@ann',
      'A1C',
      '',
      '',
      '1',
      '2026-01-05 10:00',
      '0',
      '',
      '2026-01-05 10:00',
      'Dana Okafor',
      'Comment',
      'comment 1',
    ]);
    expect(rows[2]?.slice(9)).toEqual(['Not known', '', '', '']);
    expect(rows[3]?.slice(5)).toEqual(['0', '', '0', '', '', '', '', '']);
    expect(classFileName('Cyber Transport 26-A', new Date(2026, 2, 4))).toBe(
      'class-cyber-transport-26-a-2026-03-04.csv',
    );
  });
});

/** A student at a glance: counts, and latest dates only where the answer dates its entries. */
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../contract/comments';
import type { Note } from '../../../contract/notes';
import { userSummary } from '../../test/fixtures';
import { NO_ACTIVITY, summarize, summarizeByPerson, timeOf } from './activity-summary';

const person = (userId: string) => userSummary(userId, { firstName: 'F', lastName: userId });
const comment = (id: string, userId: string, createdAt?: string): Comment =>
  ({
    commentId: id,
    student: person(userId),
    author: person('trainer'),
    course: 'crs-1',
    lesson: '',
    class: 'cls-1',
    text: id,
    ...(createdAt ? { createdAt } : {}),
  }) as Comment;
const note = (id: string, studentId: string | null, userId: string, createdAt?: string): Note =>
  ({
    noteId: id,
    text: id,
    classId: studentId ? 'cls-1' : null,
    userId,
    studentId,
    courseId: studentId ? 'crs-1' : null,
    lessonId: null,
    ...(createdAt ? { createdAt } : {}),
  }) as Note;

describe('summarizeByPerson', () => {
  const enrolments = new Map([
    ['stu-a', 'usr-a'],
    ['stu-b', 'usr-b'],
  ]);

  it('counts each person’s comments and notes, and keeps the newest dated one of each kind', () => {
    const summaries = summarizeByPerson(
      [
        comment('c1', 'usr-a', '2026-01-05T09:00:00.000Z'),
        comment('c2', 'usr-a', '2026-03-01T09:00:00.000Z'),
        comment('c3', 'usr-a', '2026-02-01T09:00:00.000Z'),
        comment('c4', 'usr-b', '2026-01-01T09:00:00.000Z'),
      ],
      [note('n1', 'stu-a', 'usr-a', '2025-12-24T09:00:00.000Z'), note('n2', 'stu-b', 'usr-b')],
      enrolments,
    );
    expect(summaries.get('usr-a')).toEqual({
      comments: { count: 3, latest: '2026-03-01T09:00:00.000Z' },
      notes: { count: 1, latest: '2025-12-24T09:00:00.000Z' },
    });
    // An undated note counts, and gives no date.
    expect(summaries.get('usr-b')).toEqual({
      comments: { count: 1, latest: '2026-01-01T09:00:00.000Z' },
      notes: { count: 1, latest: null },
    });
  });

  it('says nothing about dates when the answer carries none (the interface’s own lists)', () => {
    const summaries = summarizeByPerson([comment('c1', 'usr-a'), comment('c2', 'usr-a')], [], enrolments);
    expect(summaries.get('usr-a')).toEqual({ comments: { count: 2, latest: null }, notes: { count: 0, latest: null } });
  });

  it('files a note by its enrolment, and counts none for a student nothing is written about', () => {
    const summaries = summarizeByPerson([], [note('n1', 'stu-b', 'usr-b'), note('n2', 'stu-x', 'usr-x')], enrolments);
    expect(summaries.get('usr-b')?.notes.count).toBe(1);
    expect(summaries.has('usr-a')).toBe(false);
    // A note about someone outside the class counts for nobody.
    expect(summaries.has('usr-x')).toBe(false);
  });
});

describe('summarize', () => {
  it('counts a record’s entries by kind with the latest date of each', () => {
    expect(
      summarize([
        { kind: 'comment', createdAt: '2026-02-01T10:00:00.000Z' },
        { kind: 'note', createdAt: '2026-02-03T10:00:00.000Z' },
        { kind: 'comment', createdAt: '2026-02-02T10:00:00.000Z' },
      ]),
    ).toEqual({
      comments: { count: 2, latest: '2026-02-02T10:00:00.000Z' },
      notes: { count: 1, latest: '2026-02-03T10:00:00.000Z' },
    });
    expect(summarize([])).toEqual(NO_ACTIVITY);
  });

  it('reads a time only when it is one', () => {
    expect(timeOf({ createdAt: 'yesterday' })).toBeNull();
    expect(timeOf({ createdAt: 3 })).toBeNull();
    expect(timeOf({})).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { type RecordEntry, studentRecordSchema } from '../../../contract/student-record';
import { countEntries, describeCounts, filterChoices, matches } from './record-model';

const person = {
  handle: '@jo',
  firstName: 'Jo',
  lastName: 'Lee',
  userType: 'adult',
  accountType: 'Adult',
  country: 'US',
  profilePic: null,
  coverPhoto: null,
  userId: 'usr-jo',
  anonymous: false,
};
const at = '2026-02-01T10:00:00.000Z';
const comment = (id: string, course: string, lesson: string) => ({
  kind: 'comment',
  createdAt: at,
  comment: { commentId: id, student: person, author: person, course, lesson, class: `cls-${course}`, text: id },
});
const note = (id: string, courseId: string | null, lessonId: string | null) => ({
  kind: 'note',
  createdAt: at,
  author: person,
  note: {
    noteId: id,
    text: id,
    userId: 'usr-jo',
    classId: courseId ? `cls-${courseId}` : null,
    studentId: courseId ? `stu-${courseId}` : null,
    courseId,
    lessonId,
  },
});
// Parsed by the contract, so the fixtures are entries the service could send.
const entries: RecordEntry[] = studentRecordSchema.parse({
  student: person,
  sharedClasses: [],
  entries: [
    comment('c1', 'cyber', 'les-1'),
    comment('c2', 'cyber', ''),
    comment('c3', 'net', 'les-9'),
    note('n1', 'cyber', 'les-1'),
    note('n2', 'net', null),
    note('n3', null, null),
  ],
}).entries;

const ids = (list: RecordEntry[]) =>
  list.map((e) => (e.kind === 'comment' ? e.comment.commentId : e.kind === 'note' ? e.note.noteId : e.commentId));

describe('a student record’s filters and counts', () => {
  it('narrows to a course, leaving out user notes, then to a lesson of it', () => {
    expect(ids(entries.filter((e) => matches(e, { courseId: 'cyber' })))).toEqual(['c1', 'c2', 'n1']);
    expect(ids(entries.filter((e) => matches(e, { courseId: 'cyber', lessonId: 'les-1' })))).toEqual(['c1', 'n1']);
    expect(ids(entries.filter((e) => matches(e, {})))).toHaveLength(6);
  });

  it('counts each kind and says so, naming the whole when filtered', () => {
    expect(countEntries(entries)).toEqual({
      total: 6,
      comments: 3,
      lessonNotes: 1,
      courseNotes: 1,
      userNotes: 1,
      withdrawn: 0,
    });
    expect(describeCounts(countEntries(entries))).toBe(
      '6 entries: 3 comments, 1 lesson note, 1 course note, 1 user note',
    );
    const cyber = entries.filter((e) => matches(e, { courseId: 'cyber' }));
    expect(describeCounts(countEntries(cyber), entries.length)).toBe('3 of 6 entries: 2 comments, 1 lesson note');
    expect(describeCounts(countEntries([]), 6)).toBe('0 of 6 entries');
  });

  it('counts a withdrawn comment apart, filed where the comment was', () => {
    const [mark] = studentRecordSchema.parse({
      student: person,
      sharedClasses: [],
      entries: [
        {
          kind: 'withdrawn',
          createdAt: at,
          withdrawnAt: '2026-03-01T10:00:00.000Z',
          commentId: 'c9',
          author: person,
          class: 'cls-net',
          course: 'net',
          lesson: 'les-9',
        },
      ],
    }).entries;
    if (!mark) throw new Error('the fixture has one entry');
    const all = [...entries, mark];
    expect(describeCounts(countEntries(all))).toBe(
      '7 entries: 3 comments, 1 lesson note, 1 course note, 1 user note, 1 withdrawn comment',
    );
    expect(ids(all.filter((e) => matches(e, { courseId: 'net', lessonId: 'les-9' })))).toEqual(['c3', 'c9']);
  });

  it('offers the courses with entries, and the lessons of the chosen course, with counts', () => {
    expect(filterChoices(entries, {})).toEqual({
      courses: [
        { id: 'cyber', count: 3 },
        { id: 'net', count: 2 },
      ],
      lessons: [
        { id: 'les-1', count: 2 },
        { id: 'les-9', count: 1 },
      ],
    });
    expect(filterChoices(entries, { courseId: 'net' }).lessons).toEqual([{ id: 'les-9', count: 1 }]);
  });
});

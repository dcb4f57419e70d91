/**
 * The browser's own search, where the platform has none: the service's word
 * rule (whole words, `*` for a prefix, case and accents aside, every word),
 * the filters where the lists tell enough, and the order asked for.
 */
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../../contract/comments';
import type { Note } from '../../../../contract/notes';
import { roster, userSummary } from '../../../test/fixtures';
import type { SearchRequest } from '../api/found';
import { searchEntries } from './browser-search';
import { readableOf } from './readable-entries';

const me = 'trainer-1';
const other = 'trainer-2';
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the fixture roster has ${what}`);
  return value;
}
const klass = must(roster.classes[0], 'a class');
const first = must(klass.students[0], 'a student');
const second = must(klass.students[1], 'a second student');

function comment(commentId: string, text: string, authorId: string, createdAt?: string): Comment {
  return {
    commentId,
    student: userSummary(first.userId, { firstName: first.firstName, lastName: first.lastName }),
    author: userSummary(authorId),
    course: klass.courseId,
    lesson: '',
    class: klass.classId,
    text,
    ...(createdAt ? { createdAt } : {}),
  };
}

function note(noteId: string, text: string, extra: Partial<Note> = {}): Note {
  return {
    noteId,
    text,
    classId: klass.classId,
    userId: second.userId,
    studentId: second.studentId,
    courseId: klass.courseId,
    lessonId: null,
    ...extra,
  };
}

const entries = readableOf(
  [
    comment('c1', 'Briefed the class on SAFETY today.', me, '2026-03-02T10:00:00.000Z'),
    comment('c2', 'Safe hands on the flightline.', other, '2026-03-05T10:00:00.000Z'),
    comment('c3', 'Talked with the señor about safety and tools.', other, '2026-03-09T10:00:00.000Z'),
  ],
  [
    note('n1', 'Needs a safety refresher before the range.'),
    note('n2', 'Good <b>safety</b> habits.', { author: userSummary(me), createdAt: '2026-03-07T08:00:00.000Z' }),
  ],
  roster,
);

const ask = (q: string, more: Partial<SearchRequest> = {}): SearchRequest => ({
  q,
  filters: {},
  order: 'relevance',
  ...more,
});
const ids = async (request: SearchRequest) => (await searchEntries(entries, request, me)).map((found) => found.id);

describe('searchEntries', () => {
  it('finds whole words whatever their case, and marks where they stand', async () => {
    const found = await searchEntries(entries, ask('safety'), me);
    expect(found.map((f) => f.id).sort()).toEqual(['c1', 'c3', 'n1', 'n2']);
    const c1 = found.find((f) => f.id === 'c1');
    expect(c1?.text.slice(c1.matches[0]?.start, c1.matches[0]?.end)).toBe('SAFETY');
    // "Safe" is another word: found only when asked for as a prefix.
    expect(await ids(ask('safe'))).toEqual(['c2']);
    expect((await ids(ask('saf*'))).sort()).toEqual(['c1', 'c2', 'c3', 'n1', 'n2']);
  });

  it('folds accents both ways and needs every word', async () => {
    expect(await ids(ask('senor'))).toEqual(['c3']);
    expect(await ids(ask('SEÑOR safety'))).toEqual(['c3']);
    expect(await ids(ask('safety flightline'))).toEqual([]);
  });

  it('narrows by kind, author and days, leaving out what the list does not tell', async () => {
    expect((await ids(ask('safety', { filters: { kind: 'note' } }))).sort()).toEqual(['n1', 'n2']);
    // n1 names no author (a platform note), so neither "me" nor "others" can claim it.
    expect((await ids(ask('safety', { filters: { author: 'me' } }))).sort()).toEqual(['c1', 'n2']);
    expect(await ids(ask('safety', { filters: { author: 'others' } }))).toEqual(['c3']);
    expect((await ids(ask('safety', { filters: { from: '2026-03-05', to: '2026-03-08' } }))).sort()).toEqual(['n2']);
  });

  it('narrows by the enrollment a comment names through the roster', async () => {
    expect((await ids(ask('safety', { filters: { studentId: first.studentId } }))).sort()).toEqual(['c1', 'c3']);
    expect((await ids(ask('safety', { filters: { userId: second.userId } }))).sort()).toEqual(['n1', 'n2']);
  });

  it('orders newest first, the undated after the dated in the lists’ order', async () => {
    expect(await ids(ask('safety', { order: 'newest' }))).toEqual(['c3', 'n2', 'c1', 'n1']);
  });

  it('without words, finds every entry the filters let through, newest first, with nothing marked', async () => {
    // The dates say c3, n2, c2, c1; the undated note comes after them.
    expect(await ids(ask(''))).toEqual(['c3', 'n2', 'c2', 'c1', 'n1']);
    const mine = await searchEntries(entries, ask('', { filters: { author: 'me' } }), me);
    expect(mine.map((found) => found.id)).toEqual(['n2', 'c1']);
    expect(mine.every((found) => found.matches.length === 0)).toBe(true);
  });
});

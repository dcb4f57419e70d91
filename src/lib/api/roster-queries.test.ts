/**
 * The roster from its two sources (mocked HTTP: one module): our service's roster extension in one answer, or
 * the platform's class, student and lesson lists; both give the pages the same roster.
 */
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, userSummary } from '../../test/fixtures';
import { signInSandboxTrainer } from '../../test/sign-in';
import { extensions } from './extensions';
import { rosterQueries } from './roster-queries';

const jordan = userSummary('usr-j', { firstName: 'Jordan', lastName: 'Lee', displayRank: 'A1C' });
const sam = userSummary('usr-s', { firstName: 'Sam', lastName: 'Patel' });
const lesson = { lessonId: 'les-1', name: 'Fault isolation' };

/** The platform's lists of two classes of one course; Jordan is in both. */
const lists: Record<string, (query: URLSearchParams) => unknown> = {
  '/edu/v1/class/list': () => ({
    docs: [
      { groupId: 'cls-a', name: 'Cyber 26A', joinCode: 'ABCDEFGH', course: { courseId: 'crs-1', name: 'Cyber' } },
      { groupId: 'cls-b', name: 'Cyber 26B', joinCode: 'BCDEFGHJ', course: { courseId: 'crs-1', name: 'Cyber' } },
    ],
  }),
  '/edu/v1/student/list': (query) =>
    query.get('classId') === 'cls-a'
      ? {
          docs: [
            { ...jordan, studentId: 'stu-j-a' },
            { ...sam, studentId: 'stu-s-a' },
          ],
        }
      : { docs: [{ ...jordan, studentId: 'stu-j-b' }] },
  '/edu/v1/lesson/course': () => ({ docs: [{ ...lesson, courseId: 'crs-1', locked: false, childLessons: [] }] }),
};

const enrolled = (person: typeof jordan, studentId: string) => ({
  studentId,
  userId: person.userId,
  handle: person.handle,
  firstName: person.firstName,
  lastName: person.lastName,
});

/** The same roster as the extension answers it. */
const extensionAnswer = {
  classes: [
    {
      classId: 'cls-a',
      className: 'Cyber 26A',
      courseId: 'crs-1',
      courseName: 'Cyber',
      lessons: [lesson],
      students: [enrolled(jordan, 'stu-j-a'), enrolled(sam, 'stu-s-a')],
    },
    {
      classId: 'cls-b',
      className: 'Cyber 26B',
      courseId: 'crs-1',
      courseName: 'Cyber',
      lessons: [lesson],
      students: [enrolled(jordan, 'stu-j-b')],
    },
  ],
  people: [jordan, sam],
};

function serve(roster: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, 'http://x');
      if (address.pathname === '/edu/v1/trainer/roster') return roster();
      const list = lists[address.pathname];
      return list
        ? json(200, list(address.searchParams))
        : json(404, { error: { code: 'not_found', message: `No route for GET ${address.pathname}`, requestId: 'r' } });
    }),
  );
}

const asked = () => vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);
const read = () => new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(rosterQueries.mine());
const noRoute = () =>
  json(404, { error: { code: 'not_found', message: 'No route for GET /edu/v1/trainer/roster', requestId: 'r' } });

describe('the roster', () => {
  beforeEach(() => {
    extensions.reset();
    signInSandboxTrainer();
  });

  it('is one read where the service offers the roster extension, the same roster as the platform’s lists give', async () => {
    serve(noRoute);
    const fromLists = await read();
    extensions.reset();
    serve(() => json(200, extensionAnswer));
    const fromExtension = await read();
    expect(asked()).toEqual(['/edu/v1/trainer/roster']);
    expect(fromExtension).toEqual(fromLists);
    expect(fromExtension?.people.get('usr-j')).toMatchObject({ displayRank: 'A1C' });
    expect(fromExtension?.members.get('cls-a')?.map((s) => s.studentId)).toEqual(['stu-j-a', 'stu-s-a']);
  });

  it('comes from the platform’s lists where there is no extension, which is not asked again', async () => {
    serve(noRoute);
    const roster = await read();
    expect(roster?.classes.map((c) => [c.classId, c.students.map((s) => s.studentId)])).toEqual([
      ['cls-a', ['stu-j-a', 'stu-s-a']],
      ['cls-b', ['stu-j-b']],
    ]);
    await read();
    expect(asked().filter((path) => path === '/edu/v1/trainer/roster')).toHaveLength(1);
  });

  it('comes from the platform’s lists where the app may not use the extension (no training scope)', async () => {
    serve(() =>
      json(403, {
        error: { code: 'missing_scope', message: 'The app does not hold the training scope', requestId: 'r' },
      }),
    );
    const roster = await read();
    expect(roster?.classes.map((c) => c.classId)).toEqual(['cls-a', 'cls-b']);
    expect(extensions.offered('training-scope')).toBe(false);
  });

  it('fails where the extension fails for another reason, rather than read the lists behind it', async () => {
    serve(() => json(503, { error: { code: 'unavailable', message: 'Busy', requestId: 'r' } }));
    await expect(read()).rejects.toMatchObject({ status: 503 });
    expect(asked()).toEqual(['/edu/v1/trainer/roster']);
  });
});

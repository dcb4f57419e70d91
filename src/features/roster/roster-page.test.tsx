/** The class page from the platform's lists (mocked HTTP: one component). */

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { extensions } from '../../lib/api/extensions';
import { json, userSummary } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { signInSandboxTrainer } from '../../test/sign-in';
import { Classes } from './roster-page';

const course = { courseId: 'crs-1', name: 'Cyber basics' };
const profile = (userId: string, firstName: string, lastName: string, extra: Record<string, unknown> = {}) =>
  userSummary(userId, { firstName, lastName, ...extra });
const jordan = profile('usr-j', 'Jordan', 'Lee', {
  studentId: 'stu-j',
  displayRank: 'A1C',
  militaryGrade: 'E-3',
  organizationRoles: { afsc: '3D0X2' },
  displayDutyTitle: 'Cyber Systems Apprentice',
});
// As the platform lists a student: no enrolment id, no rank, AFSC or duty title.
const sam = profile('usr-s', 'Sam', 'Patel');

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, 'http://x');
      const key = `${address.pathname}${address.searchParams.get('classId') ? `?${address.searchParams.get('classId')}` : ''}`;
      return key in routes
        ? json(200, routes[key])
        : json(404, { error: { code: 'not_found', message: `No route for ${key}`, requestId: 'r' } });
    }),
  );
}

/** The card of a student in a class's section, as the page shows it now. */
function cardOf(className: string, student: string): HTMLElement {
  const link = within(screen.getByRole('region', { name: className })).getByRole('link', { name: student });
  const card = link.closest('li');
  if (!card) throw new Error(`${student}'s link is in no card`);
  return card;
}

describe('Classes and students', () => {
  beforeEach(() => {
    signInSandboxTrainer();
    extensions.reset();
  });

  it('lists each class with its students, their rank, AFSC and duty title where given, and what is written about them', async () => {
    serve({
      '/edu/v1/class/list': {
        docs: [
          { groupId: 'cls-1', name: 'Cyber 26A', joinCode: 'ABCDEFGH', course },
          { groupId: 'cls-2', name: 'Cyber 26B', joinCode: 'ABCDEFGJ', course },
        ],
      },
      '/edu/v1/student/list?cls-1': { docs: [jordan, sam] },
      '/edu/v1/student/list?cls-2': { docs: [] },
      '/edu/v1/lesson/course': { docs: [] },
      '/edu/v1/student/comment?cls-1': [
        {
          commentId: 'c1',
          student: profile('usr-j', 'Jordan', 'Lee'),
          author: profile('trainer-1', 'Dana', 'Okafor'),
          course: 'crs-1',
          lesson: '',
          class: 'cls-1',
          text: 'Good work',
        },
      ],
      '/edu/v1/note/list?cls-1': [
        {
          noteId: 'n1',
          text: 'a',
          classId: 'cls-1',
          userId: 'usr-j',
          studentId: 'stu-j',
          courseId: 'crs-1',
          lessonId: null,
        },
        {
          noteId: 'n2',
          text: 'b',
          classId: 'cls-1',
          userId: 'usr-j',
          studentId: 'stu-j',
          courseId: 'crs-1',
          lessonId: null,
        },
      ],
      '/edu/v1/student/comment?cls-2': [],
      '/edu/v1/note/list?cls-2': [],
    });
    renderWithProviders(<Classes />);

    const first = await screen.findByRole('region', { name: 'Cyber 26A' });
    // The rows render in the background (a long list never blocks the page).
    const jordanCard = (await within(first).findByRole('link', { name: 'Jordan Lee' })).closest('li') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Jordan Lee' })).toHaveAttribute('href', '/students/usr-j');
    expect(jordanCard).toHaveTextContent('Rank or gradeA1C');
    expect(jordanCard).toHaveTextContent('AFSC3D0X2');
    expect(jordanCard).toHaveTextContent('Duty titleCyber Systems Apprentice');
    // The counts come with the class's lists: the card is looked up afresh once they are in.
    await waitFor(() => expect(within(cardOf('Cyber 26A', 'Jordan Lee')).getByText('1 comment')).toBeInTheDocument());
    expect(within(cardOf('Cyber 26A', 'Jordan Lee')).getByText('2 notes')).toBeInTheDocument();
    // The interface's lists carry no time: no date is shown, none guessed.
    expect(cardOf('Cyber 26A', 'Jordan Lee').querySelector('time')).toBeNull();

    // A student the platform lists without our extension fields: reachable, and nothing said of the rest.
    const samCard = within(first).getByRole('link', { name: 'Sam Patel' }).closest('li') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Sam Patel' })).toHaveAttribute('href', '/students/usr-s');
    expect(samCard).not.toHaveTextContent(/Rank|AFSC|Duty title/);
    expect(within(samCard).getByText('No comments yet')).toBeInTheDocument();
    expect(within(samCard).getByText('No notes yet')).toBeInTheDocument();

    const second = screen.getByRole('region', { name: 'Cyber 26B' });
    expect(within(second).getByText('No students in this class yet')).toBeInTheDocument();

    // Each class's comments and notes are read once a visit: the page's counts and the class's card share the answer.
    const reads = vi
      .mocked(fetch)
      .mock.calls.map(([url]) => new URL(String(url), 'http://x'))
      .filter((url) => /\/(student\/comment|note\/list)$/.test(url.pathname))
      .map((url) => `${url.pathname}?${url.searchParams.get('classId')}`);
    expect(reads.sort()).toEqual([
      '/edu/v1/note/list?cls-1',
      '/edu/v1/note/list?cls-2',
      '/edu/v1/student/comment?cls-1',
      '/edu/v1/student/comment?cls-2',
    ]);
  });

  it('shows the counts and dates the service counted, reading none of the class’s comments and notes', async () => {
    serve({
      '/edu/v1/class/list': { docs: [{ groupId: 'cls-1', name: 'Cyber 26A', joinCode: 'ABCDEFGH', course }] },
      '/edu/v1/student/list?cls-1': { docs: [jordan, sam] },
      '/edu/v1/lesson/course': { docs: [] },
      '/edu/v1/class/activity?cls-1': {
        classId: 'cls-1',
        students: [
          {
            userId: 'usr-j',
            comments: { count: 1204, latest: '2026-03-02T10:00:00.000Z' },
            notes: { count: 3, latest: '2026-02-24T09:00:00.000Z' },
          },
        ],
      },
    });
    renderWithProviders(<Classes />);

    const first = await screen.findByRole('region', { name: 'Cyber 26A' });
    await within(first).findByRole('link', { name: 'Jordan Lee' });
    // The counts come with the class's activity: the card is looked up afresh once they are in.
    await waitFor(() =>
      expect(within(cardOf('Cyber 26A', 'Jordan Lee')).getByText(/1,204 comments/)).toBeInTheDocument(),
    );
    const jordanCard = cardOf('Cyber 26A', 'Jordan Lee');
    expect(within(jordanCard).getByText(/3 notes/)).toBeInTheDocument();
    expect(jordanCard.querySelectorAll('time')).toHaveLength(2);
    const samCard = within(first).getByRole('link', { name: 'Sam Patel' }).closest('li') as HTMLElement;
    expect(within(samCard).getByText('No comments yet')).toBeInTheDocument();
    const listReads = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => /\/(student\/comment|note\/list)$/.test(new URL(String(url), 'http://x').pathname));
    expect(listReads).toEqual([]);
  });

  it('says so when the trainer trains no class', async () => {
    serve({ '/edu/v1/class/list': { docs: [] } });
    renderWithProviders(<Classes />);
    expect(await screen.findByText('You train no classes yet')).toBeInTheDocument();
  });

  it('says what failed, with a retry, when the classes cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 'internal', message: 'Boom', requestId: 'r' } })),
    );
    renderWithProviders(<Classes />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says at once that the service cannot be reached, while the read is still tried again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    // As the app's client does: a read with no answer is sent again, a while later (here, long after the check).
    const retrying = new QueryClient({ defaultOptions: { queries: { retry: 2, retryDelay: 60_000 } } });
    renderWithProviders(
      <QueryClientProvider client={retrying}>
        <Classes />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert', {}, { timeout: 2_000 })).toHaveTextContent('The service cannot be reached');
    expect(screen.queryByText('Loading your classes…')).not.toBeInTheDocument();
    retrying.clear();
  });
});

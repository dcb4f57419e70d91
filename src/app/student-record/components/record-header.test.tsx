/** The record's header: the summary, and the classes and trainers shared with the viewer (mocked HTTP: one component). */
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { extensions } from '../../../lib/api/extensions';
import { rosterQueries } from '../../../lib/api/roster-queries';
import { json } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signInSandboxTrainer } from '../../../test/sign-in';
import prefetchRecord from '../prefetch';
import { recordQueries, sharedClassAudience } from '../record-queries';
import { sharedClassLine } from '../record-test-setup';
import { RecordHeader } from './record-header';

const dana = { userId: 'trainer-1', handle: '@dana', firstName: 'Dana', lastName: 'Okafor' };
const linda = { userId: 'trainer-2', handle: '@linda', firstName: 'Linda', lastName: 'Chen' };
const jordan = {
  handle: '@jlee',
  firstName: 'Jordan',
  lastName: 'Lee',
  userType: 'adult',
  accountType: 'Adult',
  country: 'US',
  profilePic: null,
  coverPhoto: null,
  userId: 'usr-j',
  anonymous: false,
  studentId: 'stu-j',
  displayRank: 'A1C',
  organizationRoles: { afsc: '3D0X2' },
};
const klass = {
  classId: 'cls-1',
  className: 'Cyber 26A',
  courseId: 'crs-1',
  courseName: 'Cyber basics',
  lessons: [],
  students: [{ studentId: 'stu-j', userId: 'usr-j', handle: '@jlee', firstName: 'Jordan', lastName: 'Lee' }],
};
/** A shared class as the record extension names it. */
const sharedOfRecord = {
  classId: 'cls-1',
  className: 'Cyber 26A',
  courseId: 'crs-1',
  courseName: 'Cyber basics',
  studentId: 'stu-j',
};
const roster = {
  classes: [klass],
  people: new Map([['usr-j', jordan]]),
  members: new Map([['cls-1', [jordan]]]),
};

function serve(audience: Response | (() => Response), record?: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/edu/v1/class/list') {
        return json(200, {
          docs: [
            {
              groupId: 'cls-1',
              name: 'Cyber 26A',
              joinCode: 'ABCDEFGH',
              course: { courseId: 'crs-1', name: 'Cyber basics' },
            },
          ],
        });
      }
      if (path === '/edu/v1/student/list') return json(200, { docs: [jordan] });
      if (path === '/edu/v1/lesson/course') return json(200, { docs: [] });
      if (path === '/edu/v1/audience') return typeof audience === 'function' ? audience() : audience.clone();
      if (path === '/edu/v1/trainer/students/usr-j/record' && record) return record.clone();
      return json(404, { error: { code: 'not_found', message: `No route for GET ${path}`, requestId: 'r' } });
    }),
  );
}

const entries = [
  { kind: 'comment' as const, createdAt: '2026-02-01T10:00:00.000Z' },
  { kind: 'comment' as const, createdAt: '2026-03-04T10:00:00.000Z' },
  { kind: 'note' as const, createdAt: null },
];

describe('the record’s header', () => {
  beforeEach(() => {
    signInSandboxTrainer();
  });

  it('sums up the person and names the trainers of the classes shared, as the service gives them', async () => {
    serve(
      json(200, { author: dana, classTrainers: { classId: 'cls-1', className: 'Cyber 26A', trainers: [dana, linda] } }),
    );
    renderWithProviders(
      <RecordHeader
        person={roster.people.get('usr-j')}
        viewerId="trainer-1"
        shared={[{ rosterClass: klass }]}
        entries={entries}
      />,
    );
    const header = screen.getByRole('region', { name: 'Summary' });
    expect(
      within(header)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['A1C', '3D0X2', '2 comments, latest 4 Mar 2026', '1 note']);
    // Looked up afresh once the trainers are in: the line may be another element by then.
    expect(await screen.findByText('Linda Chen')).toBeInTheDocument();
    expect(sharedClassLine()).toHaveTextContent('Cyber 26A (Cyber basics) · Trainers: you, Linda Chen');
  });

  it('names only the viewer as a trainer where the platform does not tell who else trains the class', async () => {
    serve(() =>
      json(404, { error: { code: 'not_found', message: 'No route for GET /edu/v1/audience', requestId: 'r' } }),
    );
    renderWithProviders(
      <RecordHeader
        person={roster.people.get('usr-j')}
        viewerId="trainer-1"
        shared={[{ rosterClass: klass }]}
        entries={[]}
      />,
    );
    await waitFor(() => expect(sharedClassLine()).toHaveTextContent(/^Cyber 26A \(Cyber basics\) · Trainers: you$/));
    expect(
      within(screen.getByRole('region', { name: 'Summary' }))
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['A1C', '3D0X2', 'No comments yet', 'No notes yet']);
  });

  it('names the trainers the record gives for each shared class, asking nothing more', async () => {
    serve(() => {
      throw new Error('the audience was asked for');
    });
    renderWithProviders(
      <RecordHeader
        person={jordan}
        viewerId="trainer-1"
        shared={[
          { known: { ...sharedOfRecord, trainers: [dana, linda] } },
          { known: { ...sharedOfRecord, classId: 'cls-2', className: 'Cyber 26B', trainers: [dana] } },
        ]}
        entries={entries}
      />,
    );
    const header = screen.getByRole('region', { name: 'Summary' });
    expect(
      within(header)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cyber 26A (Cyber basics) · Trainers: you, Linda Chen', 'Cyber 26B (Cyber basics) · Trainers: you']);
    expect(within(header).getByText('A1C')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the record’s prefetch', () => {
  beforeEach(() => {
    // The test before told that this platform has no audience extension, which the client remembers.
    extensions.reset();
    signInSandboxTrainer();
  });

  it('asks who trains each class shared with the person as soon as the roster is in, before the page renders', async () => {
    serve(
      json(200, { author: dana, classTrainers: { classId: 'cls-1', className: 'Cyber 26A', trainers: [dana, linda] } }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchRecord({ queryClient, params: { userId: 'usr-j' }, url: new URL('http://x/students/usr-j') });
    // No page is rendered: the header will find its trainers in the cache.
    await waitFor(() =>
      expect(queryClient.getQueryData(sharedClassAudience(klass).queryKey)?.classTrainers?.trainers).toEqual([
        dana,
        linda,
      ]),
    );
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([url]) => new URL(String(url), 'http://x'))
      .filter((url) => url.pathname === '/edu/v1/audience')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(asked).toEqual([{ kind: 'comment', classId: 'cls-1', studentId: 'stu-j' }]);
  });

  it('asks nothing more where the record extension names the shared classes and their trainers', async () => {
    serve(
      json(200, { author: dana, classTrainers: { classId: 'cls-1', className: 'Cyber 26A', trainers: [dana, linda] } }),
      json(200, { student: jordan, sharedClasses: [{ ...sharedOfRecord, trainers: [dana, linda] }], entries: [] }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchRecord({ queryClient, params: { userId: 'usr-j' }, url: new URL('http://x/students/usr-j') });
    await waitFor(() =>
      expect(queryClient.getQueryData(recordQueries.of('usr-j').queryKey)?.sharedClasses?.[0]?.trainers).toEqual([
        dana,
        linda,
      ]),
    );
    // The roster is read too (the forms need it); once both are in, the prefetch is done.
    await waitFor(() => expect(queryClient.getQueryData(rosterQueries.mine().queryKey)).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const paths = vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);
    expect(paths).toContain('/edu/v1/trainer/students/usr-j/record');
    expect(paths).not.toContain('/edu/v1/audience');
  });
});

import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { extensions } from '../../lib/api/extensions';
import { rosterQueries } from '../../lib/api/roster-queries';
import { json, userSummary } from '../../test/fixtures';
import { signInSandboxTrainer } from '../../test/sign-in';
import { readinessQueries } from './api/readiness-queries';
import prefetchReadiness from './prefetch';

const jordan = userSummary('usr-j', { studentId: 'stu-j' });

/** The service's answers by path; anything else is an unknown address, as the platform answers our extensions. */
function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path in answers) return json(200, answers[path]);
      return json(404, { error: { code: 'not_found', message: `No route for GET ${path}`, requestId: 'r' } });
    }),
  );
}

const roster = {
  '/edu/v1/class/list': {
    docs: [{ groupId: 'cls-1', name: 'Cyber 26A', joinCode: 'ABCDEFGH', course: { courseId: 'crs-1', name: 'Cyber' } }],
  },
  '/edu/v1/student/list': { docs: [jordan] },
  '/edu/v1/lesson/course': { docs: [] },
};

const askedPaths = () => vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);

const prefetch = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchReadiness({ queryClient, params: { classId: 'cls-1' }, url: new URL('http://x/classes/cls-1/readiness') });
  return queryClient;
};

beforeEach(() => {
  extensions.reset();
  signInSandboxTrainer();
});

it('asks for the roster, the plugins and who was written about when, before the page renders', async () => {
  serve({
    ...roster,
    '/mission-planner/v1/plugins': [{ pluginId: 'p1', name: 'Readiness plugin' }],
    '/edu/v1/class/activity': {
      classId: 'cls-1',
      students: [
        {
          userId: 'usr-j',
          comments: { count: 1, latest: '2026-11-01T10:00:00.000Z' },
          notes: { count: 0, latest: null },
        },
      ],
    },
  });
  const queryClient = prefetch();
  // No page is rendered: it will find its heading's class and its evidence in the cache.
  await waitFor(() => expect(queryClient.getQueryData(readinessQueries.writtenAbout('cls-1').queryKey)).toBeDefined());
  expect(queryClient.getQueryData(rosterQueries.mine().queryKey)?.classes.map((c) => c.className)).toEqual([
    'Cyber 26A',
  ]);
  expect(askedPaths()).toContain('/edu/v1/class/activity');
});

it('reads nothing about the class where the platform does not offer the planner', async () => {
  serve(roster);
  const queryClient = prefetch();
  await waitFor(() => expect(queryClient.getQueryState(readinessQueries.plugins().queryKey)?.status).toBe('error'));
  await waitFor(() => expect(queryClient.getQueryData(rosterQueries.mine().queryKey)).toBeDefined());
  await new Promise((resolve) => setTimeout(resolve, 50));
  const asked = askedPaths();
  expect(asked).toContain('/mission-planner/v1/plugins');
  expect(asked.filter((path) => /comment|note|activity/.test(path))).toEqual([]);
});

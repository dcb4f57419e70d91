import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { rosterQueries } from '../../lib/api/roster-queries';
import { json, userSummary } from '../../test/fixtures';
import { signInSandboxTrainer } from '../../test/sign-in';
import prefetchReadiness from './prefetch';

const answers: Record<string, unknown> = {
  '/edu/v1/class/list': {
    docs: [{ groupId: 'cls-1', name: 'Cyber 26A', joinCode: 'ABCDEFGH', course: { courseId: 'crs-1', name: 'Cyber' } }],
  },
  '/edu/v1/student/list': { docs: [userSummary('usr-j', { studentId: 'stu-j' })] },
  '/edu/v1/lesson/course': { docs: [] },
};

it('asks for the roster that names the class in the heading, before the page renders, and nothing else', async () => {
  signInSandboxTrainer();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      return path in answers
        ? json(200, answers[path])
        : json(404, { error: { code: 'not_found', message: `No route for GET ${path}`, requestId: 'r' } });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchReadiness({ queryClient, params: { classId: 'cls-1' }, url: new URL('http://x/classes/cls-1/readiness') });
  // No page is rendered: it will find its heading's class in the cache.
  await waitFor(() =>
    expect(queryClient.getQueryData(rosterQueries.mine().queryKey)?.classes.map((c) => c.className)).toEqual([
      'Cyber 26A',
    ]),
  );
  const asked = vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);
  // The roster extension is asked first; this platform has none, so the roster comes from its lists.
  expect(asked.filter((path) => !(path in answers))).toEqual(['/edu/v1/trainer/roster']);
});

/** When each class's reads start (mocked HTTP: one module's timing). */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../lib/config/runtime-config';
import { sessionStore } from '../../../lib/session/session-store';
import { classActivityQueries } from './class-activity-queries';

/** Every microtask queued so far and those they queue, but no timer: what still runs in the current task. */
async function restOfThisTask() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

const classes = ['cls-1', 'cls-2', 'cls-3', 'cls-4', 'cls-5', 'cls-6'];

/** The classes' lists, each empty; the reads asked for, as `path?classId`, in order. */
function platform(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL) => {
      const address = new URL(String(url), 'http://x');
      asked.push(`${address.pathname}?${address.searchParams.get('classId')}`);
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

describe("a class's comments and notes", () => {
  beforeEach(() => {
    setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
    sessionStore.start('trainer-1', { token: 'token-1' }, 'sandbox');
  });
  afterEach(() => {
    sessionStore.end('signed-out');
    vi.unstubAllGlobals();
  });

  it('are asked for after the task that wanted every class’s, then each class’s once', async () => {
    const asked = platform();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // As the class page subscribes them: every class in one go.
    const answers = classes.map((classId) => queryClient.fetchQuery(classActivityQueries.of(classId)));
    // That task asks nothing: it stays short on a phone, where starting a request costs 1–3 ms.
    await restOfThisTask();
    expect(asked).toEqual([]);
    expect(await Promise.all(answers)).toEqual(classes.map(() => ({ comments: [], notes: [] })));
    expect(asked.sort()).toEqual(
      classes.flatMap((classId) => [`/edu/v1/note/list?${classId}`, `/edu/v1/student/comment?${classId}`]).sort(),
    );
  });

  it('are not asked for when the page went away before their turn', async () => {
    const asked = platform();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers = classes.map((classId) => queryClient.fetchQuery(classActivityQueries.of(classId)));
    await queryClient.cancelQueries({ queryKey: classActivityQueries.all() });
    await Promise.allSettled(answers);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
  });
});

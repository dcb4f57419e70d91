/** When each class's reads start (mocked HTTP: one module's timing). */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { signInSandboxTrainer } from '../../../test/sign-in';
import { restOfThisTask } from '../../../test/tasks';
import { classActivityQueries } from './class-activity-queries';

const classes = ['cls-1', 'cls-2', 'cls-3', 'cls-4', 'cls-5', 'cls-6'];

/** The classes' lists, each empty; `onRead` hears each read asked for, as `path?classId`. */
function platform(onRead: (read: string) => void): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL) => {
      const address = new URL(String(url), 'http://x');
      onRead(`${address.pathname}?${address.searchParams.get('classId')}`);
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

describe("a class's comments and notes", () => {
  beforeEach(() => {
    signInSandboxTrainer();
  });
  afterEach(() => {
    sessionStore.end('signed-out');
    vi.unstubAllGlobals();
  });

  it('are asked for after the task that wanted every class’s, one class a task, each once', async () => {
    // Which task each read starts in: every timer's callback begins a new one (as in a browser, where each
    // timer is a task of its own and the microtasks it queues run before the next).
    let task = 0;
    const realSetTimeout = globalThis.setTimeout;
    vi.stubGlobal('setTimeout', (callback: () => void, ms?: number) =>
      realSetTimeout(() => {
        task++;
        callback();
      }, ms),
    );
    const taskOf = new Map<string, number>();
    platform((read) => taskOf.set(read, task));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // As the class page subscribes them: every class in one go.
    const answers = classes.map((classId) => queryClient.fetchQuery(classActivityQueries.of(classId)));
    // That task asks nothing: it stays short on a phone, where starting a request costs 1–3 ms.
    await restOfThisTask();
    expect(taskOf.size).toBe(0);
    expect(await Promise.all(answers)).toEqual(classes.map(() => ({ comments: [], notes: [] })));
    // Each class's two reads, asked once each, start together in a task of their own, none in the first.
    expect([...taskOf.keys()].sort()).toEqual(
      classes.flatMap((classId) => [`/edu/v1/note/list?${classId}`, `/edu/v1/student/comment?${classId}`]).sort(),
    );
    const tasks = classes.map((classId) => {
      const comments = taskOf.get(`/edu/v1/student/comment?${classId}`);
      expect(taskOf.get(`/edu/v1/note/list?${classId}`)).toBe(comments);
      return comments;
    });
    expect(tasks).not.toContain(0);
    expect(new Set(tasks).size).toBe(classes.length);
  });

  it('are not asked for when the page went away before their turn', async () => {
    const asked: string[] = [];
    platform((read) => asked.push(read));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers = classes.map((classId) => queryClient.fetchQuery(classActivityQueries.of(classId)));
    await queryClient.cancelQueries({ queryKey: classActivityQueries.all() });
    await Promise.allSettled(answers);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
    // Nothing shows as failed: each class is left as it was before it was asked for.
    for (const classId of classes) {
      expect(queryClient.getQueryState(classActivityQueries.of(classId).queryKey)).toMatchObject({
        status: 'pending',
        fetchStatus: 'idle',
        error: null,
      });
    }
  });
});

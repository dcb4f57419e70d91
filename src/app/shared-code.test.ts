import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// What ran, in order: each shared chunk's module as it is evaluated, and each yield to the browser as its task comes.
const ran: string[] = [];
const failing = { roster: false };
/** The tasks asked for and not come yet: the test lets each come (`nextTaskComes`). */
const waiting: (() => void)[] = [];

/** shared-code.ts afresh (it evaluates the shared code once per page load), with the chunks' modules standing in. */
async function freshModule() {
  vi.resetModules();
  vi.doMock('../../contract/users', () => {
    ran.push('people schemas');
    return {};
  });
  vi.doMock('../../contract/roster', () => {
    ran.push('other schemas');
    if (failing.roster) throw new TypeError('Failed to fetch dynamically imported module: /assets/schemas-x.js');
    return {};
  });
  vi.doMock('../lib/api/client', () => {
    ran.push('API client');
    return {};
  });
  vi.doMock('../lib/tasks/next-task', () => ({
    nextTask: () =>
      new Promise<void>((resolve) =>
        waiting.push(() => {
          ran.push('next task');
          resolve();
        }),
      ),
  }));
  return import('./shared-code');
}

/** Lets everything pending run (module imports settle over several turns), then the next task come. */
async function nextTaskComes(): Promise<void> {
  await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
  waiting.shift()?.();
}

function linkSharedCode(): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = '/assets/signed-in-AbCd1234.js';
  document.head.append(link);
}

function hideTab(hidden: boolean): void {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
}

describe('the code signed-in pages share', () => {
  beforeEach(() => {
    ran.length = 0;
    waiting.length = 0;
    failing.roster = false;
    hideTab(false);
  });
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it('is evaluated a chunk per task when index.html links it: each step only once the task before it has come', async () => {
    linkSharedCode();
    const { sharedCodeEvaluated } = await freshModule();
    let done = false;
    const evaluated = sharedCodeEvaluated().then(() => {
      done = true;
    });

    await nextTaskComes();
    expect(ran).toEqual(['people schemas', 'next task']);
    await nextTaskComes();
    expect(ran).toEqual(['people schemas', 'next task', 'other schemas', 'next task']);
    expect(done).toBe(false);
    await nextTaskComes();
    await evaluated;

    expect(ran).toEqual(['people schemas', 'next task', 'other schemas', 'next task', 'API client', 'next task']);
  });

  it('is evaluated once, whichever pages wait on it', async () => {
    linkSharedCode();
    const { sharedCodeEvaluated } = await freshModule();

    const first = sharedCodeEvaluated();
    const second = sharedCodeEvaluated();
    for (let task = 0; task < 3; task++) await nextTaskComes();
    await Promise.all([first, second]);
    await sharedCodeEvaluated();

    expect(second).toBe(first);
    // A second evaluation would find the modules evaluated, but would wait for its tasks again.
    expect(waiting).toEqual([]);
    expect(ran.filter((step) => step === 'next task')).toHaveLength(3);
  });

  it('is not waited for when index.html does not link it (a static host): no round trip a step', async () => {
    const { sharedCodeEvaluated } = await freshModule();

    await sharedCodeEvaluated();

    expect(ran).toEqual([]);
  });

  it('waits for no task in a hidden tab, whose timers come about once a second', async () => {
    linkSharedCode();
    hideTab(true);
    const { sharedCodeEvaluated } = await freshModule();

    await sharedCodeEvaluated();

    expect(ran).toEqual(['people schemas', 'other schemas', 'API client']);
  });

  it('lets the pages go on when a chunk could not be fetched, and evaluates no step after it', async () => {
    linkSharedCode();
    failing.roster = true;
    const { sharedCodeEvaluated } = await freshModule();

    const evaluated = sharedCodeEvaluated();
    await nextTaskComes();

    await expect(evaluated).resolves.toBeUndefined();
    expect(ran).toEqual(['people schemas', 'next task', 'other schemas']);
  });
});

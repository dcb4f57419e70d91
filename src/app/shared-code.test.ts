import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// What ran, in order: each shared chunk's module as it is evaluated, and each yield to the browser.
const ran: string[] = [];
const failing = { roster: false };

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
    nextTask: async () => {
      ran.push('next task');
    },
  }));
  return import('./shared-code');
}

function linkSharedCode(): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = '/assets/signed-in-AbCd1234.js';
  document.head.append(link);
}

describe('the code signed-in pages share', () => {
  beforeEach(() => {
    ran.length = 0;
    failing.roster = false;
  });
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it('is evaluated a chunk per task when index.html links it, before any page waits on it', async () => {
    linkSharedCode();
    const { sharedCodeEvaluated } = await freshModule();

    await sharedCodeEvaluated();

    expect(ran).toEqual(['people schemas', 'next task', 'other schemas', 'next task', 'API client', 'next task']);
  });

  it('is evaluated once, whichever pages wait on it', async () => {
    linkSharedCode();
    const { sharedCodeEvaluated } = await freshModule();

    const first = sharedCodeEvaluated();
    const second = sharedCodeEvaluated();
    await Promise.all([first, second]);
    await sharedCodeEvaluated();

    expect(second).toBe(first);
    expect(ran.filter((step) => step === 'people schemas')).toHaveLength(1);
  });

  it('is not waited for when index.html does not link it (a static host): no round trip a step', async () => {
    const { sharedCodeEvaluated } = await freshModule();

    await sharedCodeEvaluated();

    expect(ran).toEqual([]);
  });

  it('lets the pages go on when a chunk could not be fetched: the page that needs it says so', async () => {
    linkSharedCode();
    failing.roster = true;
    const { sharedCodeEvaluated } = await freshModule();

    await expect(sharedCodeEvaluated()).resolves.toBeUndefined();
    expect(ran).toEqual(['people schemas', 'next task', 'other schemas']);
  });
});

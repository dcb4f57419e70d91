import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../lib/session/session-store';
import { clearCacheOnSessionChange, createQueryClient } from './query-client';

describe('the query cache and the session', () => {
  it('forgets every answer when the person signs out or another person signs in', () => {
    sessionStore.start('user-1', { token: 't1', refreshToken: 'r1', expiresIn: 60 }, 'sandbox');
    const queryClient = createQueryClient();
    const stop = clearCacheOnSessionChange(queryClient);

    queryClient.setQueryData(['profile', 'me'], { firstName: 'Ann' });
    sessionStore.renew('user-1', { token: 't2', refreshToken: 'r2', expiresIn: 60 });
    expect(queryClient.getQueryData(['profile', 'me'])).toEqual({ firstName: 'Ann' });

    sessionStore.end('signed-out');
    expect(queryClient.getQueryCache().getAll()).toEqual([]);

    queryClient.setQueryData(['profile', 'me'], { firstName: 'Ben' });
    sessionStore.start('user-2', { token: 't3' }, 'token');
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    stop();
  });

  it('keeps only the userId and its session in storage, and drops an anonymous profile’s data when it ends', () => {
    sessionStore.start('anon-1', { token: 't1', refreshToken: 'r1', expiresIn: 60 }, 'anonymous');
    localStorage.setItem('td:user:anon-1:draft:comment', 'unsent');
    expect(Object.keys(localStorage).sort()).toEqual([
      'td:current-user',
      'td:user:anon-1:draft:comment',
      'td:user:anon-1:session',
    ]);
    sessionStore.end('signed-out');
    expect(Object.keys(localStorage)).toEqual([]);
    expect(sessionStore.lastEnd()).toEqual({ reason: 'signed-out', method: 'anonymous' });
  });
});

describe('a mutation that names other features’ queries', () => {
  it('invalidates every query under the keys it names once it succeeds, and settles after the refetch', async () => {
    const queryClient = createQueryClient();
    let fetched = 0;
    const shown = new QueryObserver(queryClient, {
      queryKey: ['student-record', 'usr-1'],
      queryFn: async () => {
        fetched += 1;
        // The refetch takes a while, as over the network.
        if (fetched > 1) await new Promise((resolve) => setTimeout(resolve, 20));
        return { entries: fetched };
      },
    });
    const stop = shown.subscribe(() => {});
    await vi.waitFor(() => expect(shown.getCurrentResult().data).toEqual({ entries: 1 }));
    queryClient.setQueryData(['student-record', 'usr-2'], { entries: 0 });
    queryClient.setQueryData(['comments', 'list', {}], []);

    const save = new MutationObserver(queryClient, {
      mutationFn: async (text: string) => ({ text }),
      meta: { invalidates: [['student-record']] },
    });
    await save.mutate('hello');

    // The record on screen was fetched again before the mutation settled; the one not shown waits, marked stale.
    expect(shown.getCurrentResult().data).toEqual({ entries: 2 });
    expect(queryClient.getQueryState(['student-record', 'usr-2'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['comments', 'list', {}])?.isInvalidated).toBe(false);
    stop();
  });

  it('invalidates nothing when the mutation fails, or names nothing', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['student-record', 'usr-1'], { entries: 1 });

    const failing = new MutationObserver(queryClient, {
      mutationFn: async () => {
        throw new Error('refused');
      },
      meta: { invalidates: [['student-record']] },
    });
    await expect(failing.mutate()).rejects.toThrow('refused');
    const silent = new MutationObserver(queryClient, { mutationFn: async () => 'saved' });
    await silent.mutate();

    expect(queryClient.getQueryState(['student-record', 'usr-1'])?.isInvalidated).toBe(false);
  });
});

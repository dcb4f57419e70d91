import { describe, expect, it } from 'vitest';
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

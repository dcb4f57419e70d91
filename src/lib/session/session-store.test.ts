import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY, userKey } from '../storage/app-storage';
import { sessionStore } from './session-store';

const store = (value: unknown) => {
  localStorage.setItem(CURRENT_USER_KEY, 'user-1');
  localStorage.setItem(userKey('user-1', 'session'), JSON.stringify(value));
  return sessionStore.refreshFromStorage();
};

describe('the stored session', () => {
  it('is read back as it was kept', () => {
    sessionStore.start('user-1', { token: 'token-1', refreshToken: 'refresh-1', expiresIn: 60 }, 'sandbox');
    expect(sessionStore.refreshFromStorage()).toMatchObject({
      userId: 'user-1',
      token: 'token-1',
      refreshToken: 'refresh-1',
      method: 'sandbox',
    });
  });

  it('counts as signed out when what is kept has another shape', () => {
    const good = { token: 't', refreshToken: null, expiresAt: null, method: 'token' };
    expect(store(good)).toMatchObject({ userId: 'user-1', token: 't' });
    for (const bad of [
      { ...good, token: '' },
      { ...good, method: 'password' },
      { ...good, expiresAt: 'soon' },
      { ...good, refreshToken: 7 },
      'token',
      null,
    ]) {
      expect(store(bad)).toBeNull();
    }
  });
});

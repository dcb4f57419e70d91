/**
 * Signing out on a shared browser leaves nothing of the person's unsent text
 * for the next one, and says so first when there is some (mocked HTTP: one
 * component). A session that merely expires keeps the drafts for the person's
 * return.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../lib/config/runtime-config';
import { type CurrentSession, type SignInMethod, sessionStore } from '../lib/session/session-store';
import { userKey } from '../lib/storage/app-storage';
import { renderWithProviders } from '../test/render';
import { SignOutButton } from './sign-out-button';

function signedIn(userId: string, method: SignInMethod, drafts: Record<string, string>): CurrentSession {
  sessionStore.start(userId, { token: `token-${userId}`, refreshToken: 'refresh', expiresIn: 3600 }, method);
  for (const [name, text] of Object.entries(drafts)) localStorage.setItem(userKey(userId, `draft:${name}`), text);
  const session = sessionStore.get();
  if (!session) throw new Error('not signed in');
  return session;
}

const draftsOf = (userId: string) =>
  Object.keys(localStorage).filter((key) => key.startsWith(userKey(userId, 'draft:')));

function serveSignOut() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const auth = new Headers(init.headers).get('Authorization');
      calls.push(`${new URL(url, 'http://x').pathname} ${auth} ${String(init.body)}`);
      return Response.json({ success: true });
    }),
  );
  return calls;
}

const logout = (userId: string) => `/oauth/logout Bearer token-${userId} {"refresh_token":"refresh"}`;

describe('signing out', () => {
  beforeEach(() => {
    setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
  });

  it('with unsent drafts: warns, naming how many, and keeps them if the person cancels', async () => {
    const calls = serveSignOut();
    const session = signedIn('usr-1', 'sandbox', { comment: 'Half a comment', note: 'Half a note' });
    const { user } = renderWithProviders(<SignOutButton session={session} />);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out and discard 2 unsent drafts?' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription(/2 unsent drafts.*deleted from this browser/);
    expect(calls).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(draftsOf('usr-1')).toHaveLength(2);
    expect(sessionStore.get()?.userId).toBe('usr-1');
  });

  it('with an unsent draft kept from an expired session, once confirmed: signs out and deletes it', async () => {
    const calls = serveSignOut();
    signedIn('usr-1', 'sandbox', { comment: 'Half a comment' });
    // Expiry is not signing out: the draft waits for the person's return.
    sessionStore.end('expired', 'usr-1');
    expect(draftsOf('usr-1')).toHaveLength(1);
    const session = signedIn('usr-1', 'sandbox', {});
    const first = renderWithProviders(<SignOutButton session={session} />);

    await first.user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out and discard 1 unsent draft?' });
    expect(dialog).toHaveAttribute('open');
    await first.user.click(within(dialog).getByRole('button', { name: 'Sign out and discard' }));

    await waitFor(() => expect(sessionStore.get()).toBeNull());
    expect(calls).toEqual([logout('usr-1')]);
    expect(Object.keys(localStorage)).toEqual([]);
    first.unmount();

    // Nothing unsent now: the next sign-out asks nothing.
    const next = signedIn('usr-1', 'sandbox', {});
    const { user } = renderWithProviders(<SignOutButton session={next} />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    for (const shown of screen.queryAllByRole('dialog')) expect(shown).not.toHaveAttribute('open');
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    expect(calls).toEqual([logout('usr-1'), logout('usr-1')]);
  });

  it('of an anonymous profile: the one question says the drafts go with the profile', async () => {
    serveSignOut();
    const session = signedIn('anon-1', 'anonymous', { note: 'My first note' });
    const { user } = renderWithProviders(<SignOutButton session={session} />);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out of the anonymous profile?' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription(/1 unsent draft/);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out and discard profile' }));
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('of a pasted token: ends it here without asking the platform, which has no refresh token to end', async () => {
    const calls = serveSignOut();
    sessionStore.start('usr-2', { token: 'pasted' }, 'token');
    const session = sessionStore.get();
    if (!session) throw new Error('not signed in');
    const { user } = renderWithProviders(<SignOutButton session={session} />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    expect(calls).toEqual([]);
  });

  it('whose token needs a refresh (4010): refreshes once, then ends the renewed session on the platform', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('Authorization');
        calls.push(`${url} ${auth} ${String(init.body)}`);
        if (url === '/oauth/token') {
          return Response.json({ access_token: 'fresh', refresh_token: 'r2', token_type: 'Bearer', expires_in: 60 });
        }
        if (auth === 'Bearer fresh') return Response.json({ success: true });
        return new Response(null, { status: 401, headers: { errorcode: '4010', errordescription: 'refresh' } });
      }),
    );
    const session = signedIn('usr-3', 'platform', {});
    const { user } = renderWithProviders(<SignOutButton session={session} />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    expect(calls).toEqual([
      '/oauth/logout Bearer token-usr-3 {"refresh_token":"refresh"}',
      '/oauth/token null {"grant_type":"refresh_token","refresh_token":"refresh","client_id":"sandbox-trainer-dashboard"}',
      '/oauth/logout Bearer fresh {"refresh_token":"r2"}',
    ]);
  });
});

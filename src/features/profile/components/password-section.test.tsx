/** Changing one's own password from the profile (mocked HTTP: one section of one page). */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../lib/config/runtime-config';
import { sessionStore } from '../../../lib/session/session-store';
import { json } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PasswordSection } from './password-section';

type Answer = () => Response | Promise<Response>;

/** The session (or its absence) and what `POST /auth/v1/password` answers; returns the bodies it was sent. */
function serve({ session, change }: { session: Answer; change?: Answer }) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/auth/v1/session') return session();
      if (path === '/auth/v1/password' && init?.method === 'POST' && change) {
        sent.push(JSON.parse(String(init.body)));
        return change();
      }
      return json(404, { error: { code: 'not_found', message: `No route for ${path}` } });
    }),
  );
  return sent;
}

const person = (anonymous: boolean) => () =>
  json(200, { userId: 'trainer-1', clientId: 'app-1', scopes: ['training'], anonymous });
const refused = (issues: { path: string; message: string }[], message = issues[0]?.message ?? '') =>
  json(400, { error: { code: 'invalid_input', message, issues } });

const current = () => screen.getByLabelText(/^Current password/);
const next = () => screen.getByLabelText(/^New password \(required\)/);
const again = () => screen.getByLabelText(/^New password again/);

/** The session query has its answer, so the section has decided whether to show itself. */
const answered = (view: ReturnType<typeof renderWithProviders>) =>
  waitFor(() => expect(view.queryClient.getQueryState(['session-info'])?.status).toBe('success'));

async function fill(view: ReturnType<typeof renderWithProviders>, values: [string, string, string]) {
  await view.user.type(await screen.findByLabelText(/^Current password/), values[0]);
  await view.user.type(next(), values[1]);
  await view.user.type(again(), values[2]);
  await view.user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('the password section of the profile', () => {
  beforeEach(() => {
    setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
    sessionStore.start('trainer-1', { token: 'token-1' }, 'platform');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('changes the password, clears the fields and says the other sign-ins ended', async () => {
    const sent = serve({ session: person(false), change: () => json(200, { success: true, endedSessions: 2 }) });
    const view = renderWithProviders(<PasswordSection />);
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeVisible();
    await fill(view, ['old-pass-word', 'saffron pilot crosses rivers', 'saffron pilot crosses rivers']);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password is changed. You are signed out of your 2 other sign-ins; this one stays.',
    );
    expect(sent).toEqual([{ currentPassword: 'old-pass-word', newPassword: 'saffron pilot crosses rivers' }]);
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
  });

  it('shows the service’s reason for refusing a weak password on its field and keeps everything typed', async () => {
    serve({
      session: person(false),
      change: () => refused([{ path: 'body.newPassword', message: 'This is similar to a commonly used password.' }]),
    });
    const view = renderWithProviders(<PasswordSection />);
    await fill(view, ['old-pass-word', 'password12345', 'password12345']);
    await waitFor(() => expect(next()).toHaveAccessibleDescription(/This is similar to a commonly used password\./));
    expect(next()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(next()).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(/not changed.*What you typed is kept/);
    expect(current()).toHaveValue('old-pass-word');
    expect(next()).toHaveValue('password12345');
    expect(again()).toHaveValue('password12345');
  });

  it('marks the current password when the service says it is not right', async () => {
    serve({
      session: person(false),
      change: () => refused([{ path: 'body.currentPassword', message: 'is not your current password' }]),
    });
    const view = renderWithProviders(<PasswordSection />);
    await fill(view, ['not-it', 'saffron pilot crosses rivers', 'saffron pilot crosses rivers']);
    await waitFor(() => expect(current()).toHaveAccessibleDescription('This is not your current password.'));
    expect(next()).not.toHaveAttribute('aria-invalid');
    expect(next()).toHaveValue('saffron pilot crosses rivers');
  });

  it('checks the fields before sending anything: a short password and a mismatch', async () => {
    const sent = serve({ session: person(false), change: () => json(200, { success: true, endedSessions: 0 }) });
    const view = renderWithProviders(<PasswordSection />);
    await fill(view, ['old-pass-word', 'too short', 'too shorT']);
    expect(next()).toHaveAccessibleDescription(/at least 12 characters/);
    expect(again()).toHaveAccessibleDescription(/not the same as the new password/);
    await waitFor(() => expect(next()).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('is busy while the service answers, and sends once', async () => {
    let answer: (response: Response) => void = () => undefined;
    const sent = serve({
      session: person(false),
      change: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const view = renderWithProviders(<PasswordSection />);
    await fill(view, ['old-pass-word', 'saffron pilot crosses rivers', 'saffron pilot crosses rivers']);
    const busy = screen.getByRole('button', { name: 'Changing your password…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Changing your password…');
    answer(json(200, { success: true, endedSessions: 0 }));
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('You were signed in nowhere else.');
    expect(sent).toHaveLength(1);
  });

  it('gives way to the service’s explanation for a person who has no password here', async () => {
    const message =
      'You have no password here to change: you sign in through your organization, or have not yet set one from an invitation link. An administrator can send you a link to set one.';
    serve({ session: person(false), change: () => json(409, { error: { code: 'conflict', message } }) });
    const view = renderWithProviders(<PasswordSection />);
    await fill(view, ['anything', 'saffron pilot crosses rivers', 'saffron pilot crosses rivers']);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });

  it('is not offered to an anonymous account', async () => {
    const session = vi.fn(person(true));
    serve({ session });
    const view = renderWithProviders(<PasswordSection />);
    await answered(view);
    expect(session).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Change your password' })).toBeNull();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
  });

  it('is not offered where the platform has none of our extensions', async () => {
    const session = vi.fn(() =>
      json(404, { error: { code: 'not_found', message: 'No route for GET /auth/v1/session' } }),
    );
    serve({ session });
    const view = renderWithProviders(<PasswordSection />);
    await answered(view);
    expect(session).toHaveBeenCalled();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
  });
});

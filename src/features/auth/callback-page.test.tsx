/**
 * The callback route's outcomes (mocked HTTP: one component): a good sign-in
 * lands where the person was going, signed in under the userId only; a
 * forged state, a refused code or a cancel leave nobody signed in, say why,
 * and offer to try again. The verifier and state are gone in every case.
 */
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../lib/config/runtime-config';
import { PENDING_SIGN_IN_KEY, savePendingSignIn } from '../../lib/session/pending-sign-in';
import { sessionStore } from '../../lib/session/session-store';
import { renderWithProviders } from '../../test/render';
import CallbackPage from './callback-page';

const profile = {
  userId: 'usr-42',
  handle: '@tess',
  firstName: 'Tess',
  lastName: 'Trainer',
  userType: 'adult',
  accountType: 'Adult',
  country: 'US',
  profilePic: null,
  coverPhoto: null,
  position: null,
  role: null,
  organizationRoles: { afsc: '1N0X1' },
  email: 'tess@example.test',
  trainer: true,
  trainee: false,
  militaryGrade: 'E-5',
  displayRank: 'SSgt',
  gender: 'female',
  displayDutyTitle: 'Instructor',
  civilianGrade: '',
  civilianBand: '',
  jobSeriesNumber: '',
  jobTitle: 'Instructor',
};

let counter = 0;

/** A sign-in under way in this tab, and the callback address the platform sends back to. */
function pendingSignIn(returnPath: string | null = '/students/usr-7') {
  counter += 1;
  const state = `state-${counter}-${'s'.repeat(30)}`;
  const verifier = `verifier-${counter}-${'v'.repeat(40)}`;
  savePendingSignIn({
    state,
    verifier,
    redirectUri: 'http://localhost:3000/auth/callback',
    returnPath,
    startedAt: Date.now(),
  });
  return { state, verifier };
}

function serve(handler: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Landed() {
  const location = useLocation();
  return <p>Landed on {`${location.pathname}${location.search}`}</p>;
}

function openCallback(search: string) {
  window.history.replaceState(null, '', `/auth/callback${search}`);
  return renderWithProviders(
    <Routes>
      <Route path="/auth/callback" element={<CallbackPage />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    { route: `/auth/callback${search}` },
  );
}

const tokens = () =>
  Response.json({ access_token: 'access-1', refresh_token: 'refresh-1', token_type: 'Bearer', expires_in: 3600 });

describe('the sign-in callback', () => {
  beforeEach(() => {
    sessionStorage.clear();
    // Storage is cleared after every test; the store's snapshot must follow.
    sessionStore.refreshFromStorage();
    setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
  });

  it('exchanges the code with the verifier, stores the session under the userId and lands where the person was going', async () => {
    const { state, verifier } = pendingSignIn('/students/usr-7?tab=notes');
    const fetchMock = serve((url) => (url === '/oauth/token' ? tokens() : Response.json(profile)));
    openCallback(`?code=code-1&state=${state}`);

    expect(await screen.findByText('Landed on /students/usr-7?tab=notes')).toBeInTheDocument();
    const [exchange] = fetchMock.mock.calls;
    expect(exchange?.[0]).toBe('/oauth/token');
    expect(JSON.parse(String(exchange?.[1].body))).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'http://localhost:3000/auth/callback',
      code_verifier: verifier,
      client_id: 'sandbox-trainer-dashboard',
    });
    expect(sessionStore.get()).toMatchObject({
      userId: 'usr-42',
      token: 'access-1',
      refreshToken: 'refresh-1',
      method: 'platform',
    });
    expect(localStorage.getItem('td:user:usr-42:session')).not.toContain('Tess');
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it('refuses a state that is not the one this tab sent, without asking the platform anything', async () => {
    pendingSignIn();
    const fetchMock = serve(() => tokens());
    openCallback('?code=code-1&state=forged-state');

    expect(await screen.findByText('This sign-in could not be verified', { exact: false })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStore.get()).toBeNull();
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it('refuses an answer when no sign-in is under way in this tab (stale, or opened elsewhere)', async () => {
    const fetchMock = serve(() => tokens());
    openCallback('?code=code-1&state=some-state');
    expect(await screen.findByText('This sign-in could not be verified', { exact: false })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStore.get()).toBeNull();
  });

  it('says the platform refused a spent or expired code, and signs nobody in', async () => {
    const { state } = pendingSignIn();
    serve(() =>
      Response.json(
        { error: { code: 'invalid_grant', message: 'The code was already used' } },
        { status: 400, headers: { errorcode: '4015' } },
      ),
    );
    openCallback(`?code=code-1&state=${state}`);
    expect(await screen.findByText('The platform refused this sign-in', { exact: false })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it('says the person cancelled on the platform’s page, and signs nobody in', async () => {
    const { state } = pendingSignIn();
    const fetchMock = serve(() => tokens());
    openCallback(`?error=access_denied&error_description=The+person+cancelled&state=${state}`);
    expect(await screen.findByText('You cancelled signing in', { exact: false })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStore.get()).toBeNull();
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it('keeps nobody signed in when the profile cannot be read after the exchange, and ends that session on the platform', async () => {
    const { state } = pendingSignIn();
    const fetchMock = serve((url) => {
      if (url === '/oauth/token') return tokens();
      if (url === '/oauth/logout') return Response.json({ success: true });
      return new Response('', { status: 503, headers: { errorcode: '5003', errordescription: 'down' } });
    });
    openCallback(`?code=code-1&state=${state}`);
    expect(await screen.findByText('Nobody is signed in', { exact: false })).toBeVisible();
    expect(sessionStore.get()).toBeNull();
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/oauth/logout'));
  });

  it('takes the code and state out of the address bar', async () => {
    const { state } = pendingSignIn();
    serve(() => new Response('', { status: 400, headers: { errorcode: '4015', errordescription: 'spent' } }));
    openCallback(`?code=code-1&state=${state}`);
    expect(await screen.findByText('The platform refused this sign-in')).toBeVisible();
    expect(screen.queryByText(/Landed/)).toBeNull();
    // The router's own location (the page re-renders at /auth/callback, without the query).
    await waitFor(() => expect(document.title).toMatch(/did not finish/));
  });
});

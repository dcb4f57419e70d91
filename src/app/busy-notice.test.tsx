import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../contract/endpoints';
import { ErrorState } from '../components/states';
import { call } from '../lib/api/client';
import { setRuntimeConfig } from '../lib/config/runtime-config';
import { sessionStore } from '../lib/session/session-store';
import { BusyNotice } from './busy-notice';
import { BUSY_RETRIES, createQueryClient } from './query-client';

const busy = (retryAfter: string) =>
  new Response(JSON.stringify({ error: { code: 'overloaded', message: 'The service is busy' } }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
  });
const friends = () =>
  new Response(
    JSON.stringify([
      {
        handle: '@ann',
        firstName: 'Ann',
        lastName: 'Archer',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'user-2',
        anonymous: false,
        parentFlags: { cameraDisabled: false, proximityFriends: false },
      },
    ]),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

function serve(...answers: (() => Response)[]) {
  const fetchMock = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (!next) throw new Error('no answer left');
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Friends() {
  const friendsQuery = useQuery({
    queryKey: ['friends'],
    queryFn: ({ signal }) => call(endpoints.myFriends, { signal }),
  });
  if (friendsQuery.isError) return <ErrorState error={friendsQuery.error} what="your friends" />;
  return <p>{friendsQuery.data ? `Friends: ${friendsQuery.data.map((f) => f.firstName).join(', ')}` : 'Loading'}</p>;
}

function SignOut() {
  const signOut = useMutation({ mutationFn: () => call(endpoints.signOut, {}) });
  return (
    <button type="button" onClick={() => signOut.mutate()}>
      {signOut.isSuccess ? 'Signed out' : 'Sign out'}
    </button>
  );
}

function renderApp(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {ui}
      <BusyNotice />
    </QueryClientProvider>,
  );
}

describe('when the service is too busy to take a request', () => {
  beforeEach(() => {
    setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
    sessionStore.start('user-1', { token: 't', refreshToken: 'r', expiresIn: 3600 }, 'sandbox');
  });

  it('says it waits as asked, tries again, and shows the answer', async () => {
    const fetchMock = serve(() => busy('1'), friends);
    renderApp(<Friends />);
    expect(await screen.findByRole('status')).toHaveTextContent('The service is busy. Trying again in 1 second…');
    expect(await screen.findByText('Friends: Ann', {}, { timeout: 3000 })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after a few tries and says the service is busy, with a way to try again', async () => {
    const fetchMock = serve(() => busy('0'));
    renderApp(<Friends />);
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('The service is busy');
    expect(fetchMock).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('sends a refused write again too: the service did nothing with it', async () => {
    const fetchMock = serve(
      () => busy('0'),
      () => new Response(JSON.stringify({ success: true }), { headers: { 'Content-Type': 'application/json' } }),
    );
    renderApp(<SignOut />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Signed out' })).toBeVisible());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not send again a request refused for another reason', async () => {
    const fetchMock = serve(
      () =>
        new Response(JSON.stringify({ error: { code: 'forbidden', message: 'Not yours' } }), {
          status: 403,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '0' },
        }),
    );
    renderApp(<Friends />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not yours');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

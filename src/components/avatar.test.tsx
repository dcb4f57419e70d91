import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../lib/config/runtime-config';
import { sessionStore } from '../lib/session/session-store';
import { renderWithProviders } from '../test/render';
import { restOfThisTask } from '../test/tasks';
import { Avatar } from './avatar';

afterEach(() => {
  sessionStore.end('signed-out');
  vi.unstubAllGlobals();
});

/** A signed-in session on a platform that has every picture; the addresses asked for, in order. */
function platformWithPictures(): string[] {
  setRuntimeConfig({
    environment: 'sandbox',
    platformUrl: 'http://platform.test',
    notesUrl: 'http://platform.test',
    clientId: 'sandbox-trainer-dashboard',
  });
  sessionStore.start('usr-a', { token: 'token-1' }, 'sandbox');
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL) => {
      asked.push(String(url));
      return new Response(JSON.stringify('/9j/4AAQ'), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

const people = Array.from({ length: 12 }, (_, i) => ({ pictureId: `pic-${i}`, name: `Pat Person${i}` }));

function renderPeople() {
  return renderWithProviders(
    <ul>
      {people.map((person) => (
        <li key={person.pictureId}>
          <Avatar pictureId={person.pictureId} name={person.name} alt={`${person.name}’s picture`} />
        </li>
      ))}
    </ul>,
  );
}

describe('a list of people with pictures', () => {
  it('shows every name’s initials at once and asks for the pictures only after the list is on screen, then shows them', async () => {
    const asked = platformWithPictures();
    renderPeople();
    // The render that shows the list has run its effects, which subscribe every avatar's query.
    expect(screen.getAllByRole('img', { name: /\(no picture\)$/ })).toHaveLength(12);
    expect(screen.getAllByText('PP')).toHaveLength(12);
    // Nothing is asked for in the task that put the list on screen: that task stays short.
    await restOfThisTask();
    expect(asked).toEqual([]);
    await waitFor(() => expect(screen.getAllByRole('img', { name: /’s picture$/ })).toHaveLength(12));
    expect(screen.queryByText('PP')).toBeNull();
    expect(asked.map((url) => new URL(url).pathname).sort()).toEqual(
      people.map((person) => `/user/v1/pictures/${person.pictureId}`).sort(),
    );
  });

  it('asks nothing for the pictures of a list that went away before their turn', async () => {
    const asked = platformWithPictures();
    renderPeople().unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
  });
});

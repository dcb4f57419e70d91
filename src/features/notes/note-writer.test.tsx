/**
 * A note says when and by whom it was written from its own fields (our
 * service's `createdAt` and `author`), with no other request, and offers
 * Delete and Edit only as the writer allows (mocked HTTP: one page).
 */
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../../contract/notes';
import type { UserSummary } from '../../../contract/users';
import { rosterNames } from '../../components/roster-fields';
import { setRuntimeConfig } from '../../lib/config/runtime-config';
import { sessionStore } from '../../lib/session/session-store';
import { json, userSummary } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NoteList } from './components/note-list';
import NotePage from './note-page';

const person = (userId: string, firstName: string, lastName: string): UserSummary =>
  userSummary(userId, { handle: `@${firstName.toLowerCase()}`, firstName, lastName });
const viewer = person('trainer-1', 'Dana', 'Reyes');
const colleague = person('trainer-2', 'Marcus', 'Hale');
/** 4 March 2026, 15:20 where the reader is. */
const createdAt = new Date(2026, 2, 4, 15, 20).toISOString();
/** As a person reads that time where they are. */
const shown = '4 Mar 2026, 15:20';
/** The platform's note: neither time nor writer. */
const platformNote: Note = {
  noteId: 'note-77',
  text: 'Calls were clear.',
  classId: 'class-a',
  userId: 'user-2',
  studentId: 'student-2',
  courseId: 'course-1',
  lessonId: 'lesson-2',
};

/** Serves the note; every other address is one the service does not have. Returns the paths asked. */
function serve(note: Note): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname } = new URL(url, 'http://x');
      asked.push(pathname);
      if (pathname === '/edu/v1/note') return json(200, note);
      return json(404, { error: { code: 'not_found', message: `No route for GET ${pathname}` } });
    }),
  );
  return asked;
}

function openPage(note: Note) {
  const asked = serve(note);
  const view = renderWithProviders(
    <Routes>
      <Route path="/notes/:noteId" element={<NotePage />} />
    </Routes>,
    { route: `/notes/${note.noteId}` },
  );
  return { asked, view };
}

beforeEach(() => {
  setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
  sessionStore.start(viewer.userId, { token: 'token-1' }, 'sandbox');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a note’s page', () => {
  it('says its writer and time from the note itself, and offers the writer Edit and Delete', async () => {
    const { asked } = openPage({ ...platformNote, createdAt, author: viewer });
    const line = await screen.findByText(/^Written by/);
    expect(line).toHaveTextContent(`Written by you on ${shown}`);
    expect(line.querySelector('time')).toHaveAttribute('dateTime', createdAt);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete note' })).toBeInTheDocument();
    // Nothing is looked up elsewhere: no student record is read for the writer or the time.
    expect(asked.some((path) => path.includes('/record'))).toBe(false);
  });

  it('names a colleague who wrote it and offers neither Edit nor Delete; a note that does not say keeps Delete', async () => {
    const colleagues = openPage({ ...platformNote, createdAt, author: colleague });
    expect(await screen.findByText(/^Written by/)).toHaveTextContent(`Written by Marcus Hale on ${shown}`);
    expect(screen.getByText('Only the person who wrote this note can change or delete it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete note' })).not.toBeInTheDocument();
    colleagues.view.unmount();

    // The platform's note names no writer or time: nothing is said of them, Delete is offered with who may, no Edit.
    openPage(platformNote);
    expect(await screen.findByText('Only the person who wrote a note can delete it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete note' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Written/)).not.toBeInTheDocument();
  });
});

describe('the notes list', () => {
  it('says who wrote each note and when from the notes themselves, nothing where a note does not say, with no request', () => {
    const asked = serve(platformNote);
    renderWithProviders(
      <NoteList
        notes={[
          { ...platformNote, noteId: 'note-1', createdAt, author: colleague },
          { ...platformNote, noteId: 'note-2', createdAt, author: viewer },
          { ...platformNote, noteId: 'note-3' },
        ]}
        names={rosterNames(null)}
        selfId={viewer.userId}
        showWriters
      />,
    );
    const cards = screen.getAllByRole('article');
    expect(cards[0]).toHaveTextContent(`Written by Marcus Hale on ${shown}`);
    expect(cards[1]).toHaveTextContent(`Written by you on ${shown}`);
    expect(cards[2]).not.toHaveTextContent(/Written/);
    expect(asked).toEqual([]);
  });
});

/** Changing a note where the platform has no corrections loses nothing when either step fails (mocked HTTP: one component). */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../../../contract/notes';
import { extensions } from '../../../lib/api/extensions';
import { json } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signInSandboxTrainer } from '../../../test/sign-in';
import { NoteEdit } from './note-edit';

const old: Note = {
  noteId: 'note-old',
  text: 'First thoughts.',
  classId: 'class-a',
  userId: 'user-2',
  studentId: 'student-2',
  courseId: 'course-1',
  lessonId: 'lesson-2',
};
const failure = { error: { code: 'unavailable', message: 'The database is not reachable' } };

function serve({ create, remove }: { create: 'ok' | 'fail'; remove: 'ok' | 'fail' }) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      asked.push({ method: init?.method ?? 'GET', path, body });
      if (path === '/edu/v1/note' && init?.method === 'PUT') {
        return create === 'ok' ? json(201, { ...old, noteId: 'note-new', text: body.text }) : json(503, failure);
      }
      if (path === '/edu/v1/note/remove') return remove === 'ok' ? json(200, { success: true }) : json(503, failure);
      return json(404, { error: { code: 'not_found', message: `No route for ${path}` } });
    }),
  );
  return asked;
}

async function change(text: string) {
  const view = renderWithProviders(<NoteEdit note={old} selfId="trainer-1" />);
  await view.user.click(screen.getByRole('button', { name: 'Edit' }));
  await view.user.clear(screen.getByLabelText(/^New text/));
  await view.user.type(screen.getByLabelText(/^New text/), text);
  await view.user.click(screen.getByRole('button', { name: 'Save changes' }));
  await view.user.click(screen.getByRole('button', { name: 'Save and delete the old note' }));
  return view;
}

describe('changing a note without corrections', () => {
  afterEach(() => extensions.reset());
  beforeEach(() => {
    // Known absent (found out earlier in the session): Save goes straight to the replacement.
    extensions.markAbsent('corrections');
    signInSandboxTrainer();
  });

  it('saves the new text about the same student and lesson first, and deletes nothing when that fails', async () => {
    const asked = serve({ create: 'fail', remove: 'ok' });
    await change('Second thoughts.');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Nothing was changed.*Your new text is kept/);
    expect(screen.getByLabelText(/^New text/)).toHaveValue('Second thoughts.');
    expect(asked.filter((a) => a.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        path: '/edu/v1/note',
        body: { text: 'Second thoughts.', studentId: 'student-2', lessonId: 'lesson-2' },
      },
    ]);
  });

  it('says both notes exist when the old one could not be deleted, and links to the new one', async () => {
    serve({ create: 'ok', remove: 'fail' });
    await change('Second thoughts.');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /saved as a new note, but this note could not be deleted/,
    );
    expect(screen.getByRole('link', { name: 'Open the new note' })).toHaveAttribute('href', '/notes/note-new');
  });
});

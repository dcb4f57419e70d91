/** Changing a note: corrected in place where the platform offers it, else replaced after saying what happens to the date. */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../../../contract/notes';
import { extensions } from '../../../lib/api/extensions';
import { formatDay } from '../../../lib/format/plain-format';
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
  createdAt: '2026-02-24T09:30:00.000Z',
};

function serve(corrections: boolean) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      asked.push({ method: init?.method ?? 'GET', path, body });
      if (path === '/edu/v1/note/correct' && corrections) {
        return json(200, { ...old, text: body.text, editedAt: '2026-11-27T08:00:00.000Z' });
      }
      if (path === '/edu/v1/note' && init?.method === 'PUT') {
        return json(201, { ...old, noteId: 'note-new', text: body.text, createdAt: '2026-11-27T08:00:00.000Z' });
      }
      if (path === '/edu/v1/note/remove') return json(200, { success: true });
      return json(404, { error: { code: 'not_found', message: `No route for ${init?.method ?? 'GET'} ${path}` } });
    }),
  );
  return asked;
}

async function saveChange(text: string) {
  const view = renderWithProviders(<NoteEdit note={old} selfId="trainer-1" />);
  await view.user.click(screen.getByRole('button', { name: 'Edit' }));
  await view.user.clear(screen.getByLabelText(/^New text/));
  await view.user.type(screen.getByLabelText(/^New text/), text);
  await view.user.click(screen.getByRole('button', { name: 'Save changes' }));
  return view;
}

describe('changing a note', () => {
  afterEach(() => extensions.reset());
  beforeEach(() => {
    signInSandboxTrainer();
  });

  it('corrects it in place where the platform offers it: no dialog, nothing created or removed, the date kept', async () => {
    const asked = serve(true);
    await saveChange('Second thoughts.');
    expect(await screen.findByText(/Note corrected\. It keeps its date, 24 Feb 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked.filter((a) => a.method !== 'GET')).toEqual([
      { method: 'POST', path: '/edu/v1/note/correct', body: { noteId: 'note-old', text: 'Second thoughts.' } },
    ]);
    // The editor closes on the corrected note: Edit again, no text box.
    expect(screen.getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(screen.queryByLabelText(/^New text/)).toBeNull();
  });

  it('where the platform turns out to have no corrections, says plainly what replacing does to the date before doing it', async () => {
    const asked = serve(false);
    const view = await saveChange('Second thoughts.');
    const dialog = await screen.findByRole('dialog', { name: 'Replace this note?' });
    expect(dialog).toHaveTextContent(
      `The note will be saved as new today, ${formatDay(new Date())}; the one of 24 Feb 2026 will be removed.`,
    );
    expect(asked.filter((a) => a.method !== 'GET').map((a) => a.path)).toEqual(['/edu/v1/note/correct']);
    await view.user.click(screen.getByRole('button', { name: 'Save and delete the old note' }));
    await vi.waitFor(() =>
      expect(asked.filter((a) => a.method !== 'GET').map((a) => a.path)).toEqual([
        '/edu/v1/note/correct',
        '/edu/v1/note',
        '/edu/v1/note/remove',
      ]),
    );
    // Known absent now: the next save asks for no correction first.
    expect(extensions.offered('corrections')).toBe(false);
  });
});

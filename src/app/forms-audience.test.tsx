/** The audience line says what the service answers for exactly what the form holds (mocked HTTP: one component). */
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentForm } from '../features/comments/components/comment-form';
import { NoteForm } from '../features/notes/components/note-form';
import { json, roster } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { signInSandboxTrainer } from '../test/sign-in';
import { createQueryClient } from './query-client';

const dana = { userId: 'trainer-1', handle: '@dana', firstName: 'Dana', lastName: 'Okafor' };
const linda = { userId: 'trainer-2', handle: '@linda', firstName: 'Linda', lastName: 'Chen' };

function serveAudience() {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const query = new URL(url, 'http://x').searchParams;
      asked.push(query);
      if (query.get('kind') === 'note' && query.get('userId')) return json(200, { author: dana, classTrainers: null });
      if (query.get('classId') === 'class-b' || query.get('studentId') === 'student-3') {
        return json(200, {
          author: dana,
          classTrainers: { classId: 'class-b', className: 'Bravo flight', trainers: [dana, linda] },
        });
      }
      return json(200, {
        author: dana,
        classTrainers: { classId: 'class-a', className: 'Alpha flight', trainers: [dana] },
      });
    }),
  );
  return asked;
}

describe('who will see it', () => {
  beforeEach(() => {
    signInSandboxTrainer();
  });

  it('a comment form says to choose a class first, then names the class’s trainers the service gives', async () => {
    const asked = serveAudience();
    const { user } = renderWithProviders(
      <CommentForm roster={roster} userId="trainer-1" defaults={{}} onSubmit={async () => undefined} />,
    );
    expect(
      screen.getByText(/Choose the class, and this says who will be able to read the comment/),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Class/), 'Bravo flight (Airfield operations)');
    // The names are separate (bidi-isolated) elements: the sentence is read as the button's description.
    const add = screen.getByRole('button', { name: 'Add comment' });
    await waitFor(() =>
      expect(add).toHaveAccessibleDescription(
        /Visible to you and the trainers of Bravo flight: Dana Okafor \(you\), Linda Chen\./,
      ),
    );
    expect(asked.at(-1)?.get('kind')).toBe('comment');
    expect(asked.at(-1)?.get('classId')).toBe('class-b');

    await user.selectOptions(screen.getByLabelText(/^Class/), 'Alpha flight (Airfield operations)');
    await waitFor(() =>
      expect(add).toHaveAccessibleDescription(/Visible to you and the trainers of Alpha flight: Dana Okafor \(you\)\./),
    );
  });

  it('a note about yourself is visible only to you', async () => {
    const asked = serveAudience();
    renderWithProviders(
      <NoteForm about="self" roster={null} userId="trainer-1" defaults={{}} onSubmit={async () => undefined} />,
    );
    expect(await screen.findByText('Visible only to you.')).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)?.get('userId')).toBe('trainer-1'));
  });

  it('says what the service refused, and saving stays possible', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: { code: 'not_found', message: 'Student "student-9" was not found' } })),
    );
    const { user } = renderWithProviders(
      <NoteForm roster={null} userId="trainer-1" defaults={{}} onSubmit={async () => undefined} />,
    );
    await user.type(screen.getByRole('textbox', { name: /^Student ID/ }), 'student-9');
    await user.type(screen.getByRole('textbox', { name: /^Lesson ID/ }), 'lesson-9');
    expect(await screen.findByText(/Not known for this choice: Student "student-9" was not found/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save note' })).toBeEnabled();
  });
});

describe('who will see it, when the service fails to say', () => {
  beforeEach(() => {
    signInSandboxTrainer();
  });

  it('says so in the form and keeps the form, where a 5xx of another read would replace the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 'internal', message: 'The service failed', requestId: 'r' } })),
    );
    // The app's own client: a server error of a page's read goes to the page's error boundary.
    const client = createQueryClient();
    client.setDefaultOptions({
      ...client.getDefaultOptions(),
      queries: { ...client.getDefaultOptions().queries, retry: false },
    });
    const { user } = renderWithProviders(
      <QueryClientProvider client={client}>
        <CommentForm roster={roster} userId="trainer-1" defaults={{}} onSubmit={async () => undefined} />
      </QueryClientProvider>,
    );
    await user.selectOptions(screen.getByLabelText(/^Class/), 'Bravo flight (Airfield operations)');
    expect(await screen.findByText(/Could not find out who will be able to read it just now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add comment' })).toBeInTheDocument();
  });
});

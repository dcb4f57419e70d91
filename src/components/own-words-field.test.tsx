/** Suggestions from the trainer's own words in a comment's or note's text, by keyboard, and pinned phrases. */
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../contract/comments';
import type { Note } from '../../contract/notes';
import { extensions } from '../lib/api/extensions';
import { sessionStore } from '../lib/session/session-store';
import { json, roster, userSummary } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { signInSandboxTrainer } from '../test/sign-in';
import { OwnWordsField } from './own-words-field';

const me = userSummary('trainer-1');
const coTrainer = userSummary('trainer-2');

const comment = (commentId: string, text: string, author = me, lesson = ''): Comment => ({
  commentId,
  student: userSummary('user-1'),
  author,
  course: 'course-1',
  class: 'class-a',
  lesson,
  text,
});

const comments: Comment[] = [
  comment('c1', 'Clear calls on the radio.'),
  comment('c2', 'clear calls on the radio'),
  comment('c3', 'Clear read-back of every instruction', me, 'lesson-2'),
  comment('c4', 'Clear skies, sloppy checklist', coTrainer),
];
const notes: Note[] = [
  {
    noteId: 'n1',
    text: 'Clearance to taxi was read back late',
    classId: 'class-a',
    userId: 'user-1',
    studentId: 'student-1',
    courseId: 'course-1',
    lessonId: 'lesson-1',
    author: me,
  },
  {
    noteId: 'n2',
    text: 'Clear thinking under pressure (a co-trainer’s note)',
    classId: 'class-a',
    userId: 'user-1',
    studentId: 'student-1',
    courseId: 'course-1',
    lessonId: 'lesson-1',
    author: coTrainer,
  },
];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/edu/v1/student/comment' && (init?.method ?? 'GET') === 'GET') return json(200, comments);
      if (path === '/edu/v1/note/list') return json(200, notes);
      return json(404, { error: { code: 'not_found', message: `No route for ${init?.method ?? 'GET'} ${path}` } });
    }),
  );
}

function Field({ lessonId }: { lessonId?: string }) {
  const [text, setText] = useState('');
  return (
    <OwnWordsField
      id="text"
      label="Comment"
      value={text}
      onChange={setText}
      userId="trainer-1"
      roster={roster}
      values={{ classId: 'class-a', ...(lessonId ? { lessonId } : {}) }}
    />
  );
}

beforeEach(() => {
  signInSandboxTrainer();
  serve();
});
afterEach(() => {
  sessionStore.end('signed-out');
  extensions.reset();
});

const options = () =>
  screen.getAllByRole('option').map((option) => option.querySelector('.suggestion-text')?.textContent);

describe('suggestions from the trainer’s own words', () => {
  it('offers only what the trainer wrote, grouped, the chosen lesson’s first, and says how many', async () => {
    const { user } = renderWithProviders(<Field lessonId="lesson-2" />);
    const box = screen.getByLabelText('Comment');
    // Nothing is read until the trainer starts writing.
    expect(fetch).not.toHaveBeenCalled();
    await user.click(box);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    await user.type(box, 'Clear');
    await screen.findByRole('listbox', { name: 'Your earlier words' });
    expect(options()).toEqual([
      'Clear read-back of every instruction',
      'Clear calls on the radio.',
      'Clearance to taxi was read back late',
    ]);
    expect(screen.getAllByRole('option')[1]).toHaveTextContent('used 2 times');
    expect(screen.getByText('3 suggestions from your earlier words')).toBeInTheDocument();
  });

  it('moves with ArrowDown, inserts with Enter, and the inserted text stays editable', async () => {
    const { user } = renderWithProviders(<Field />);
    const box = screen.getByLabelText('Comment');
    await user.click(box);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    await user.type(box, 'Good landing. clear ca');
    await screen.findByRole('option');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    const first = screen.getAllByRole('option')[0];
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first?.id);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Good landing. Clear calls on the radio.');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveFocus();
    await user.type(box, ' Well done');
    expect(box).toHaveValue('Good landing. Clear calls on the radio. Well done');
  });

  it('closes with Escape, and Enter then writes a new line', async () => {
    const { user } = renderWithProviders(<Field />);
    const box = screen.getByLabelText('Comment');
    await user.click(box);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    await user.type(box, 'Clear');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Clear\n');
  });

  it('pins the text on this device when the platform does not keep pins, and offers it first', async () => {
    const { user } = renderWithProviders(<Field />);
    const box = screen.getByLabelText('Comment');
    await user.click(box);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    await user.type(box, 'Cleared for the solo flight');
    await user.click(screen.getByRole('button', { name: 'Pin this text' }));
    expect(await screen.findByText(/Pinned: it is offered first/)).toBeInTheDocument();
    expect(screen.getByText(/kept on this device only/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('td:user:trainer-1:pins') ?? '[]')).toEqual(['Cleared for the solo flight']);
    await user.clear(box);
    await user.type(box, 'Clear');
    await screen.findByRole('listbox');
    expect(options()[0]).toBe('Cleared for the solo flight');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('pinned');

    await user.click(screen.getByText('Pinned phrases (1)'));
    await user.click(screen.getByRole('button', { name: 'Unpin “Cleared for the solo flight”' }));
    await screen.findByText('Unpinned.');
    expect(JSON.parse(localStorage.getItem('td:user:trainer-1:pins') ?? '[]')).toEqual([]);
  });
});

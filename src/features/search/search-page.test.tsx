/**
 * The search page where the platform has no search (its address answers as
 * unknown): the browser searches the comment and note lists it can read,
 * says so above the results, groups them by person and marks the words; the
 * filters in the URL narrow it.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../contract/comments';
import type { Note } from '../../../contract/notes';
import { extensions } from '../../lib/api/extensions';
import { sessionStore } from '../../lib/session/session-store';
import { userSummary } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { signInSandboxTrainer } from '../../test/sign-in';
import SearchPage from './search-page';

const sam = userSummary('usr-sam', { firstName: 'Sam', lastName: 'Patel' });
const comments: Comment[] = [
  {
    commentId: 'cmt-1',
    student: sam,
    author: userSummary('trainer-1', { firstName: 'Dana', lastName: 'Cruz' }),
    course: 'crs-1',
    class: 'cls-1',
    lesson: '',
    text: 'Briefed the class on safety: <b>clear</b>.',
  },
  {
    commentId: 'cmt-2',
    student: sam,
    author: userSummary('trainer-1'),
    course: 'crs-1',
    class: 'cls-1',
    lesson: '',
    text: 'Late to formation.',
  },
];
const notes: Note[] = [
  {
    noteId: 'note-1',
    text: 'Safety first on the range.',
    classId: null,
    userId: 'usr-jo',
    studentId: null,
    courseId: null,
    lessonId: null,
  },
];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const searchAsked = vi.fn();

beforeEach(() => {
  signInSandboxTrainer();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://dashboard.test');
      if (url.pathname === '/edu/v1/student/comment') return json(200, comments);
      if (url.pathname === '/edu/v1/note/list') return json(200, notes);
      if (url.pathname === '/edu/v1/search') searchAsked(url.searchParams.get('q'));
      // The platform itself: every extension (and here the roster too) is an unknown address.
      return json(404, {
        error: { code: 'not_found', message: `No route for GET ${url.pathname}` },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.end('signed-out');
  extensions.reset();
  searchAsked.mockReset();
});

describe('the search page without the search extension', () => {
  it('searches what the lists give in the browser, says so, and groups and marks the results', async () => {
    renderWithProviders(<SearchPage />, { route: '/search?q=safety' });
    expect(
      await screen.findByText(/Searched the 3 comments and notes you can read, here in this browser/),
    ).toBeInTheDocument();
    expect(searchAsked).toHaveBeenCalledWith('safety');
    expect(screen.getByText('2 results')).toHaveAttribute('role', 'status');

    const samGroup = screen.getByRole('region', { name: /Sam Patel/ });
    const article = within(samGroup).getByRole('article');
    expect(article.querySelector('mark')).toHaveTextContent(/^safety$/);
    // The note's markup is its text: shown, never parsed.
    expect(article).toHaveTextContent('<b>clear</b>');
    expect(article.querySelector('b')).toBeNull();
    expect(within(article).getByRole('link', { name: /Open this comment in Sam Patel’s record/ })).toHaveAttribute(
      'href',
      '/students/usr-sam#comment-cmt-1',
    );
    // Jo is in no class of the trainer's roster here and the note names no one: it is still found, under its own group.
    expect(screen.getAllByRole('region', { name: /results?\)/ })).toHaveLength(2);
    expect(screen.queryByText(/Late to formation/)).toBeNull();
  });

  it('narrows by the kind in the URL', async () => {
    renderWithProviders(<SearchPage />, { route: '/search?q=safety&kind=note' });
    expect(await screen.findByText('1 result')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('Safety first on the range.');
    expect(screen.getByRole('link', { name: /Open this note/ })).toHaveAttribute(
      'href',
      '/students/usr-jo#note-note-1',
    );
  });

  it('lists what the filters alone name, without words, with nothing marked', async () => {
    renderWithProviders(<SearchPage />, { route: '/search?userId=usr-sam&kind=comment' });
    expect(await screen.findByText('2 results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Results, newest first' })).toBeVisible();
    expect(searchAsked).toHaveBeenCalledWith(null);
    const texts = screen.getAllByRole('article').map((article) => article.textContent);
    expect(texts.some((text) => text?.includes('Late to formation.'))).toBe(true);
    expect(texts.some((text) => text?.includes('Safety first'))).toBe(false);
    expect(document.querySelector('mark')).toBeNull();
    // Nothing to rank without words: the order is newest first.
    expect(screen.getByRole('option', { name: 'Best match first' })).toBeDisabled();
  });

  it('asks for words or filters before searching, and says when the filters name nothing', async () => {
    const { unmount } = renderWithProviders(<SearchPage />, { route: '/search' });
    expect(await screen.findByText('What are you looking for?')).toBeInTheDocument();
    expect(searchAsked).not.toHaveBeenCalled();
    unmount();
    renderWithProviders(<SearchPage />, { route: '/search?userId=usr-nobody' });
    expect(await screen.findByText('Nothing written matches these filters')).toBeInTheDocument();
  });

  it('says plainly when nothing holds the words', async () => {
    renderWithProviders(<SearchPage />, { route: '/search?q=parachute' });
    expect(await screen.findByText('No comment or note holds “parachute”')).toBeInTheDocument();
  });
});

/** The author corrects or withdraws their comment from its card; others are offered neither. */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../contract/comments';
import type { UserSummary } from '../../../../contract/users';
import type { RosterNames } from '../../../components/roster-fields';
import { extensions } from '../../../lib/api/extensions';
import { json } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signInSandboxTrainer } from '../../../test/sign-in';
import { CommentCard } from './comment-card';

const person = (userId: string, firstName: string, lastName: string): UserSummary => ({
  userId,
  handle: `@${firstName.toLowerCase()}`,
  firstName,
  lastName,
  userType: 'adult',
  accountType: 'Adult',
  country: 'US',
  profilePic: null,
  coverPhoto: null,
  anonymous: false,
});
const comment: Comment = {
  commentId: 'cmt-1',
  student: person('user-2', 'Sam', 'Patel'),
  author: person('trainer-1', 'Dana', 'Okafor'),
  course: 'course-1',
  lesson: '',
  class: 'class-a',
  text: 'Radio calls hesitent.',
  createdAt: '2026-02-24T09:30:00.000Z',
  editedAt: '2026-03-01T10:00:00.000Z',
};
const names: RosterNames = {
  classes: new Map([['class-a', 'Cyber 26-A']]),
  courses: new Map([['course-1', 'Cyber basics']]),
  lessons: new Map(),
  students: new Map(),
  users: new Map(),
};

function serve() {
  const asked: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname: path } = new URL(url, 'http://x');
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      asked.push({ method: init?.method ?? 'GET', path, body });
      if (path === '/edu/v1/student/comment/correct') return json(200, { ...comment, text: body.text });
      if (path === '/edu/v1/student/comment/withdraw') {
        return json(200, { commentId: body.commentId, withdrawnAt: '2026-11-27T08:00:00.000Z' });
      }
      if (path === '/edu/v1/student/comment/versions') {
        return json(200, [
          {
            text: 'Radio calls hesitant?',
            writtenAt: '2026-02-25T09:30:00.000Z',
            replacedAt: '2026-03-01T10:00:00.000Z',
          },
          { text: 'Radio calls weak.', writtenAt: '2026-02-24T09:30:00.000Z', replacedAt: '2026-02-25T09:30:00.000Z' },
        ]);
      }
      return json(404, { error: { code: 'not_found', message: `No route for ${path}` } });
    }),
  );
  return asked;
}

describe('a comment’s corrections', () => {
  afterEach(() => extensions.reset());
  beforeEach(() => {
    signInSandboxTrainer();
  });

  it('shows when it was edited, and its earlier wordings, newest first, one click away', async () => {
    const asked = serve();
    const view = renderWithProviders(<CommentCard comment={comment} names={names} showTime selfId="user-9" />);
    expect(screen.getByText(/edited/)).toHaveTextContent('edited 1 Mar 2026');
    // Nothing is read before it is opened.
    expect(asked).toEqual([]);
    await view.user.click(screen.getByText('Earlier wording'));
    const list = await screen.findByRole('list', { name: 'Earlier wording' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.user-text')?.textContent)).toEqual([
      'Radio calls hesitant?',
      'Radio calls weak.',
    ]);
    expect(asked.map((a) => `${a.method} ${a.path}`)).toEqual(['GET /edu/v1/student/comment/versions']);
  });

  it('offers nothing to someone who did not write it', () => {
    serve();
    renderWithProviders(<CommentCard comment={comment} names={names} selfId="user-9" />);
    expect(screen.queryByRole('button', { name: 'Correct' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('lets the author correct the text, checked as a new comment is', async () => {
    const asked = serve();
    const view = renderWithProviders(<CommentCard comment={comment} names={names} selfId="trainer-1" />);
    await view.user.click(screen.getByRole('button', { name: 'Correct' }));
    const box = screen.getByLabelText(/^Corrected text/);
    await view.user.clear(box);
    await view.user.type(box, '   ');
    await view.user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText(/must not be blank/)).toBeInTheDocument();
    await view.user.clear(box);
    await view.user.type(box, 'Radio calls hesitant.');
    await view.user.click(screen.getByRole('button', { name: 'Save correction' }));
    // The card, corrected, takes focus and says so (issue 34: focus dropped to the page's top).
    expect(await screen.findByText('Comment corrected')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveFocus();
    expect(asked.filter((a) => a.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/edu/v1/student/comment/correct',
        body: { commentId: 'cmt-1', text: 'Radio calls hesitant.' },
      },
    ]);
  });

  it('withdraws only once confirmed, after saying who still sees the mark', async () => {
    const asked = serve();
    const view = renderWithProviders(<CommentCard comment={comment} names={names} selfId="trainer-1" />);
    await view.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this comment?' });
    expect(dialog).toHaveTextContent(/to you and the trainers of Cyber 26-A, that you withdrew it on/);
    expect(asked.filter((a) => a.method === 'POST')).toEqual([]);
    await view.user.click(within(dialog).getByRole('button', { name: 'Withdraw the comment' }));
    expect(await screen.findByText(/^Comment withdrawn\. The student’s record keeps a mark/)).toBeInTheDocument();
    expect(asked.filter((a) => a.method === 'POST').map((a) => a.body)).toEqual([{ commentId: 'cmt-1' }]);
  });
});

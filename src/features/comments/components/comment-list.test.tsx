/** A long comment list renders a page at a time; "Show more comments" appends the next page. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../contract/comments';
import type { UserSummary } from '../../../../contract/users';
import { FIRST_PAGE, type MorePages, NEXT_PAGE, RENDER_SLICE } from '../../../components/incremental-list';
import { rosterNames } from '../../../components/roster-fields';
import { renderWithProviders } from '../../../test/render';
import { CommentList } from './comment-list';

function person(userId: string, firstName: string): UserSummary {
  return {
    userId,
    handle: `@${firstName.toLowerCase()}`,
    firstName,
    lastName: 'Tester',
    userType: 'user',
    accountType: 'standard',
    country: 'NL',
    profilePic: null,
    coverPhoto: null,
    anonymous: false,
  };
}

const comments: Comment[] = Array.from({ length: 120 }, (_, index) => ({
  commentId: `cmt-${index}`,
  student: person('usr-s', 'Sam'),
  author: person('usr-t', 'Dana'),
  course: 'crs-1',
  class: 'cls-1',
  lesson: '',
  text: `Comment number ${index + 1}`,
}));

function show(list: readonly Comment[]) {
  return renderWithProviders(<CommentList comments={list} names={rosterNames(null)} listKey="all" />);
}

/** The rows go on screen a slice per task: wait until `count` are. */
const rowsOnScreen = (count: number) =>
  waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(count), { timeout: 10_000 });

describe('CommentList', () => {
  it('puts a first screenful on screen at once and the rest of the page in later tasks', async () => {
    show(comments);
    // What the first commit holds: one slice, not the whole first page.
    expect(await screen.findAllByRole('article')).toHaveLength(RENDER_SLICE);
    await rowsOnScreen(FIRST_PAGE);
    expect(screen.getByText('Comment number 1')).toBeInTheDocument();
    expect(screen.getByText(`Comment number ${FIRST_PAGE}`)).toBeInTheDocument();
  });

  it('shows the first page of a long list, then a page more on "Show more comments", focusing the first new one', async () => {
    show(comments);
    await rowsOnScreen(FIRST_PAGE);
    expect(screen.getByRole('status')).toHaveTextContent(`Showing ${FIRST_PAGE} of 120 comments`);

    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await rowsOnScreen(FIRST_PAGE + NEXT_PAGE);
    expect(screen.getByRole('status')).toHaveTextContent(`Showing ${FIRST_PAGE + NEXT_PAGE} of 120 comments`);
    await waitFor(() => expect(screen.getByText(`Comment number ${FIRST_PAGE + 1}`).closest('li')).toHaveFocus());

    while (screen.queryByRole('button', { name: 'Show more comments' })) {
      await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    }
    await rowsOnScreen(120);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 120 comments');
    // Role queries over 120 cards are slow in jsdom on a busy machine; this test is about behaviour, not speed.
  }, 30_000);

  it('shows a short list whole, without a count or button', async () => {
    show(comments.slice(0, 7));
    await rowsOnScreen(7);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('links each student’s name, not the author’s, to the student’s whole record', async () => {
    show([{ ...comments[0], student: person('usr-ana', 'Ana'), author: person('usr-bo', 'Bo') } as Comment]);
    expect(await screen.findByRole('link', { name: 'Ana Tester' })).toHaveAttribute('href', '/students/usr-ana');
    expect(screen.queryByRole('link', { name: 'Bo Tester' })).not.toBeInTheDocument();
  });
});

describe('CommentList of a list the service pages', () => {
  function showPaged(list: readonly Comment[], more: MorePages) {
    const client = new QueryClient();
    const ui = (rows: readonly Comment[], rest: MorePages) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <CommentList comments={rows} names={rosterNames(null)} listKey="all" more={rest} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const view = render(ui(list, more));
    return { rerender: (rows: readonly Comment[], rest: MorePages) => view.rerender(ui(rows, rest)) };
  }
  const status = () => screen.getByRole('status');

  it('asks for the next page before the loaded rows run out, and counts "N+" until the last page', async () => {
    const many = [...comments, ...comments.map((c) => ({ ...c, commentId: `${c.commentId}-b` }))].slice(0, 170);
    const load = vi.fn();
    const view = showPaged(many.slice(0, 120), { hasMore: true, loading: false, failed: false, load });
    await rowsOnScreen(FIRST_PAGE);
    expect(status()).toHaveTextContent(`Showing ${FIRST_PAGE} of 120+ comments`);
    expect(load).not.toHaveBeenCalled();

    // Shown and a rendered page more reach the 120 loaded: the next page is asked for.
    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await rowsOnScreen(FIRST_PAGE + NEXT_PAGE);
    expect(load).toHaveBeenCalledTimes(1);
    view.rerender(many.slice(0, 120), { hasMore: true, loading: true, failed: false, load });
    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(status()).toHaveTextContent('Showing 120 comments; loading more…');
    expect(screen.getByRole('button', { name: 'Show more comments' })).toBeDisabled();

    view.rerender(many, { hasMore: false, loading: false, failed: false, load });
    await waitFor(() => expect(status()).toHaveTextContent('Showing 120 of 170 comments'));
    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await rowsOnScreen(170);
    expect(status()).toHaveTextContent('Showing all 170 comments');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when the next page could not be loaded, and tries again only when asked', async () => {
    const load = vi.fn();
    showPaged(comments.slice(0, FIRST_PAGE), { hasMore: true, loading: false, failed: true, load });
    await screen.findAllByRole('article');
    expect(status()).toHaveTextContent(`Showing ${FIRST_PAGE} comments; the next ones could not be loaded.`);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try loading more comments again' }));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

/** A long comment list renders a page at a time; "Show more comments" appends the next page. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../contract/comments';
import type { UserSummary } from '../../../../contract/users';
import type { MorePages } from '../../../components/incremental-list';
import { rosterNames } from '../../../components/roster-fields';
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
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <CommentList comments={list} names={rosterNames(null)} listKey="all" />
    </QueryClientProvider>,
  );
}

describe('CommentList', () => {
  it('shows the first 50 of a long list, then 50 more on "Show more comments", focusing the first new one', async () => {
    show(comments);
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 50 of 120 comments');

    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(screen.getAllByRole('article')).toHaveLength(100);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 100 of 120 comments');
    expect(screen.getByText('Comment number 51').closest('li')).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(screen.getAllByRole('article')).toHaveLength(120);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 120 comments');
    expect(screen.queryByRole('button', { name: 'Show more comments' })).not.toBeInTheDocument();
  });

  it('shows a short list whole, without a count or button', () => {
    show(comments.slice(0, 7));
    expect(screen.getAllByRole('article')).toHaveLength(7);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('CommentList of a list the service pages', () => {
  function showPaged(list: readonly Comment[], more: MorePages) {
    const client = new QueryClient();
    const ui = (rows: readonly Comment[], rest: MorePages) => (
      <QueryClientProvider client={client}>
        <CommentList comments={rows} names={rosterNames(null)} listKey="all" more={rest} />
      </QueryClientProvider>
    );
    const view = render(ui(list, more));
    return { rerender: (rows: readonly Comment[], rest: MorePages) => view.rerender(ui(rows, rest)) };
  }

  it('asks for the next page before the loaded rows run out, and counts "N+" until the last page', async () => {
    const many = [...comments, ...comments.map((c) => ({ ...c, commentId: `${c.commentId}-b` }))].slice(0, 170);
    const load = vi.fn();
    const view = showPaged(many.slice(0, 120), { hasMore: true, loading: false, failed: false, load });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 50 of 120+ comments');
    expect(load).not.toHaveBeenCalled();

    // 100 shown of 120 loaded: less than a page left in hand, so the next is asked for.
    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(load).toHaveBeenCalledTimes(1);
    view.rerender(many.slice(0, 120), { hasMore: true, loading: true, failed: false, load });
    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 120 comments; loading more…');
    expect(screen.getByRole('button', { name: 'Show more comments' })).toBeDisabled();

    act(() => view.rerender(many, { hasMore: false, loading: false, failed: false, load }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 120 of 170 comments');
    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(screen.getAllByRole('article')).toHaveLength(170);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 170 comments');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when the next page could not be loaded, and tries again only when asked', async () => {
    const load = vi.fn();
    showPaged(comments.slice(0, 50), { hasMore: true, loading: false, failed: true, load });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 50 comments; the next ones could not be loaded.');
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try loading more comments again' }));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

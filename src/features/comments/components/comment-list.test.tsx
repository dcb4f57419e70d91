/** A long comment list renders a page at a time; "Show more comments" appends the next page. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../../contract/comments';
import type { UserSummary } from '../../../../contract/users';
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
    // Role queries over 120 cards are slow in jsdom on a busy machine; this test is about behaviour, not speed.
  }, 30_000);

  it('shows a short list whole, without a count or button', () => {
    show(comments.slice(0, 7));
    expect(screen.getAllByRole('article')).toHaveLength(7);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('links each student’s name, not the author’s, to the student’s whole record', () => {
    show([{ ...comments[0], student: person('usr-ana', 'Ana'), author: person('usr-bo', 'Bo') } as Comment]);
    expect(screen.getByRole('link', { name: 'Ana Tester' })).toHaveAttribute('href', '/students/usr-ana');
    expect(screen.queryByRole('link', { name: 'Bo Tester' })).not.toBeInTheDocument();
  });
});

/** A long comment list renders a page at a time; "Show more comments" appends the next page. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../../contract/comments';
import type { UserSummary } from '../../../../contract/users';
import { FIRST_PAGE, NEXT_PAGE } from '../../../components/incremental-list';
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
  it('shows the first page of a long list, then a page more on "Show more comments", focusing the first new one', async () => {
    show(comments);
    expect(await screen.findAllByRole('article')).toHaveLength(FIRST_PAGE);
    expect(screen.getByRole('status')).toHaveTextContent(`Showing ${FIRST_PAGE} of 120 comments`);

    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(screen.getAllByRole('article')).toHaveLength(FIRST_PAGE + NEXT_PAGE);
    expect(screen.getByRole('status')).toHaveTextContent(`Showing ${FIRST_PAGE + NEXT_PAGE} of 120 comments`);
    expect(screen.getByText(`Comment number ${FIRST_PAGE + 1}`).closest('li')).toHaveFocus();

    while (screen.queryByRole('button', { name: 'Show more comments' })) {
      await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    }
    expect(screen.getAllByRole('article')).toHaveLength(120);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 120 comments');
    // Role queries over 120 cards are slow in jsdom on a busy machine; this test is about behaviour, not speed.
  }, 30_000);

  it('shows a short list whole, without a count or button', async () => {
    show(comments.slice(0, 7));
    expect(await screen.findAllByRole('article')).toHaveLength(7);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('links each student’s name, not the author’s, to the student’s whole record', async () => {
    show([{ ...comments[0], student: person('usr-ana', 'Ana'), author: person('usr-bo', 'Bo') } as Comment]);
    expect(await screen.findByRole('link', { name: 'Ana Tester' })).toHaveAttribute('href', '/students/usr-ana');
    expect(screen.queryByRole('link', { name: 'Bo Tester' })).not.toBeInTheDocument();
  });
});

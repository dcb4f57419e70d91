/** A comment card says when the comment was written from the comment itself (our service's `createdAt`), with no other request. */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../contract/comments';
import { rosterNames } from '../../../components/roster-fields';
import { userSummary } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CommentList } from './comment-list';

const person = (userId: string, firstName: string) =>
  userSummary(userId, { firstName, handle: `@${firstName.toLowerCase()}` });
/** 4 March 2026, 15:20 where the reader is. */
const createdAt = new Date(2026, 2, 4, 15, 20).toISOString();
const base: Comment = {
  commentId: 'cmt-1',
  student: person('usr-s', 'Sam'),
  author: person('usr-t', 'Dana'),
  course: 'crs-1',
  class: 'cls-1',
  lesson: '',
  text: 'Steady progress.',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a comment card', () => {
  it('says when it was written where the comment carries it, and nothing where it does not (the platform)', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(
      <CommentList
        comments={[
          { ...base, createdAt },
          { ...base, commentId: 'cmt-2', text: 'From the platform.' },
        ]}
        names={rosterNames(null)}
        listKey="all"
      />,
    );
    const [dated, undated] = screen.getAllByRole('article');
    expect(dated).toHaveTextContent('Written on 4 Mar 2026, 15:20');
    expect(dated?.querySelector('time')).toHaveAttribute('dateTime', createdAt);
    expect(undated).not.toHaveTextContent(/Written/);
    // The time is the comment's own: no student record is read for it.
    expect(fetch).not.toHaveBeenCalled();
  });
});

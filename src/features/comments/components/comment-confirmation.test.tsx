/** Where the eye is: the comment just added is shown, marked and focused; the form says who does not read it. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../contract/comments';
import { rosterNames } from '../../../components/roster-fields';
import { roster, userSummary } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';

const person = (userId: string, firstName: string) =>
  userSummary(userId, { firstName, handle: `@${firstName.toLowerCase()}` });

const comments: Comment[] = Array.from({ length: 30 }, (_, index) => ({
  commentId: `cmt-${index}`,
  student: person('usr-s', 'Sam'),
  author: person('usr-t', 'Dana'),
  course: 'crs-1',
  class: 'cls-1',
  lesson: '',
  text: `Comment number ${index + 1}`,
}));

describe('a comment just added', () => {
  it('is marked "Comment added", highlighted and focused, and no other is', async () => {
    renderWithProviders(<CommentList comments={comments} names={rosterNames(null)} listKey="all" justAdded="cmt-0" />);
    const card = (await screen.findByText('Comment number 1')).closest('li');
    expect(card).toHaveFocus();
    expect(card).toHaveClass('card-just-added');
    expect(card).toHaveTextContent('Comment added');
    expect(screen.getAllByText('Comment added')).toHaveLength(1);
    expect(screen.getByText('Comment number 2').closest('li')).not.toHaveClass('card-just-added');
  });
});

describe('the comment form', () => {
  it('says, before saving, that the student does not see comments', () => {
    renderWithProviders(
      <CommentForm roster={roster} userId="trainer-1" defaults={{}} onSubmit={vi.fn(async () => undefined)} />,
    );
    expect(screen.getByRole('button', { name: 'Add comment' })).toHaveAccessibleDescription(
      /the student does not see them/,
    );
  });
});

describe('a comment card', () => {
  it('names its class, course and lesson from the roster, and never shows their ids', async () => {
    const named: Comment = { ...comments[0], class: 'class-b', course: 'course-1', lesson: 'lesson-3' } as Comment;
    const unknown: Comment = { ...comments[1], class: 'cls-x', course: 'crs-x', lesson: 'les-x' } as Comment;
    renderWithProviders(<CommentList comments={[named, unknown]} names={rosterNames(roster)} listKey="all" />);
    const [first, second] = await screen.findAllByRole('article');
    expect(first).toHaveTextContent(/Bravo flight.*Airfield operations.*Weather briefing/);
    expect(second).toHaveTextContent(/Not one of your classes.*Not in your classes.*Not in your classes/);
    expect(document.body.textContent).not.toMatch(/cls-x|crs-x|les-x/);
  });
});

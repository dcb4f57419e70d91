/** A student at a glance while their comments and notes are still being counted, and once counted. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StudentSummary } from './student-summary';

describe('StudentSummary', () => {
  it('keeps the places of the counts while counting, so they do not move the page when they arrive', () => {
    const { rerender } = render(<StudentSummary facts={{ rank: 'A1C' }} activity={null} />);
    const comments = screen.getByText('Comments').nextElementSibling;
    expect(comments).toHaveTextContent('Counting…');
    expect(comments).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Notes').nextElementSibling).toHaveTextContent('Counting…');

    rerender(
      <StudentSummary
        facts={{ rank: 'A1C' }}
        activity={{
          comments: { count: 2, latest: '2026-03-01T09:00:00.000Z' },
          notes: { count: 0, latest: null },
        }}
      />,
    );
    expect(screen.getByText('Comments').nextElementSibling).toHaveTextContent('2 comments, latest 1 Mar 2026');
    expect(screen.getByText('Comments').nextElementSibling).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('Notes').nextElementSibling).toHaveTextContent('No notes yet');
  });

  it("writes the latest day out in the reader's time zone, and a value that is not a date as it came", () => {
    // 30 Sep 2026, 23:30 where the reader is: the day they see is their own, not UTC's.
    const lateEvening = new Date(2026, 8, 30, 23, 30).toISOString();
    render(
      <StudentSummary
        facts={{}}
        activity={{ comments: { count: 1, latest: lateEvening }, notes: { count: 3, latest: 'soon' } }}
      />,
    );
    expect(screen.getByText('Comments').nextElementSibling).toHaveTextContent('1 comment, latest 30 Sep 2026');
    expect(screen.getByText('Notes').nextElementSibling).toHaveTextContent('3 notes, latest soon');
  });
});

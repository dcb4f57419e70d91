/** A withdrawn comment in the record: who withdrew it and when, where it was, and never any text. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RosterNames } from '../../../components/roster-fields';
import { WithdrawnCard } from './withdrawn-card';

const names: RosterNames = {
  classes: new Map([['class-a', 'Cyber 26-A']]),
  courses: new Map([['course-1', 'Cyber basics']]),
  lessons: new Map([['lesson-2', 'Routing']]),
  students: new Map(),
  users: new Map(),
};
const entry = {
  kind: 'withdrawn' as const,
  createdAt: '2026-02-24T09:30:00.000Z',
  withdrawnAt: '2026-11-27T08:00:00.000Z',
  commentId: 'cmt-1',
  author: {
    userId: 'trainer-2',
    handle: '@lee',
    firstName: 'Lee',
    lastName: 'Park',
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    profilePic: null,
    coverPhoto: null,
    anonymous: false,
  },
  class: 'class-a',
  course: 'course-1',
  lesson: 'lesson-2',
};

describe('a withdrawn comment in the record', () => {
  it('says who withdrew it on which day, where it was filed, at its first date', () => {
    render(
      <ul>
        <WithdrawnCard entry={entry} names={names} selfId="trainer-1" />
      </ul>,
    );
    const card = screen.getByRole('article', { name: 'Comment withdrawn by Lee Park' });
    expect(card).toHaveTextContent(
      'Withdrawn by the author (Lee Park) on 27 Nov 2026. It was filed under Cyber 26-A, Routing.',
    );
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBe('2026-02-24T09:30:00.000Z');
  });

  it('says "you" to its author', () => {
    render(
      <ul>
        <WithdrawnCard entry={entry} names={names} selfId="trainer-2" />
      </ul>,
    );
    expect(screen.getByRole('article')).toHaveTextContent('Withdrawn by the author (you) on 27 Nov 2026.');
  });
});

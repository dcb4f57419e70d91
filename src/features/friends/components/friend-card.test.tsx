import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FriendProfile } from '../../../../contract/users';
import { renderWithProviders } from '../../../test/render';
import { FriendCard } from './friend-card';

const friend: FriendProfile = {
  userId: 'usr-2',
  handle: '@ana',
  firstName: 'Ana',
  lastName: 'Rivera',
  userType: 'child',
  accountType: 'Kid',
  country: 'DE',
  profilePic: null,
  coverPhoto: null,
  anonymous: false,
  parentFlags: { cameraDisabled: true, proximityFriends: false },
  displayRank: 'A1C',
  displayDutyTitle: '',
};

describe('a friend’s card in a person’s words', () => {
  it('names the account and the country, and leaves out empty fields', () => {
    renderWithProviders(<FriendCard friend={friend} />);
    const shown = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(shown).toEqual([
      ['Rank', 'A1C'],
      ['Account', 'Child account'],
      ['Country', 'Germany'],
    ]);
  });
});

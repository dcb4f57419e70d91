import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FullProfile } from '../../../../contract/users';
import { ProfileDetails } from './profile-details';

const trainer: FullProfile = {
  userId: 'usr-1',
  handle: '@jo',
  firstName: 'Jo',
  lastName: 'Reyes',
  userType: 'adult',
  accountType: 'Adult',
  country: 'US',
  profilePic: null,
  coverPhoto: null,
  position: null,
  role: null,
  organizationRoles: { afsc: '1D771' },
  email: 'jo@example.test',
  trainer: true,
  trainee: false,
  militaryGrade: 'E-6',
  displayRank: 'TSgt',
  gender: '',
  displayDutyTitle: 'Cyber Defense Instructor',
  civilianGrade: '',
  civilianBand: '',
  jobSeriesNumber: '',
  jobTitle: '',
};

/** The term-definition pairs as shown, in order. */
function shownDetails(): [string, string][] {
  return screen
    .getAllByRole('term')
    .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('a profile in a person’s words', () => {
  it('says the account, the training role, the specialty code and the country as a person would', () => {
    render(<ProfileDetails profile={trainer} />);
    expect(shownDetails()).toEqual([
      ['Rank', 'TSgt'],
      ['Military grade', 'E-6'],
      ['Duty title', 'Cyber Defense Instructor'],
      ['Specialty code (AFSC)', '1D771'],
      ['Training', 'Trains others'],
      ['Email', 'jo@example.test'],
      ['Country', 'United States'],
      ['Account', 'Adult account'],
    ]);
    const text = document.body.textContent ?? '';
    for (const machine of ['User type', 'adult', 'Yes', 'No']) expect(text).not.toContain(machine);
  });

  it('leaves out what is empty or not so, rather than a blank or a "No"', () => {
    render(
      <ProfileDetails
        profile={{
          ...trainer,
          trainer: false,
          trainee: false,
          displayRank: '',
          militaryGrade: ' ',
          displayDutyTitle: '',
          organizationRoles: { afsc: '' },
          userType: 'teen-minor',
          accountType: 'Kid',
          country: 'GB',
        }}
      />,
    );
    expect(shownDetails()).toEqual([
      ['Email', 'jo@example.test'],
      ['Country', 'United Kingdom'],
      ['Account', 'Child account · Teenager (under 18)'],
    ]);
  });

  it('says a trainee is in training', () => {
    render(<ProfileDetails profile={{ ...trainer, trainer: false, trainee: true }} />);
    expect(shownDetails()).toContainEqual(['Training', 'In training']);
  });
});

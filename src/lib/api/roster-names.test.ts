/** Names by id from the roster: a class, a lesson, a course, a person by userId or studentId; undefined when unknown. */
import { describe, expect, it } from 'vitest';
import type { ClassStudent } from '../../../contract/roster';
import { namesFromRoster } from './roster-names';
import type { PlatformRoster } from './roster-queries';

const jordan = {
  handle: '@jlee',
  firstName: 'Jordan',
  lastName: 'Lee',
  userType: 'adult',
  accountType: 'Adult',
  country: 'US',
  profilePic: null,
  coverPhoto: null,
  userId: 'usr-j',
  anonymous: false,
} satisfies ClassStudent;
// Listed by the platform without an enrolment id: still named by userId.
const sam = { ...jordan, handle: '@spatel', firstName: 'Sam', lastName: 'Patel', userId: 'usr-s' };

const roster: PlatformRoster = {
  classes: [
    {
      classId: 'cls-1',
      className: 'Cyber 26A',
      courseId: 'crs-1',
      courseName: 'Cyber basics',
      lessons: [{ lessonId: 'les-1', name: 'Firewalls' }],
      students: [{ studentId: 'stu-j', userId: 'usr-j', handle: '@jlee', firstName: 'Jordan', lastName: 'Lee' }],
    },
  ],
  people: new Map([
    ['usr-j', jordan],
    ['usr-s', sam],
  ]),
  members: new Map([['cls-1', [{ ...jordan, studentId: 'stu-j' }, sam]]]),
};

describe('namesFromRoster', () => {
  const names = namesFromRoster(roster);

  it('names what the roster holds', () => {
    expect(names.className('cls-1')).toBe('Cyber 26A');
    expect(names.lessonName('les-1')).toBe('Firewalls');
    expect(names.courseName('crs-1')).toBe('Cyber basics');
    expect(names.personName('stu-j')).toBe('Jordan Lee');
    expect(names.personName('usr-j')).toBe('Jordan Lee');
    expect(names.personName('usr-s')).toBe('Sam Patel');
  });

  it('answers undefined, never the id, for what it does not know', () => {
    expect(names.className('cls-9')).toBeUndefined();
    expect(names.lessonName(null)).toBeUndefined();
    expect(names.personName(undefined)).toBeUndefined();
    expect(namesFromRoster(null).courseName('crs-1')).toBeUndefined();
  });
});

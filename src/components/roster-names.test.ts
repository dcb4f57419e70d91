/** Names by id from the roster (the one lookup the cards, filters and record use); undefined when unknown. */
import { describe, expect, it } from 'vitest';
import type { Roster } from '../../contract/roster';
import { rosterNames } from './roster-fields';

const roster: Roster = {
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
};

describe('rosterNames', () => {
  const names = rosterNames(roster);

  it('names what the roster holds', () => {
    expect(names.classes.get('cls-1')).toBe('Cyber 26A');
    expect(names.lessons.get('les-1')).toBe('Firewalls');
    expect(names.courses.get('crs-1')).toBe('Cyber basics');
    expect(names.students.get('stu-j')).toBe('Jordan Lee');
    expect(names.users.get('usr-j')).toBe('Jordan Lee');
  });

  it('answers undefined, never the id, for what it does not know', () => {
    expect(names.classes.get('cls-9')).toBeUndefined();
    expect(names.users.get('usr-9')).toBeUndefined();
    expect(rosterNames(null).courses.get('crs-1')).toBeUndefined();
  });

  it('gives the same lookup for the same roster, so lists memoized on it do not render again', () => {
    expect(rosterNames(roster)).toBe(names);
  });
});

/** Names by id from the roster (the one lookup the cards, filters and record use); undefined when unknown. */
import { describe, expect, it } from 'vitest';
import { roster } from '../test/fixtures';
import { rosterNames } from './roster-fields';

describe('rosterNames', () => {
  const names = rosterNames(roster);

  it('names what the roster holds', () => {
    expect(names.classes.get('class-a')).toBe('Alpha flight');
    expect(names.lessons.get('lesson-3')).toBe('Weather briefing');
    expect(names.courses.get('course-1')).toBe('Airfield operations');
    expect(names.students.get('student-1')).toBe('Ann Archer');
    expect(names.users.get('user-3')).toBe('Cy Cole');
  });

  it('answers undefined, never the id, for what it does not know', () => {
    expect(names.classes.get('cls-9')).toBeUndefined();
    expect(names.users.get('usr-9')).toBeUndefined();
    expect(rosterNames(null).courses.get('course-1')).toBeUndefined();
  });

  it('gives the same lookup for the same roster, so lists memoized on it do not render again', () => {
    expect(rosterNames(roster)).toBe(names);
  });
});

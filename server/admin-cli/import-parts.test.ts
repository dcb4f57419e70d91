import { describe, expect, it } from 'vitest';
import type { PeopleImportBody } from '../../contract/people-import.ts';
import { importParts } from './import-parts.ts';

const person = (i: number) => ({
  userId: `usr-${i}`,
  handle: `@person.${i}`,
  firstName: 'Airman',
  lastName: `Number ${i} with a surname long enough to weigh something`,
  userType: 'adult',
  accountType: 'Adult',
  country: 'US',
  orgId: 'org-1',
});

const file = (people: number, classSize: number): PeopleImportBody => ({
  friendships: [{ userId: 'usr-0', friendId: 'usr-1' }],
  classes: [
    {
      classId: 'cls-1',
      name: 'Class one',
      courseId: 'crs-1',
      trainers: ['usr-0'],
      students: Array.from({ length: classSize }, (_, i) => ({ studentId: `stu-${i}`, userId: `usr-${i}` })),
    },
  ],
  users: Array.from({ length: people }, (_, i) => person(i)),
  orgs: [{ orgId: 'org-1', name: 'Org one' }],
});

describe('importParts', () => {
  it('sends a small file as one part', () => {
    const small = file(3, 3);
    const parts = importParts(small);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toEqual({
      orgs: small.orgs,
      users: small.users,
      classes: small.classes,
      friendships: small.friendships,
    });
  });

  it('cuts a large file into parts under the body limit, in the order references need, losing nothing', () => {
    const large = file(1200, 1000);
    expect(JSON.stringify(large).length).toBeGreaterThan(64 * 1024);
    const parts = importParts(large);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThan(64 * 1024);

    const kinds = parts.flatMap((part) => Object.keys(part));
    const order = ['orgs', 'users', 'classes', 'friendships'];
    expect([...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(kinds);
    expect(parts.flatMap((part) => part.users ?? [])).toEqual(large.users);

    // The class goes in pieces of at most 400 students, each naming it, never two pieces in one part.
    const pieces = parts.flatMap((part) => part.classes ?? []);
    expect(pieces.map((piece) => piece.students?.length)).toEqual([400, 400, 200]);
    expect(pieces.every((piece) => piece.classId === 'cls-1' && piece.trainers?.[0] === 'usr-0')).toBe(true);
    expect(pieces.flatMap((piece) => piece.students)).toEqual(large.classes?.[0]?.students);
    for (const part of parts) expect((part.classes ?? []).length).toBeLessThanOrEqual(1);
  });
});

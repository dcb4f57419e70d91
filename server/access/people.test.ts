/**
 * People's summaries (2.1) as comments, notes and records embed them: each
 * asked person once, whatever the number asked (the lookups joined for up to
 * four, an IN-list past them, a list past 256 in parts), duplicates and unknown
 * ids included, on the test's engine.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshDatabase, freshDatabase } from '../../testkit/engine.ts';
import { summariesOf } from './people.ts';

let fresh: FreshDatabase;
/** Every user of the demo data, as the users table has them. */
let users: { user_id: string; handle: string; first_name: string; last_name: string; anonymous: number }[];

beforeAll(async () => {
  fresh = await freshDatabase({ seed: 1 });
  users = (
    await sql<{
      user_id: string;
      handle: string;
      first_name: string;
      last_name: string;
      anonymous: number;
    }>`SELECT user_id, handle, first_name, last_name, anonymous FROM users ORDER BY user_id`.execute(fresh.db.q)
  ).rows;
});
afterAll(() => fresh.drop());

describe('summariesOf', () => {
  it('has enough people in the demo data to ask past every list length', () => {
    expect(users.length).toBeGreaterThan(17);
  });

  for (const count of [1, 2, 3, 4, 5, 17]) {
    it(`names each of ${count} people once, with their own handle and name, a duplicate and an unknown id aside`, async () => {
      const asked = users.slice(0, count);
      const ids = [...asked.map((user) => user.user_id), asked[0]?.user_id ?? '', 'usr-nobody-at-all'];
      const found = await summariesOf(fresh.db.q, ids);
      expect([...found.keys()].sort()).toEqual(asked.map((user) => user.user_id).sort());
      for (const user of asked) {
        expect(found.get(user.user_id)).toMatchObject({
          userId: user.user_id,
          handle: user.handle,
          firstName: user.first_name,
          lastName: user.last_name,
          anonymous: user.anonymous === 1,
        });
      }
    });
  }

  it('reads the same inside a transaction as outside it', async () => {
    const ids = users.slice(0, 3).map((user) => user.user_id);
    const outside = await summariesOf(fresh.db.q, ids);
    const inside = await fresh.db.transaction((tx) => summariesOf(tx, ids));
    expect(inside).toEqual(outside);
  });

  it('answers nobody for no ids', async () => {
    expect((await summariesOf(fresh.db.q, [])).size).toBe(0);
  });
});

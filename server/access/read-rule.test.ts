/**
 * The audience query reads the people who may read an entry, found by key,
 * not every user with the rule tested on each: with 100k users a scan costs
 * 30 ms a call, against 1.5 ms for a session read. The planner's own account
 * of the query (EXPLAIN, on the test's engine) says which rows it reads.
 */
import { type Compilable, CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../sandbox/demo-ids.ts';
import { type FreshDatabase, freshDatabase } from '../../testkit/engine.ts';
import { readersQuery } from './read-rule.ts';

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await freshDatabase({ seed: 1 });
});
afterAll(() => fresh.drop());

/** How the engine reads the users table for `query`: one line per access, as its planner words it. */
async function usersAccess(query: Compilable): Promise<string[]> {
  const { sql, parameters } = query.compile();
  const { db } = fresh;
  if (db.engine === 'sqlite') {
    const plan = await db.q.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sql}`, [...parameters]),
    );
    return plan.rows.map((row) => row.detail).filter((detail) => /\b(u|users)\b/.test(detail));
  }
  type Node = { 'Node Type': string; 'Relation Name'?: string; 'Index Cond'?: string; Plans?: Node[] };
  // Sequential scans off: a plan that still reads every user has no other way to; one that reads by key does.
  const plan = await db.transaction(async (tx) => {
    await tx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
    return tx.executeQuery<{ 'QUERY PLAN': [{ Plan: Node }] }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${sql}`, [...parameters]),
    );
  });
  const lines: string[] = [];
  const walk = (node: Node) => {
    if (node['Relation Name'] === 'users') lines.push(`${node['Node Type']} ${node['Index Cond'] ?? '(every row)'}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  const root = plan.rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (root) walk(root);
  return lines;
}

describe('the audience of an entry', () => {
  it('reads the users who may read it by key, not the whole users table', async () => {
    for (const classId of [demoIds.classes.cyberA, null]) {
      const access = await usersAccess(readersQuery(fresh.db.q, demoIds.users.trainer, classId));
      expect(access.length, String(classId)).toBeGreaterThan(0);
      for (const line of access) {
        if (fresh.db.engine === 'sqlite') expect(line, String(classId)).toMatch(/^SEARCH u USING .*\(user_id=\?\)/);
        else expect(line, String(classId)).toMatch(/user_id = /);
      }
    }
  });
});

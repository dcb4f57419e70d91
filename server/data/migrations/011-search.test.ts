/**
 * Migration 011 on a database the service left before it: the demo's
 * comments and notes already stored. Afterwards search finds them, over
 * real HTTP, and a write after the migration is found as well.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { searchResultListSchema } from '../../../contract/search.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { seedIfEmpty } from '../../../sandbox/seed.ts';
import { type ChildDatabase, databaseForChild } from '../../../testkit/engine.ts';
import { call, signIn, startService } from '../../../testkit/harness.ts';
import type { Db } from '../database.ts';
import { applyMigrations, withStartupLock } from '../migrate.ts';
import { migrations } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'migration-011-'));
let database: ChildDatabase | undefined;
let db: Db | undefined;
afterAll(async () => {
  await db?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

it('indexes the comments and notes stored before it', async () => {
  database = await databaseForChild(dir, { empty: true });
  db = await database.open();
  const open = db;
  const before = migrations.filter((m) => m.version < '011');
  await withStartupLock(open, async (tx) => {
    await applyMigrations(tx, open.engine, { migrations: before });
    await seedIfEmpty(tx, 1);
  });
  const applied = await withStartupLock(open, (tx) => applyMigrations(tx, open.engine));
  expect(applied).toContain('011_search');

  const service = await startService({ db: open });
  try {
    const token = await signIn(service.url, demoIds.users.trainer);
    const search = async (q: string) => {
      const reply = await call(service.url, 'GET', `/edu/v1/search?q=${encodeURIComponent(q)}&limit=1000`, { token });
      expect(reply.status).toBe(200);
      return searchResultListSchema.parse(reply.body).map((r) => r.id);
    };
    expect(await search('naive')).toContain(demoIds.comments.unicode);
    expect(await search('zoe')).toContain(demoIds.notes.unicode);
    const written = await call(service.url, 'POST', '/edu/v1/student/comment', {
      token,
      body: { studentId: demoIds.students.studentCyber, classId: demoIds.classes.cyberA, text: 'Echidna sighted' },
    });
    expect(written.status).toBe(201);
    expect(await search('echidna')).toHaveLength(1);
  } finally {
    await service.close();
  }
});

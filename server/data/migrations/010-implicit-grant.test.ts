/**
 * Migration 010 on a database made before it: public sandbox apps keep the
 * implicit grant they had; confidential and production apps lose it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { type ChildDatabase, databaseForChild } from '../../../testkit/engine.ts';
import type { Db } from '../database.ts';
import { applyMigrations, withStartupLock } from '../migrate.ts';
import { migrations } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'migration-010-'));
let database: ChildDatabase | undefined;
let db: Db | undefined;
afterAll(async () => {
  await db?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

it('registers the public sandbox apps made before it for the implicit grant, and no other', async () => {
  database = await databaseForChild(dir, { empty: true });
  db = await database.open();
  const open = db;
  const before = migrations.filter((m) => m.version < '010');
  await withStartupLock(open, (tx) =>
    applyMigrations(tx, open.engine, { migrations: before, secretsKey: 'migration-test-secrets-key-0123456789abcdef' }),
  );
  await open.transaction(async (tx) => {
    await sql`INSERT INTO apps (client_id, name, environment, confidential) VALUES
      ('sandbox-public', 'Public', 'sandbox', 0),
      ('sandbox-confidential', 'Confidential', 'sandbox', 1),
      ('prod-public', 'Production', 'production', 0)`.execute(tx);
  });
  const applied = await withStartupLock(open, (tx) => applyMigrations(tx, open.engine, {}));
  expect(applied).toContain('010_implicit_grant');
  const rows = await open.q.selectFrom('apps').select(['client_id', 'implicit_grant']).orderBy('client_id').execute();
  expect(rows.map((row) => [row.client_id, Number(row.implicit_grant)])).toEqual([
    ['prod-public', 0],
    ['sandbox-confidential', 0],
    ['sandbox-public', 1],
  ]);
});

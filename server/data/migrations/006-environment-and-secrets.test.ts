/**
 * Migration 006 on a database as the service before it left it: plugin
 * secrets stored as they are. Afterwards no plain secret is left, and the
 * plugin still signs in with the secret it always had, over real HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { basicHeader } from '../../../contract/basic-auth.ts';
import { type ChildDatabase, databaseForChild } from '../../../testkit/engine.ts';
import { call, startService } from '../../../testkit/harness.ts';
import type { Db } from '../database.ts';
import { applyMigrations, withStartupLock } from '../migrate.ts';
import { hashSecret, openSecret, sealingKey } from '../secrets.ts';
import { migrations } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'migration-006-'));
let database: ChildDatabase | undefined;
let db: Db | undefined;
afterAll(async () => {
  await db?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const SECRETS_KEY = 'migration-test-secrets-key-0123456789abcdef';

it('turns plain plugin secrets into a hash and a sealed copy, and the plugin signs in as before', async () => {
  database = await databaseForChild(dir, { empty: true });
  db = await database.open();
  const open = db;
  const before = migrations.filter((m) => m.version < '006');
  await withStartupLock(open, (tx) => applyMigrations(tx, open.engine, { migrations: before }));
  await open.transaction(async (tx) => {
    await sql`INSERT INTO orgs (org_id, name) VALUES ('org-m', 'Migrated wing')`.execute(tx);
    await sql`INSERT INTO plugins (client_id, client_secret, name, environment, created_at)
      VALUES ('sandbox-plugin-old', 'old-plain-secret', 'Old plugin', 'sandbox', 1)`.execute(tx);
    await sql`INSERT INTO plugin_permissions (client_id, permission) VALUES ('sandbox-plugin-old', 'record-data')`.execute(
      tx,
    );
  });

  const applied = await withStartupLock(open, (tx) => applyMigrations(tx, open.engine, { secretsKey: SECRETS_KEY }));
  expect(applied).toContain('006_environment_and_secrets');

  const columns = (await open.q.introspection.getTables())
    .find((t) => t.name === 'plugins')
    ?.columns.map((c) => c.name);
  expect(columns).not.toContain('client_secret');
  const { rows } = await sql<{ secret_hash: string; secret_sealed: string }>`
    SELECT secret_hash, secret_sealed FROM plugins WHERE client_id = 'sandbox-plugin-old'`.execute(open.q);
  const row = rows[0];
  expect(row?.secret_hash).toBe(hashSecret('old-plain-secret'));
  expect(row?.secret_sealed).not.toContain('old-plain-secret');
  expect(openSecret(row?.secret_sealed ?? '', sealingKey(SECRETS_KEY), 'sandbox-plugin-old')).toBe('old-plain-secret');

  const service = await startService({ db: open, env: { SECRETS_KEY } });
  try {
    const records = (secret: string) =>
      call(service.url, 'GET', '/plugin/v2/ai/record-data', {
        headers: { Authorization: basicHeader('sandbox-plugin-old', secret) },
      });
    expect((await records('old-plain-secret')).status).toBe(200);
    expect((await records('old-plain-secreT')).status).toBe(401);
  } finally {
    await service.close();
  }
});

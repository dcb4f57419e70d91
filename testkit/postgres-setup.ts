/**
 * Global setup of the `service-postgres` test project: starts a throwaway
 * PostgreSQL server, makes the template databases every test copies, and
 * stops the server when the run ends.
 */
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { seedIfEmpty } from '../sandbox/seed.ts';
import { openDatabase } from '../server/data/database.ts';
import { applyMigrations, withStartupLock } from '../server/data/migrate.ts';
import { startPostgres } from './postgres-server.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgres();
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  for (const [name, seed] of [
    ['template_migrated', false],
    ['template_seed_1', 1],
  ] as const) {
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const db = await openDatabase({ url: server.urlOf(name), poolSize: 1 });
    await withStartupLock(db, async (tx) => {
      await applyMigrations(tx, db.engine);
      if (seed !== false) await seedIfEmpty(tx, seed);
    });
    await db.close();
  }
  await admin.end();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}

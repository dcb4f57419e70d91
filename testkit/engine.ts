/**
 * Which engine the service tests run on, and a fresh database on it per
 * service. The `service` test project runs on SQLite (a fresh in-memory
 * database each time); `service-postgres` runs the same files against a
 * throwaway PostgreSQL server that its global setup started
 * (`postgres-setup.ts`): each service gets its own database, copied from a
 * migrated and seeded template, and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { inject } from 'vitest';
import { seedIfEmpty } from '../sandbox/seed.ts';
import { type Db, type Engine, openDatabase } from '../server/data/database.ts';
import { applyMigrations, withStartupLock } from '../server/data/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway PostgreSQL server (service-postgres project only). */
    postgresUrl: string | undefined;
  }
}

/** The template databases the global setup made: migrated only, and migrated with the demo data of seed 1. */
export const templates = { empty: 'template_migrated', seeded: 'template_seed_1' } as const;

export const testEngine: Engine = inject('postgresUrl') ? 'postgres' : 'sqlite';

let admin: postgres.Sql | undefined;
function adminConnection(url: string): postgres.Sql {
  admin ??= postgres(url, { max: 2, onnotice: () => {} });
  return admin;
}

export interface FreshDatabase {
  readonly db: Db;
  /** For a second process on the same data: the PostgreSQL URL, or undefined for SQLite. */
  readonly url: string | undefined;
  drop(): Promise<void>;
}

/** A new database with the migrations applied, seeded with the demo data of `seed` unless it is false. */
export async function freshDatabase(options: { seed: number | false; file?: string }): Promise<FreshDatabase> {
  const serverUrl = inject('postgresUrl');
  if (!serverUrl || options.file) {
    const db = await openDatabase({ file: options.file ?? ':memory:' });
    await prepare(db, options.seed);
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = options.seed === 1 ? templates.seeded : templates.empty;
  await adminConnection(serverUrl).unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = serverUrl.replace(/\/[^/]*$/, `/${name}`);
  const db = await openDatabase({ url, poolSize: 4 });
  if (options.seed !== 1) await prepare(db, options.seed);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await adminConnection(serverUrl).unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function prepare(db: Db, seed: number | false): Promise<void> {
  await withStartupLock(db, async (tx) => {
    await applyMigrations(tx, db.engine);
    if (seed !== false) await seedIfEmpty(tx, seed);
  });
}

export interface ChildDatabase {
  /** The settings that point a service process at it (DATABASE or DATABASE_URL). */
  readonly env: Record<string, string>;
  /** Opens it from this process, to look at what the service wrote. */
  open(): Promise<Db>;
  /**
   * Takes the database away from the service: on PostgreSQL it is dropped
   * (connections cut); on SQLite another process holds the write lock past
   * the service's busy timeout. Returns how to end the SQLite lock.
   */
  makeUnavailable(): Promise<() => void>;
  drop(): Promise<void>;
}

/**
 * A database for services started as their own processes: a SQLite file in
 * `dir` (the service migrates and seeds it on first start), or on PostgreSQL
 * a fresh database copied from the seeded template. `empty`: a database with
 * nothing in it yet, not even tables, as a new production service meets it
 * (on SQLite a file of its own name in `dir`).
 */
export async function databaseForChild(dir: string, options: { empty?: boolean } = {}): Promise<ChildDatabase> {
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) {
    const file = join(dir, options.empty ? `empty-${randomBytes(4).toString('hex')}.sqlite` : 'platform.sqlite');
    return {
      env: { DATABASE: file },
      open: () => openDatabase({ file }),
      makeUnavailable: async () => {
        const holder = new Database(file);
        holder.exec('BEGIN IMMEDIATE');
        return () => {
          holder.exec('ROLLBACK');
          holder.close();
        };
      },
      drop: async () => {},
    };
  }
  const name = `child_${randomBytes(6).toString('hex')}`;
  // template0: nothing of the service, not even its tables.
  await adminConnection(serverUrl).unsafe(
    `CREATE DATABASE ${name} TEMPLATE ${options.empty ? 'template0' : templates.seeded}`,
  );
  const url = serverUrl.replace(/\/[^/]*$/, `/${name}`);
  const drop = async () => {
    await adminConnection(serverUrl).unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return {
    env: { DATABASE_URL: url },
    open: () => openDatabase({ url, poolSize: 2 }),
    makeUnavailable: async () => {
      await drop();
      return () => {};
    },
    drop,
  };
}

/**
 * Opens the service's database: an embedded SQLite file by default, or
 * PostgreSQL when a `postgres://` URL is given. Both are driven through one
 * Kysely query builder over the same schema (`schema.ts`), so every query has
 * one source for both engines. Migrations and seeding run separately, under a
 * lock (`migrate.ts`).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresAdapter, sql } from 'kysely';
import postgres from 'postgres';
import { PostgresDialect } from './postgres-dialect.ts';
import type { Schema } from './schema.ts';
import { sqliteChangeMark } from './sqlite-change-mark.ts';
import { LocalWrites, SqliteDialect } from './sqlite-dialect.ts';
import { FALLBACK_CHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer.ts';

export type Engine = 'sqlite' | 'postgres';

/** The query builder, or a transaction of it: repositories take either. */
export type Queryable = Kysely<Schema>;

export interface Db {
  readonly engine: Engine;
  readonly q: Kysely<Schema>;
  /**
   * The same database, for the few small reads every request makes and
   * `unchanged-memo.ts` keeps (the session, the app, the plugin, the data
   * versions), outside transactions. On SQLite they read through the writing
   * connection while it has no transaction open, whose page cache survives
   * its own commits (`sqlite-dialect.ts`); on PostgreSQL it is `q`.
   */
  readonly pointReads: Kysely<Schema>;
  /** Runs `fn` in one transaction (BEGIN IMMEDIATE on SQLite): all of it commits, or none. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * A mark that changes whenever the data may have changed since it was
   * taken: on SQLite, a commit through any other connection to the file
   * (another worker, another instance, the admin command; `PRAGMA
   * data_version`) or a write through this process's own. What a process
   * derives from the data (the data versions, a session) stays current while
   * the mark is the same, so it need not be read again (`unchanged-memo.ts`).
   * Undefined on PostgreSQL, which has no such mark: read again each time.
   */
  readonly changeMark: (() => string) | undefined;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseTarget {
  /** `postgres://user@host:port/db` selects PostgreSQL. */
  readonly url?: string | undefined;
  /** The SQLite file (`:memory:` for a throwaway one), used when there is no URL. */
  readonly file?: string | undefined;
  /** Connections per process to PostgreSQL. */
  readonly poolSize?: number | undefined;
}

export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  return target.url ? openPostgres(target.url, target.poolSize ?? 10) : openSqlite(target.file ?? ':memory:');
}

/**
 * The reading connection reads the file's pages through a memory map instead
 * of one `pread` each: a page not in its own cache then costs a memory read,
 * not a system call (15–40 µs on a virtual machine). A search touches tens of
 * thousands of pages, so it took 2.5× as long without (bench/search.ts).
 * SQLite caps the map (2 GiB); a larger file reads the rest as before. The
 * writer maps nothing: its map would be redone as the file grows, and in the
 * runs measured writes were no faster with it (1,575 a second at 50
 * connections against 1,918–2,750 without, `npm run bench -- service`).
 */
const READER_MAP_BYTES = 2 ** 31;

function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const raw = new Database(file);
  const wal = String(raw.pragma('journal_mode = WAL', { simple: true })).toLowerCase() === 'wal';
  // NORMAL under WAL loses nothing on a process crash (SIGKILL); only a power
  // cut can drop the last transactions.
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  // Other processes on the same file (WORKERS, a second instance) wait for the write lock this long.
  raw.pragma('busy_timeout = 5000');
  raw.pragma('temp_store = MEMORY');
  // In WAL mode a second connection reads what is committed while the first writes (sqlite-dialect.ts).
  const reader = wal && file !== ':memory:' ? new Database(file) : undefined;
  reader?.pragma('busy_timeout = 5000');
  reader?.pragma('query_only = ON');
  reader?.pragma(`mmap_size = ${READER_MAP_BYTES}`);
  // The log is copied into the file by a worker thread, not by a request's COMMIT (wal-checkpointer.ts).
  const checkpointer = reader ? startWalCheckpointer(file) : undefined;
  if (checkpointer) {
    raw.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
    reader?.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  }
  const writes = new LocalWrites();
  const changes = sqliteChangeMark(raw, file, writes, reader !== undefined);
  const dialect = new SqliteDialect({ writer: raw, reader, writes });
  const q = new Kysely<Schema>({ dialect });
  const db = wrap('sqlite', q, new Kysely<Schema>({ dialect: dialect.pointReads() }), changes.mark);
  return {
    ...db,
    close: async () => {
      await checkpointer?.stop();
      await db.close();
      changes.close();
    },
  };
}

function openPostgres(url: string, poolSize: number): Db {
  const pool = postgres(url, {
    max: poolSize,
    connect_timeout: 5,
    // Notices such as "relation already exists, skipping" are not errors.
    onnotice: () => {},
    // 64-bit integers (epoch seconds, seq, COUNT) come back as numbers, as on SQLite.
    types: {
      int8: {
        to: 20,
        from: [20],
        serialize: (value: unknown) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  });
  const q = new Kysely<Schema>({ dialect: new PostgresDialect(pool) });
  return wrap('postgres', q, q, undefined);
}

function wrap(
  engine: Engine,
  q: Kysely<Schema>,
  pointReads: Kysely<Schema>,
  changeMark: (() => string) | undefined,
): Db {
  return {
    engine,
    q,
    pointReads,
    changeMark,
    transaction: (fn) => q.transaction().execute(fn),
    ping: async () => {
      await sql`SELECT 1`.execute(q);
    },
    close: () => q.destroy(),
  };
}

/** Which engine a query builder (or a transaction of it) talks to. */
export function engineOf(q: Queryable): Engine {
  return q.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** A UNIQUE or PRIMARY KEY constraint refused the write (the loser of a race, or a taken id). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // PostgreSQL: shutting down, starting up, too many connections, the database is gone.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '3D000',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
]);

/**
 * The database refused a character of the input (PostgreSQL stores no NUL,
 * U+0000, in text): the request is at fault, not the service.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = codeOf(error);
  return code === '22021' || code === '22P05';
}

/**
 * The database cannot be reached or is busy past its timeout: the request
 * should get a 503 and be tried again, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (unavailableCodes.has(code) || code.startsWith('08') || code.startsWith('SQLITE_IOERR')) return true;
  // better-sqlite3 after close(): the process is shutting down.
  return error instanceof TypeError && /database connection is not open/i.test(error.message);
}

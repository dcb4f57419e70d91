/**
 * Opens the SQLite database and applies the plain-SQL migrations of
 * `migrations/` in name order, each once, at start-up.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { logger } from '../logger.ts';

export type Db = Database.Database;

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL under WAL loses nothing on a process crash (SIGKILL); only a power
  // cut can drop the last transactions.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: Db): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    db
      .prepare<[], { version: string }>('SELECT version FROM schema_migrations')
      .all()
      .map((row) => row.version),
  );
  const pending = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql') && !applied.has(name))
    .sort();
  const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
  for (const name of pending) {
    const sql = readFileSync(join(migrationsDir, name), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      record.run(name, Math.floor(Date.now() / 1000));
    })();
  }
  if (pending.length > 0) logger.info({ migrations: pending }, `Applied ${pending.length} migration(s)`);
  return pending;
}

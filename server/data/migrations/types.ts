/**
 * A migration is one SQL text for both engines, with the few column types
 * that differ between them filled in from the engine's mapping, and when rows
 * must be rewritten by code (a hash or a seal SQL cannot make on both
 * engines) a data step that runs after it in the same transaction.
 */
import type { Engine, Queryable } from '../database.ts';

export interface ColumnTypes {
  /** Row order key of an append-mostly table: SQLite's rowid alias, an identity column on PostgreSQL. */
  readonly seq: string;
  /** Text compared and ordered byte by byte on both engines (PostgreSQL otherwise follows the locale). */
  readonly text: string;
  /** Whole numbers: flags, positions, epoch seconds (64-bit on PostgreSQL, read back as numbers). */
  readonly int: string;
  /** A double-precision number. */
  readonly real: string;
}

export interface Migration {
  /** Applied in version order, each once; recorded in schema_migrations. */
  readonly version: string;
  readonly sql: (types: ColumnTypes) => string;
  /** Runs after `sql`, in the same transaction. */
  readonly data?: (tx: Queryable, context: MigrationContext) => Promise<void>;
}

export interface MigrationContext {
  readonly engine: Engine;
  /** The key that seals secrets the service must send (from SECRETS_KEY, see server/data/secrets.ts). */
  readonly sealingKey: Buffer;
}

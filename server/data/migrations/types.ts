/**
 * A migration is one SQL text for both engines, with the few column types
 * that differ between them filled in from the engine's mapping.
 */
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
}

/**
 * Kysely's dialect for better-sqlite3, with two changes to the stock one:
 * statements are prepared once per SQL text (the stock driver prepares on
 * every query, which costs more than running a small one), and transactions
 * begin IMMEDIATE, so a write transaction takes the file's write lock before
 * it reads: two processes on one file then wait for each other (busy_timeout)
 * instead of one failing with SQLITE_BUSY when it upgrades its read lock.
 */
import type Database from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/** Distinct SQL texts kept prepared; past it the cache starts over (IN-lists of many lengths). */
const MAX_STATEMENTS = 1000;

class SqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statement(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({
      rows: [],
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
    });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.statement(compiled.sql).iterate(compiled.parameters as unknown[])) {
      yield { rows: [row as R] };
    }
  }

  /** Statements that change the transaction state are run, never cached. */
  exec(sql: string): void {
    this.db.exec(sql);
  }
}

/** One connection, handed to one user at a time (better-sqlite3 is synchronous; a transaction holds it). */
class SqliteDriver implements Driver {
  private readonly connection: SqliteConnection;
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  constructor(private readonly db: Database.Database) {
    this.connection = new SqliteConnection(db);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => {
      this.release = resolve;
    });
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    this.connection.exec('BEGIN IMMEDIATE');
  }

  async commitTransaction(): Promise<void> {
    this.connection.exec('COMMIT');
  }

  async rollbackTransaction(): Promise<void> {
    // A failed COMMIT or a constraint may have ended the transaction already.
    if (this.db.inTransaction) this.connection.exec('ROLLBACK');
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    this.db.close();
  }
}

export class SqliteDialect implements Dialect {
  constructor(private readonly db: Database.Database) {}

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new SqliteDriver(this.db);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

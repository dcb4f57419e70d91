/**
 * Kysely's dialect for better-sqlite3, with four changes to the stock one:
 * - statements are prepared once per SQL text (the stock driver prepares on
 *   every query, which costs more than running a small one);
 * - transactions begin IMMEDIATE, so a write transaction takes the file's
 *   write lock before it reads: two processes on one file then wait for each
 *   other (busy_timeout) instead of one failing with SQLITE_BUSY when it
 *   upgrades its read lock;
 * - the transactions of one turn of the event loop commit together (group
 *   commit, `SqliteDriver`);
 * - on a file in WAL mode, queries outside a transaction read through a
 *   second connection, which sees committed data only and is never held up
 *   by the batch being written; the few small reads every request makes
 *   (`SqliteDialect.pointReads`) read through the writing one while it has
 *   no batch open, whose page cache its own commits leave warm.
 * It also counts the writes made through the connection (`LocalWrites`),
 * which SQLite's `PRAGMA data_version` does not show to the connection that
 * made them (database.ts, `changeMark`).
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

/** Writes made through this process's connection: every statement that is not a read, every BEGIN, COMMIT and ROLLBACK. */
export class LocalWrites {
  count = 0;
}

/** One better-sqlite3 connection and its prepared statements. */
class SqliteConnection {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    readonly db: Database.Database,
    private readonly writes: LocalWrites,
  ) {}

  statement(sql: string): Database.Statement {
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
    // A write with RETURNING gives rows too: it is a write all the same.
    if (!statement.readonly) this.writes.count++;
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
    try {
      this.db.exec(sql);
    } finally {
      this.writes.count++;
    }
  }
}

/** Transactions committed together at most (group commit, below). */
const MAX_BATCH = 256;

/** One use of the connection, from acquire to release; released early by a commit that waits for its batch. */
interface Lease extends DatabaseConnection {
  released: boolean;
  /** Acquired through `SqliteDialect.pointReads`: its reads prefer the writing connection (`connectionFor`). */
  readonly pointReads: boolean;
}

/** A transaction whose work is in the open batch and which waits for the batch's COMMIT. */
interface Member {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * One connection, handed to one user at a time (better-sqlite3 is
 * synchronous; a transaction holds it), with group commit.
 *
 * A COMMIT writes every page the transaction changed to the log, two system
 * calls a page: adding a comment changes about 24 pages (the row, six
 * indexes, the counts, the versions, the full-text index's new segment) and
 * its COMMIT was half of a write's time. So the transactions of one turn of
 * the event loop are committed together: each runs as a SAVEPOINT inside one
 * BEGIN IMMEDIATE, its commit releases the savepoint and the connection, and
 * the COMMIT runs once the turn's other requests have had their go
 * (`setImmediate`). A transaction's promise settles only after that COMMIT,
 * so nothing is answered before it is durable, and a COMMIT that fails fails
 * every transaction of the batch. A transaction that fails rolls back to its
 * own savepoint; the others are untouched.
 *
 * Transactions run one after another, as before, so each sees the work of
 * those before it in the batch. A query outside a transaction only ever reads
 * committed data: through the second connection (`reader`, a file in WAL
 * mode), which the open batch does not touch; without one, it commits the
 * open batch first, as does a write outside a transaction. The batch holds
 * the file's write lock until it commits, one turn at most.
 */
class SqliteDriver implements Driver {
  private readonly connection: SqliteConnection;
  private readonly reader: SqliteConnection | undefined;
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;
  /** The transactions released into the open outer transaction and waiting for its COMMIT; none open, undefined. */
  private batch: Member[] | undefined;
  /** The lease whose transaction's savepoint is open on the connection. */
  private member: Lease | undefined;
  private commitScheduled = false;
  /** The COMMIT came due while the connection was held: it runs at the release. */
  private commitAtRelease = false;

  constructor(
    private readonly db: Database.Database,
    reader: Database.Database | undefined,
    writes: LocalWrites,
  ) {
    this.connection = new SqliteConnection(db, writes);
    this.reader = reader ? new SqliteConnection(reader, writes) : undefined;
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return this.lease(false);
  }

  /** The connection, once no one else holds it; `pointReads`: see `connectionFor`. */
  async lease(pointReads: boolean): Promise<Lease> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => {
      this.release = resolve;
    });
    const lease: Lease = {
      released: false,
      pointReads,
      executeQuery: (compiled) => this.connectionFor(lease, compiled).executeQuery(compiled),
      streamQuery: (compiled) => this.connectionFor(lease, compiled).streamQuery(compiled),
    };
    return lease;
  }

  async beginTransaction(lease: DatabaseConnection): Promise<void> {
    if (!this.batch) {
      this.connection.exec('BEGIN IMMEDIATE');
      this.batch = [];
    }
    try {
      this.connection.exec('SAVEPOINT member');
    } catch (error) {
      if (this.batch.length === 0) this.abortBatch(error);
      throw error;
    }
    this.member = lease as Lease;
  }

  async commitTransaction(lease: DatabaseConnection): Promise<void> {
    if (this.member !== lease) throw new Error('a transaction committed without its savepoint');
    this.member = undefined;
    const batch = this.batch;
    try {
      if (!batch) throw new Error('a transaction committed outside its batch');
      this.connection.exec('RELEASE member');
    } catch (error) {
      // Its writes cannot be told apart from the batch's any more: the whole batch fails.
      this.abortBatch(error);
      throw error;
    }
    const committed = new Promise<void>((resolve, reject) => {
      batch.push({ resolve, reject });
    });
    if (batch.length >= MAX_BATCH) this.commitBatch();
    else this.scheduleCommit();
    // The next transaction joins the batch before it commits.
    this.releaseLease(lease as Lease);
    await committed;
  }

  async rollbackTransaction(lease: DatabaseConnection): Promise<void> {
    // Not this lease's savepoint: its commit failed with its batch, which is rolled back already.
    if (this.member !== lease) return;
    this.member = undefined;
    if (!this.db.inTransaction) {
      // SQLite rolled the whole batch back itself (an I/O error, a full disk): every transaction in it fails.
      this.abortBatch(new Error('the database rolled the transaction back'));
      return;
    }
    try {
      this.connection.exec('ROLLBACK TO member');
      this.connection.exec('RELEASE member');
    } catch (error) {
      // Left in place, its writes would be committed with the batch: the whole batch goes.
      this.abortBatch(error);
      return;
    }
    if (this.batch?.length === 0) this.abortBatch(new Error('nothing to commit'));
  }

  async releaseConnection(lease: DatabaseConnection): Promise<void> {
    this.releaseLease(lease as Lease);
  }

  async destroy(): Promise<void> {
    if (!this.member) this.commitBatch();
    this.reader?.db.close();
    this.db.close();
  }

  private releaseLease(lease: Lease): void {
    if (lease.released) return;
    lease.released = true;
    try {
      if (this.commitAtRelease) {
        this.commitAtRelease = false;
        this.commitBatch();
      }
    } finally {
      const release = this.release;
      this.held = undefined;
      this.release = undefined;
      release?.();
    }
  }

  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      this.commitScheduled = false;
      if (this.held) this.commitAtRelease = true;
      else this.commitBatch();
    });
  }

  /**
   * Where a query runs: in a transaction, on its connection; outside one, a
   * read (a statement that writes nothing, RETURNING or not) on the reader,
   * and anything else after the open batch commits.
   *
   * A point read (a lease of `SqliteDialect.pointReads`) runs on the writer
   * instead while the writer has no transaction open, so it too sees
   * committed data only. SQLite empties a connection's page cache when it
   * sees a commit it did not make, and keeps it across its own: after a
   * write, the reader reads every page again and the writer none. The
   * session read behind each request cost 100 µs on the reader there and
   * 37 µs on the writer (paced writes at 1,000 a second, 1,000,000 rows).
   * Larger reads stay on the reader, whose memory map they need: a search
   * took 52 ms there and 87–102 ms on the writer.
   */
  private connectionFor(lease: Lease, compiled: CompiledQuery): SqliteConnection {
    if (this.member === lease) return this.connection;
    if (this.reader?.statement(compiled.sql).readonly) {
      return lease.pointReads && !this.db.inTransaction ? this.connection : this.reader;
    }
    this.commitBatch();
    return this.connection;
  }

  /** Commits the open batch and settles its transactions; never throws (a failed COMMIT fails them). */
  private commitBatch(): void {
    const batch = this.batch;
    if (!batch) return;
    try {
      this.connection.exec('COMMIT');
    } catch (error) {
      this.abortBatch(error);
      return;
    }
    this.batch = undefined;
    for (const member of batch) member.resolve();
  }

  /** Rolls the open batch back and fails its transactions; never throws. */
  private abortBatch(error: unknown): void {
    const batch = this.batch ?? [];
    this.batch = undefined;
    try {
      if (this.db.inTransaction) this.connection.exec('ROLLBACK');
    } catch {
      // Nothing more can be done for this batch; the next BEGIN starts afresh or fails on its own.
    }
    for (const member of batch) member.reject(error);
  }
}

export interface SqliteConnections {
  /** The connection that writes, and reads in transactions. */
  readonly writer: Database.Database;
  /** A second connection to the same file in WAL mode, for reads outside transactions; none, the writer reads them. */
  readonly reader?: Database.Database | undefined;
  readonly writes?: LocalWrites;
}

/**
 * The driver of `SqliteDialect.pointReads`: the same connections, lock and
 * batch as the dialect's own driver, its leases marked as point reads. The
 * dialect's own Kysely closes the connections, so this one's destroy does not.
 */
class PointReadsDriver implements Driver {
  constructor(private readonly driver: SqliteDriver) {}

  async init(): Promise<void> {}
  acquireConnection(): Promise<DatabaseConnection> {
    return this.driver.lease(true);
  }
  beginTransaction(lease: DatabaseConnection): Promise<void> {
    return this.driver.beginTransaction(lease);
  }
  commitTransaction(lease: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(lease);
  }
  rollbackTransaction(lease: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(lease);
  }
  releaseConnection(lease: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(lease);
  }
  async destroy(): Promise<void> {}
}

export class SqliteDialect implements Dialect {
  private readonly writes: LocalWrites;
  private driver: SqliteDriver | undefined;

  constructor(private readonly connections: SqliteConnections) {
    this.writes = connections.writes ?? new LocalWrites();
  }

  /**
   * A dialect over the same connections for the few small reads of every
   * request (`Db.pointReads`): they read through the writer while it has no
   * transaction open (`SqliteDriver.connectionFor`). Its Kysely must be made
   * after this dialect's own.
   */
  pointReads(): Dialect {
    const driver = this.driver;
    if (!driver) throw new Error('pointReads() comes after the dialect has its Kysely');
    return {
      createAdapter: () => this.createAdapter(),
      createDriver: () => new PointReadsDriver(driver),
      createQueryCompiler: () => this.createQueryCompiler(),
      createIntrospector: (db) => this.createIntrospector(db),
    };
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    this.driver ??= new SqliteDriver(this.connections.writer, this.connections.reader, this.writes);
    return this.driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

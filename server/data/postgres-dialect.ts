/**
 * Kysely's dialect for PostgreSQL over postgres.js, chosen for speed: it
 * prepares each statement once per connection and pipelines over a pool.
 * A query outside a transaction runs on the pool directly; only a transaction
 * reserves a connection, from BEGIN to COMMIT or ROLLBACK.
 */
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type postgres from 'postgres';

/** The pool as `database.ts` opens it: 64-bit integers parsed to numbers. */
type Sql = postgres.Sql<{ int8: number }>;
type Reserved = postgres.ReservedSql<{ int8: number }>;
type Parameter = postgres.ParameterOrJSON<never>;

class PostgresConnection implements DatabaseConnection {
  reserved: Reserved | undefined;

  constructor(private readonly pool: Sql) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.pool;
    const result = await target.unsafe(compiled.sql, compiled.parameters as Parameter[], { prepare: true });
    const changed = result.command === 'INSERT' || result.command === 'UPDATE' || result.command === 'DELETE';
    return {
      rows: result as unknown as R[],
      ...(changed ? { numAffectedRows: BigInt(result.count) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not used by the service; refuse it loudly.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported by this dialect');
  }
}

class PostgresDriver implements Driver {
  constructor(private readonly pool: Sql) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresConnection(this.pool);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as PostgresConnection;
    c.reserved = await this.pool.reserve();
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    await c.reserved.unsafe(`BEGIN${isolation}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as PostgresConnection, 'COMMIT');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as PostgresConnection, 'ROLLBACK');
  }

  private async end(c: PostgresConnection, statement: string): Promise<void> {
    const reserved = c.reserved;
    c.reserved = undefined;
    if (!reserved) return;
    try {
      await reserved.unsafe(statement);
    } finally {
      reserved.release();
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.pool.end({ timeout: 5 });
  }
}

export class PostgresDialect implements Dialect {
  constructor(private readonly pool: Sql) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PostgresDriver(this.pool);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

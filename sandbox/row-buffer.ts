/**
 * Collects seed rows per table and writes them with multi-row INSERTs, the
 * tables in the order their foreign keys need (parents first), each statement
 * under ~30,000 bound parameters (PostgreSQL allows 65,535, SQLite 32,766).
 * Rows of one table keep the order they were added in, so generated keys
 * (seq) follow it. A statement of a shape already written is not built
 * again: its compiled form is run with the new rows' values (a million bulk
 * rows would otherwise spend seconds in the query builder).
 */
import type { CompiledQuery, Insertable } from 'kysely';
import type { Queryable } from '../server/data/database.ts';
import type { Schema } from '../server/data/schema.ts';

type Table = keyof Schema;
export type SeedRow<T extends Table> = Insertable<Schema[T]>;

/** Parents before children: every table after those its foreign keys name. */
const tableOrder = [
  'orgs',
  'pictures',
  'users',
  'friendships',
  'courses',
  'lessons',
  'classes',
  'class_trainers',
  'students',
  'comments',
  'notes',
  'apps',
  'app_scopes',
  'app_redirect_uris',
  'sessions',
  'plugins',
  'plugin_permissions',
  'plugin_orgs',
  'badges',
  'badge_criteria',
  'badge_assertions',
  'other_skills',
  'additional_info',
] as const satisfies readonly Table[];
type SeedTable = (typeof tableOrder)[number];

const MAX_PARAMETERS = 30_000;

export class RowBuffer {
  private readonly pending = new Map<SeedTable, object[]>();
  private readonly shapes = new Map<SeedTable, { columns: number; perStatement: number }>();
  private readonly compiled = new Map<string, CompiledQuery>();

  constructor(private readonly q: Queryable) {}

  /**
   * Queues a row. Every row of a table must name the same columns. Answers
   * true when a table holds a full statement's worth: `await flush()` then,
   * to keep memory flat.
   */
  add<T extends SeedTable>(table: T, row: SeedRow<T>): boolean {
    let rows = this.pending.get(table);
    if (!rows) {
      rows = [];
      this.pending.set(table, rows);
    }
    const columns = Object.keys(row).length;
    let shape = this.shapes.get(table);
    if (shape === undefined) {
      shape = { columns, perStatement: Math.max(1, Math.floor(MAX_PARAMETERS / columns)) };
      this.shapes.set(table, shape);
    } else if (shape.columns !== columns) {
      throw new Error(`Rows of ${table} must all name the same ${shape.columns} columns, not ${columns}`);
    }
    rows.push(row);
    return rows.length >= shape.perStatement;
  }

  /** Writes every queued row, parents first. */
  async flush(): Promise<void> {
    for (const table of tableOrder) {
      const rows = this.pending.get(table);
      if (!rows || rows.length === 0) continue;
      this.pending.delete(table);
      const size = this.shapes.get(table)?.perStatement ?? 1;
      for (let start = 0; start < rows.length; start += size) await this.insert(table, rows.slice(start, start + size));
    }
  }

  private async insert(table: SeedTable, rows: readonly object[]): Promise<void> {
    const columns = Object.keys(rows[0] ?? {});
    const shape = `${table}(${columns.join(',')})x${rows.length}`;
    const known = this.compiled.get(shape);
    if (known) {
      await this.q.executeQuery({ ...known, parameters: valuesOf(rows, columns) });
      return;
    }
    // The table is a union here; each row was typed for its table when it was added.
    const compiled = this.q
      .insertInto(table)
      .values(rows as never)
      .compile();
    await this.q.executeQuery(compiled);
    // Reused only if its parameters are exactly the rows' values in row, then column, order.
    if (sameValues(compiled.parameters, valuesOf(rows, columns))) this.compiled.set(shape, compiled);
  }
}

function valuesOf(rows: readonly object[], columns: readonly string[]): unknown[] {
  const values = new Array<unknown>(rows.length * columns.length);
  let i = 0;
  for (const row of rows) {
    for (const column of columns) values[i++] = (row as Record<string, unknown>)[column];
  }
  return values;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * The SQLite file as the service uses it: transactions of one turn commit
 * together, each settles only once its commit is on the file, a failing one
 * takes only itself back, and reads outside transactions see committed data
 * only. Another connection to the file stands for another process.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database.ts';

let dir: string;
let file: string;
let db: Db;
let other: Database.Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-dialect-'));
  file = join(dir, 'service.sqlite');
  db = await openDatabase({ file });
  await sql`CREATE TABLE t (x INTEGER NOT NULL UNIQUE)`.execute(db.q);
  other = new Database(file);
});

afterEach(async () => {
  other.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (x: number) => db.transaction((tx) => sql`INSERT INTO t (x) VALUES (${x})`.execute(tx));
const rowsSeenByOther = () => other.prepare('SELECT x FROM t ORDER BY x').pluck().all();
const commitsSeenByOther = () => Number(other.pragma('data_version', { simple: true }));

describe('SQLite transactions', () => {
  it('commit the transactions of one turn together, each settling once its data is on the file', async () => {
    const before = commitsSeenByOther();
    const written = [1, 2, 3, 4, 5].map((x) =>
      insert(x).then(() => {
        // Whoever is answered after their write finds it there, in any process.
        expect(rowsSeenByOther()).toContain(x);
      }),
    );
    await Promise.all(written);
    expect(rowsSeenByOther()).toEqual([1, 2, 3, 4, 5]);
    expect(commitsSeenByOther() - before).toBe(1);
  });

  it('take back only the transaction that fails; the others of its turn are kept', async () => {
    const results = await Promise.allSettled([
      db.transaction(async (tx) => {
        await sql`INSERT INTO t (x) VALUES (5)`.execute(tx);
        throw new Error('the first refused after writing');
      }),
      insert(1),
      db.transaction(async (tx) => {
        await sql`INSERT INTO t (x) VALUES (2)`.execute(tx);
        throw new Error('refused after writing');
      }),
      insert(1),
      insert(3),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'rejected',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(rowsSeenByOther()).toEqual([1, 3]);
  });

  it('let a read outside a transaction see only what is committed', async () => {
    const written = insert(7);
    // Queued behind the transaction: it runs once the transaction has handed over, before its batch commits.
    const during = await db.q
      .selectFrom('t' as never)
      .select(sql<number>`x`.as('x'))
      .execute();
    await written;
    const after = await db.q
      .selectFrom('t' as never)
      .select(sql<number>`x`.as('x'))
      .execute();
    expect(during).toEqual([]);
    expect(after).toEqual([{ x: 7 }]);
  });

  it('read the few small reads of every request through the writer while it has nothing open', async () => {
    // The reader alone is query_only: the setting tells the two connections apart.
    const readOnly = async (from: Db['q']) =>
      (await sql<{ query_only: number }>`SELECT query_only FROM pragma_query_only`.execute(from)).rows[0]?.query_only;
    expect(await readOnly(db.pointReads)).toBe(0);
    // Any other read outside a transaction reads through the reader.
    expect(await readOnly(db.q)).toBe(1);
    // With a batch open, the point reads too read through the reader.
    const written = insert(3);
    expect(await readOnly(db.pointReads)).toBe(1);
    await written;
    expect(await readOnly(db.pointReads)).toBe(0);
  });

  it('let those reads, too, see only what is committed while a batch is open', async () => {
    const read = () => sql<{ x: number }>`SELECT x FROM t`.execute(db.pointReads);
    expect((await read()).rows).toEqual([]);
    const written = insert(7);
    // Queued behind the transaction: it runs once the transaction has handed over, before its batch commits.
    const during = await read();
    await written;
    expect(during.rows).toEqual([]);
    expect((await read()).rows).toEqual([{ x: 7 }]);
    expect(rowsSeenByOther()).toEqual([7]);
  });

  it('move the change mark with a commit through another connection, not with a read', async () => {
    const mark = db.changeMark?.();
    expect(mark).toBeDefined();
    other.prepare('SELECT count(*) FROM t').get();
    expect(db.changeMark?.()).toBe(mark);
    other.prepare('INSERT INTO t (x) VALUES (9)').run();
    expect(db.changeMark?.()).not.toBe(mark);
  });

  it('move the change mark with its own commit, once the commit is done', async () => {
    const mark = db.changeMark?.();
    let whileWriting: string | undefined;
    await db.transaction(async (tx) => {
      await sql`INSERT INTO t (x) VALUES (4)`.execute(tx);
      whileWriting = db.changeMark?.();
    });
    expect(whileWriting).toBe(mark);
    expect(db.changeMark?.()).not.toBe(mark);
  });

  it('run a write that returns rows outside a transaction, and count it as a write', async () => {
    await insert(8);
    const mark = db.changeMark?.();
    const deleted = await db.q
      .deleteFrom('t' as never)
      .where(sql`x`, '=', 8)
      .returning(sql<number>`x`.as('x'))
      .execute();
    expect(deleted).toEqual([{ x: 8 }]);
    expect(rowsSeenByOther()).toEqual([]);
    expect(db.changeMark?.()).not.toBe(mark);
  });

  it('commit more transactions than one batch holds, every one of them', async () => {
    const many = Array.from({ length: 600 }, (_, i) => insert(1000 + i));
    await Promise.all(many);
    expect(rowsSeenByOther()).toHaveLength(600);
  });
});

describe('the write-ahead log', () => {
  it('is copied into the database file soon after it grows long, by no request', async () => {
    // 1,600 pages in one commit: past the checkpointer's 1,000, far below the 20,000 at which a COMMIT copies the log.
    await db.transaction((tx) => sql`CREATE TABLE big (b BLOB)`.execute(tx));
    await db.transaction((tx) => sql`INSERT INTO big (b) VALUES (randomblob(6400000))`.execute(tx));
    const megabytes = () => statSync(file).size / 1e6;
    // The write was answered without copying the log.
    expect(megabytes()).toBeLessThan(6.4);
    for (let tries = 0; tries < 40 && megabytes() < 6.4; tries++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(megabytes()).toBeGreaterThanOrEqual(6.4);
  });
});

describe('an in-memory database', () => {
  it('commits a transaction before a read outside it, so the read sees it', async () => {
    const memory = await openDatabase({ file: ':memory:' });
    try {
      await sql`CREATE TABLE t (x INTEGER)`.execute(memory.q);
      const mark = memory.changeMark?.();
      const written = memory.transaction((tx) => sql`INSERT INTO t (x) VALUES (1)`.execute(tx));
      const during = await memory.q
        .selectFrom('t' as never)
        .select(sql<number>`x`.as('x'))
        .execute();
      await written;
      expect(during).toEqual([{ x: 1 }]);
      expect(memory.changeMark?.()).not.toBe(mark);
    } finally {
      await memory.close();
    }
  });
});

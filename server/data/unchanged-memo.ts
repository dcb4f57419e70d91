/**
 * What a process reads from the database on every request (the data
 * versions, the session behind a token, a plugin's or an app's record), kept
 * while the database has not changed. Every call looks at the database's
 * change mark (`Db.changeMark`: one system call on SQLite, where each query
 * it saves costs three and 12–25 µs under load) and, while it is the one the
 * values were read under, answers from memory; once it moves, everything
 * kept is dropped and read again. A write through any connection moves the mark, so
 * a write through any instance is still seen at the next request through any
 * other (docs/scale-out.md).
 *
 * The mark is taken before the read, so a value is never kept under a mark
 * newer than the data it was read from: a commit between the two only makes
 * the next call read again. Where the engine has no mark (PostgreSQL), every
 * call reads.
 */
import type { Db } from './database.ts';

export class UnchangedMemo<V> {
  private mark: string | undefined;
  private readonly entries = new Map<string, V>();

  /** `maxEntries` bounds memory against many distinct keys (random tokens): past it, the memo starts over. */
  constructor(
    private readonly db: Pick<Db, 'changeMark'>,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The value under `key`, read with `load` unless it was read since the
   * database last changed. `mark` is the change mark taken when the request
   * arrived, when the caller has one: one reading then serves all of a
   * request's memos (each reading is a system call).
   */
  async get(key: string, load: () => Promise<V>, mark: string | undefined = this.db.changeMark?.()): Promise<V> {
    if (mark === undefined) return load();
    if (mark !== this.mark) {
      this.entries.clear();
      this.mark = mark;
    }
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const value = await load();
    // Another call may have seen a newer mark while this one read: then this value is not kept.
    if (this.mark === mark) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}

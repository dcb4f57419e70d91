import { describe, expect, it } from 'vitest';
import { UnchangedMemo } from './unchanged-memo.ts';

/** A database whose change mark the test moves. */
function database() {
  const state = { mark: 'm1' };
  return { state, db: { changeMark: () => state.mark } };
}

describe('UnchangedMemo', () => {
  it('answers from memory while the database is unchanged, and reads again once it changed', async () => {
    const { state, db } = database();
    const memo = new UnchangedMemo<string>(db);
    let reads = 0;
    const load = async () => `value ${++reads}`;
    expect(await memo.get('k', load)).toBe('value 1');
    expect(await memo.get('k', load)).toBe('value 1');
    state.mark = 'm2';
    expect(await memo.get('k', load)).toBe('value 2');
    expect(reads).toBe(2);
  });

  it('does not keep a value read while the database changed under it', async () => {
    const { state, db } = database();
    const memo = new UnchangedMemo<string>(db);
    let reads = 0;
    // A commit lands while the first read is under way; another request sees the new mark meanwhile.
    const first = memo.get('k', async () => {
      state.mark = 'm2';
      await memo.get('other', async () => 'x');
      return `value ${++reads}`;
    });
    expect(await first).toBe('value 1');
    expect(await memo.get('k', async () => `value ${++reads}`)).toBe('value 2');
  });

  it('reads every time where the database has no change mark', async () => {
    const memo = new UnchangedMemo<number>({ changeMark: undefined });
    let reads = 0;
    await memo.get('k', async () => ++reads);
    await memo.get('k', async () => ++reads);
    expect(reads).toBe(2);
  });

  it('starts over past its bound instead of growing', async () => {
    const { db } = database();
    const memo = new UnchangedMemo<string>(db, 2);
    let reads = 0;
    const load = async () => `value ${++reads}`;
    await memo.get('a', load);
    await memo.get('b', load);
    await memo.get('c', load);
    expect(await memo.get('a', load)).toBe('value 4');
  });
});

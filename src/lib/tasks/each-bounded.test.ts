import { describe, expect, it } from 'vitest';
import { eachBounded } from './each-bounded';

describe('eachBounded', () => {
  it('never runs more than the limit at once, settles each on its own and keeps the order', async () => {
    let running = 0;
    let most = 0;
    const heard: number[] = [];
    const results = await eachBounded(
      [1, 2, 3, 4, 5, 6, 7],
      3,
      async (n) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, (8 - n) * 2));
        running -= 1;
        if (n === 4) throw new Error('four failed');
        return n * 10;
      },
      (n) => heard.push(n),
    );
    expect(most).toBe(3);
    expect(heard.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
      10,
      20,
      30,
      'Error: four failed',
      50,
      60,
      70,
    ]);
  });

  it('answers nothing for nothing', async () => {
    expect(await eachBounded([], 3, async () => 1)).toEqual([]);
  });
});

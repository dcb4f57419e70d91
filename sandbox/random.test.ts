import { describe, expect, it } from 'vitest';
import { Rng } from './random.ts';

const draw = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.next());

describe('Rng', () => {
  it('repeats a sequence for the same seed and label, and changes it for another', () => {
    expect(draw(new Rng(1), 50)).toEqual(draw(new Rng(1), 50));
    expect(draw(new Rng(1), 50)).not.toEqual(draw(new Rng(2), 50));
    expect(draw(new Rng(1, 'a'), 50)).not.toEqual(draw(new Rng(1, 'b'), 50));
    // Seeds above 32 bits are not folded onto small ones.
    expect(draw(new Rng(2 ** 32 + 1), 10)).not.toEqual(draw(new Rng(1), 10));
  });

  it('stays in range', () => {
    const rng = new Rng(3);
    for (let i = 0; i < 5000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = rng.int(-2, 2);
      expect(Number.isInteger(n) && n >= -2 && n <= 2).toBe(true);
    }
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(1, 6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rng.hex(13)).toMatch(/^[0-9a-f]{13}$/);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8]);
    const shuffled = new Rng(4).shuffle(input);
    expect([...shuffled].sort()).toEqual([...input]);
    expect(new Rng(4).sample(input, 3)).toHaveLength(3);
    expect(new Rng(4).sample(input, 30)).toHaveLength(input.length);
  });

  it('forks streams that do not depend on what the parent drew', () => {
    const a = new Rng(5);
    const b = new Rng(5);
    draw(b, 17);
    expect(draw(a.fork('x'), 20)).toEqual(draw(b.fork('x'), 20));
    expect(draw(a.fork('x'), 20)).not.toEqual(draw(a.fork('y'), 20));
  });

  it('picks by weight and refuses impossible requests', () => {
    const rng = new Rng(6);
    const picks = Array.from({ length: 2000 }, () =>
      rng.weighted([
        ['common', 9],
        ['rare', 1],
      ] as const),
    );
    const rare = picks.filter((p) => p === 'rare').length;
    expect(rare).toBeGreaterThan(100);
    expect(rare).toBeLessThan(350);
    expect(() => rng.pick([])).toThrow(RangeError);
    expect(() => rng.int(3, 1)).toThrow(RangeError);
    expect(() => new Rng(-1)).toThrow(RangeError);
    expect(() => new Rng(1.5)).toThrow(RangeError);
  });
});

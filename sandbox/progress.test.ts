import { describe, expect, it } from 'vitest';
import { progressReporter } from './progress.ts';

function run(tty: boolean, steps: [atMs: number, done: number][], total: number) {
  let clock = 0;
  let out = '';
  const progress = progressReporter({ label: 'Adding rows', tty, write: (text) => (out += text), now: () => clock });
  for (const [at, done] of steps) {
    clock = at;
    progress.update(done, total);
  }
  progress.finish();
  return out;
}

describe('progress of long work', () => {
  const steps: [number, number][] = Array.from({ length: 40 }, (_, i) => [(i + 1) * 50, (i + 1) * 25_000]);

  it('writes a plain line at each tenth when the output is not a terminal, with rows, rate and time left', () => {
    const lines = run(false, steps, 1_000_000).split('\n').filter(Boolean);
    expect(lines).toHaveLength(10);
    // 25,000 rows every 50 ms: 500,000 rows/s.
    expect(lines[0]).toBe('Adding rows: 100,000 of 1,000,000 (10%), 500,000 rows/s, about 1.8 s left');
    expect(lines[4]).toBe('Adding rows: 500,000 of 1,000,000 (50%), 500,000 rows/s, about 1.0 s left');
    expect(lines[9]).toBe('Adding rows: 1,000,000 of 1,000,000 (100%), 500,000 rows/s, done in 2.0 s');
    expect(lines.join('\n')).not.toContain('\r');
  });

  it('rewrites one line on a terminal, at most ten times a second, and ends it', () => {
    const out = run(true, steps, 1_000_000);
    const draws = out.split('\r\x1b[2K').filter(Boolean);
    // 2 s of work: 20 draws at most (every 100 ms), plus the final one.
    expect(draws.length).toBeGreaterThanOrEqual(19);
    expect(draws.length).toBeLessThanOrEqual(21);
    expect(draws.at(-1)).toBe('Adding rows: 1,000,000 of 1,000,000 (100%), 500,000 rows/s, done in 2.0 s\n');
    expect(out.match(/\n/g)).toHaveLength(1);
  });

  it('says minutes for long work', () => {
    const out = run(false, [[60_000, 100_000]], 1_000_000);
    expect(out).toBe('Adding rows: 100,000 of 1,000,000 (10%), 1,667 rows/s, about 9 min 0 s left\n');
  });
});

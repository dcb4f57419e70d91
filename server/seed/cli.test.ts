import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'seed-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run seed -- ...` as a user would (tsx on the real entry point). */
function seed(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

const rows = (file: string, table: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('npm run seed', () => {
  const file = join(dir, 'x.sqlite');

  it('seeds the demo dataset, adds bulk rows, keeps data on a rerun and starts afresh with --reset', () => {
    const first = seed('--database', file, '--seed', '1');
    expect(first.status).toBe(0);
    expect(first.out).toMatch(/Seeded the demo dataset \(seed 1\)/);
    const users = rows(file, 'users');
    const comments = rows(file, 'comments');
    expect(users).toBeGreaterThan(40);

    const bulk = seed(
      '--database',
      file,
      '--seed',
      '1',
      '--comments',
      '300',
      '--notes',
      '40',
      '--hot-student-comments',
      '25',
    );
    expect(bulk.status).toBe(0);
    expect(bulk.out).toMatch(/already has users/);
    expect(rows(file, 'comments')).toBe(comments + 325);
    expect(rows(file, 'users')).toBe(users);

    const reset = seed('--database', file, '--seed', '2', '--reset');
    expect(reset.status).toBe(0);
    expect(rows(file, 'comments')).toBe(comments);
  });

  it('shows progress as plain lines when its output is not a terminal: rows done, rate, time left', () => {
    const result = seed('--database', join(dir, 'progress.sqlite'), '--comments', '3000', '--notes', '2000');
    expect(result.status).toBe(0);
    const lines = result.out.split('\n').filter((line) => line.startsWith('Adding rows:'));
    // One line per tenth reached; progress is counted every 1,000 rows, so 5,000 rows reach five of them.
    expect(lines.map((line) => /: ([\d,]+) of 5,000 \((\d+)%\)/.exec(line)?.slice(1))).toEqual([
      ['1,000', '20'],
      ['2,000', '40'],
      ['3,000', '60'],
      ['4,000', '80'],
      ['5,000', '100'],
    ]);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/, [\d,]+ rows\/s, about [\d.]+ s left$/);
    expect(lines.at(-1)).toMatch(/, [\d,]+ rows\/s, done in [\d.]+ s$/);
    expect(result.out).not.toContain('\r');
  });

  it.each([
    [['--comments', '12x'], /--comments must be a non-negative integer/],
    [['--seed', '-3'], /--seed/],
    [['--notes', '99999999999'], /--notes must be at most/],
    [['--colour', 'blue'], /Unknown option '--colour'/],
    [['stray'], /Unexpected argument 'stray'/],
  ])('refuses %j with exit code 2 and says why', (args, message) => {
    const result = seed('--database', join(dir, 'never.sqlite'), ...args);
    expect(result.status).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.err).toMatch(/Usage: npm run seed/);
  });
});

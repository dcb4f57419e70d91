import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../server/data/database.ts';
import { bindEnvironment } from '../server/data/environment.ts';
import { applyMigrations, withStartupLock } from '../server/data/migrate.ts';
import { type FreshDatabase, freshDatabase, testEngine } from '../testkit/engine.ts';

const dir = mkdtempSync(join(tmpdir(), 'seed-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run seed -- ...` as a user would (tsx on the real entry point), never against a DATABASE_URL it inherits. */
function seed(...args: string[]) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

const rows = async (db: Db, table: 'users' | 'comments') =>
  Number(
    (
      await db.q
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('npm run seed', () => {
  /** The database the CLI seeds: a SQLite file, or on PostgreSQL an empty migrated database. */
  let target: string[];
  let look: () => Promise<Db>;
  let postgres: FreshDatabase | undefined;
  beforeAll(async () => {
    if (testEngine === 'postgres') {
      postgres = await freshDatabase({ seed: false });
      const url = postgres.url as string;
      target = ['--database-url', url];
      look = () => openDatabase({ url, poolSize: 1 });
    } else {
      const file = join(dir, 'x.sqlite');
      target = ['--database', file];
      look = () => openDatabase({ file });
    }
  });
  afterAll(async () => {
    await postgres?.drop();
  });

  /** Counts rows with a connection of its own, closed before the CLI runs again. */
  async function counts() {
    const db = await look();
    try {
      return { users: await rows(db, 'users'), comments: await rows(db, 'comments') };
    } finally {
      await db.close();
    }
  }

  it('seeds the demo dataset, adds bulk rows, keeps data on a rerun and starts afresh with --reset', async () => {
    const first = seed(...target, '--seed', '1');
    expect(first.status, first.err).toBe(0);
    expect(first.out).toMatch(/Seeded the demo dataset \(seed 1\)/);
    const { users, comments } = await counts();
    expect(users).toBeGreaterThan(40);

    const bulk = seed(...target, '--seed', '1', '--comments', '300', '--notes', '40', '--hot-student-comments', '25');
    expect(bulk.status, bulk.err).toBe(0);
    expect(bulk.out).toMatch(/already has users/);
    expect(await counts()).toEqual({ users, comments: comments + 325 });

    const reset = seed(...target, '--seed', '2', '--reset');
    expect(reset.status, reset.err).toBe(0);
    expect(reset.out).toMatch(/Seeded the demo dataset \(seed 2\)/);
    expect((await counts()).comments).toBe(comments);
    // Three runs of the real program, each starting tsx: slow on a busy machine.
  }, 120_000);

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

  it('never seeds a production database', async () => {
    let production: FreshDatabase | undefined;
    let args: string[];
    let open: () => Promise<Db>;
    if (testEngine === 'postgres') {
      production = await freshDatabase({ seed: false });
      const url = production.url as string;
      args = ['--database-url', url];
      open = () => openDatabase({ url, poolSize: 1 });
    } else {
      const file = join(dir, 'production.sqlite');
      args = ['--database', file];
      open = () => openDatabase({ file });
    }
    try {
      const db = await open();
      await withStartupLock(db, async (tx) => {
        await applyMigrations(tx, db.engine);
        await bindEnvironment(tx, 'production');
      });
      await db.close();
      const refused = seed(...args, '--comments', '10');
      expect(refused.status).toBe(1);
      expect(refused.err).toContain('This database belongs to a production service: the demo dataset');
      const after = await open();
      expect(await rows(after, 'users')).toBe(0);
      await after.close();
    } finally {
      await production?.drop();
    }
  }, 60_000);

  it.each([
    [['--comments', '12x'], /--comments must be a non-negative integer/],
    [['--seed', '-3'], /--seed/],
    [['--notes', '99999999999'], /--notes must be at most/],
    [['--colour', 'blue'], /Unknown option '--colour'/],
    [['stray'], /Unexpected argument 'stray'/],
    [['--database-url', 'mysql://somewhere/db'], /must be a postgres:\/\/ or postgresql:\/\/ URL/],
  ])('refuses %j with exit code 2 and says why', (args, message) => {
    const result = seed('--database', join(dir, 'never.sqlite'), ...args);
    expect(result.status).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.err).toMatch(/Usage: npm run seed/);
  });
});

/**
 * `npm run seed -- --database ./data/x.sqlite --seed 1 [--comments N] [--notes N]
 *   [--hot-student-comments N] [--students N] [--reset]`
 * (or `--database-url postgres://...`, or DATABASE_URL set, for PostgreSQL)
 *
 * Migrates the database and seeds the demo dataset when it has no users (under
 * the start-up lock, as the service does), then adds the requested bulk rows.
 * Bad flags stop with a message and exit code 2.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type Db, openDatabase } from '../server/data/database.ts';
import { applyMigrations, withStartupLock } from '../server/data/migrate.ts';
import type { Schema } from '../server/data/schema.ts';
import { seedBulk } from './bulk.ts';
import { type ProgressOptions, progressReporter } from './progress.ts';
import { seedIfEmpty } from './seed.ts';

const USAGE = `Usage: npm run seed -- [options]

  --database PATH              SQLite file (default ./data/platform.sqlite)
  --database-url URL           PostgreSQL instead (postgres://user@host:port/db; default: DATABASE_URL)
  --seed N                     seed number, a non-negative integer (default 1)
  --reset                      delete the file (PostgreSQL: drop the service's tables) first, then seed afresh
  --students N                 add N extra trainees (no pictures), round-robin over the classes
  --comments N                 add N comments spread over every enrollment
  --notes N                    add N notes spread over every enrollment (all three categories)
  --hot-student-comments N     add N comments all about the demo student in the trainer's class
  --help                       show this text`;

const MAX_ROWS = 50_000_000;

class UsageError extends Error {}

function integer(flag: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${flag} must be a non-negative integer, not "${value}"`);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n > max) throw new UsageError(`--${flag} must be at most ${max}, not ${value}`);
  return n;
}

export interface CliOptions {
  database: string;
  /** PostgreSQL instead of the SQLite file. */
  databaseUrl: string | undefined;
  seed: number;
  reset: boolean;
  students: number;
  comments: number;
  notes: number;
  hotStudentComments: number;
  help: boolean;
}

export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        database: { type: 'string' },
        'database-url': { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean' },
        students: { type: 'string' },
        comments: { type: 'string' },
        notes: { type: 'string' },
        'hot-student-comments': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const database = text('database') ?? './data/platform.sqlite';
  if (database.trim() === '') throw new UsageError('--database must name a file');
  // The flag wins over the environment, as an explicit choice should.
  const databaseUrl = text('database-url') ?? env.DATABASE_URL;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    throw new UsageError('--database-url (or DATABASE_URL) must be a postgres:// or postgresql:// URL');
  }
  return {
    database,
    databaseUrl,
    seed: integer('seed', text('seed'), 1, Number.MAX_SAFE_INTEGER),
    reset: values.reset === true,
    students: integer('students', text('students'), 0, MAX_ROWS),
    comments: integer('comments', text('comments'), 0, MAX_ROWS),
    notes: integer('notes', text('notes'), 0, MAX_ROWS),
    hotStudentComments: integer('hot-student-comments', text('hot-student-comments'), 0, MAX_ROWS),
    help: values.help === true,
  };
}

const counted = ['users', 'students', 'friendships', 'comments', 'notes', 'pictures'] as const;

async function tableCounts(db: Db): Promise<string> {
  const counts: string[] = [];
  for (const table of counted) {
    const row = await db.q
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    counts.push(`${table} ${Number(row?.n ?? 0)}`);
  }
  return counts.join(', ');
}

/** Every table of the service, children before parents, so each can be dropped. */
const tablesToDrop: readonly (keyof Schema)[] = [
  'planner_named',
  'mission_plans',
  'password_links',
  'oidc_flows',
  'throttle',
  'additional_info',
  'other_skills',
  'badge_assertions',
  'badge_criteria',
  'badges',
  'plugin_orgs',
  'plugin_permissions',
  'plugins',
  'oauth_codes',
  'sessions',
  'app_redirect_uris',
  'app_scopes',
  'apps',
  'pinned_phrases',
  'entry_versions',
  'comment_counts',
  'note_counts',
  'notes',
  'comments',
  'students',
  'class_trainers',
  'classes',
  'lessons',
  'courses',
  'friendships',
  'users',
  'pictures',
  'orgs',
  'data_versions',
  'service_keys',
  'service_settings',
  'schema_migrations',
];

/** The password of a URL is not for the log. */
function shown(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]+):[^@]*@/, '$1:***@');
}

/** Where progress goes: stdout, as a rewritten line on a terminal and plain lines otherwise. */
const stdoutProgress: Omit<ProgressOptions, 'label'> = {
  tty: process.stdout.isTTY === true,
  write: (text) => process.stdout.write(text),
};

export async function runCli(
  argv: readonly string[],
  log: (line: string) => void = console.log,
  progressTo: Omit<ProgressOptions, 'label'> = stdoutProgress,
): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`seed: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    log(USAGE);
    return 0;
  }
  const url = options.databaseUrl;
  if (options.reset && !url && options.database !== ':memory:') {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${options.database}${suffix}`, { force: true });
  }
  let db: Db | undefined;
  try {
    db = await openDatabase({ url, file: options.database, poolSize: 2 });
    const engine = db.engine;
    const started = performance.now();
    const seeded = await withStartupLock(db, async (tx) => {
      if (options.reset && url) {
        for (const table of tablesToDrop) await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(tx);
      }
      await applyMigrations(tx, engine);
      return seedIfEmpty(tx, options.seed);
    });
    log(
      seeded
        ? `Seeded the demo dataset (seed ${options.seed}) in ${Math.round(performance.now() - started)} ms`
        : 'The database already has users: kept them (use --reset to start afresh)',
    );
    const bulk = options.students + options.comments + options.notes + options.hotStudentComments;
    if (bulk > 0) {
      const progress = progressReporter({ label: 'Adding rows', ...progressTo });
      const summary = await seedBulk(db, {
        onProgress: (done, total) => progress.update(done, total),
        seed: options.seed,
        students: options.students,
        comments: options.comments,
        notes: options.notes,
        hotStudentComments: options.hotStudentComments,
      });
      progress.finish();
      log(
        `Added ${summary.students} students, ${summary.comments} comments, ${summary.hotStudentComments} hot-student comments and ${summary.notes} notes in ${summary.milliseconds} ms`,
      );
    }
    log(`${url ? shown(url) : options.database}: ${await tableCounts(db)}`);
    return 0;
  } catch (error) {
    console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db?.close();
  }
}

// Run only as the entry point, so tests can import parseCli and runCli.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCli(process.argv.slice(2));
}

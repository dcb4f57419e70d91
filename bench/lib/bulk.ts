/**
 * Large databases for the service benchmarks, and the requests made on them.
 *
 * A bulk database is the demo sandbox plus the seed generator's bulk rows
 * (`seedBulk` in sandbox/bulk.ts): one trainee per 50 comments, so one
 * student's comments stay ~50 rows while the tables grow from 10,000 to
 * 1,000,000 rows, which is what the growth benchmark needs. On top, a small
 * org of 50 enrolled users and a plugin allowed to read it, so the plugin
 * record-data read answers the same ~50 rows at every size. Files are cached
 * (bench/results/cache) and copied per run, since runs write.
 */
import { copyFileSync } from 'node:fs';
import { sql } from 'kysely';
import { basicHeader } from '../../contract/basic-auth.ts';
import type { Comment } from '../../contract/comments.ts';
import { pluginPermissions } from '../../contract/plugin-permissions.ts';
import { seedBulk } from '../../sandbox/bulk.ts';
import { demoIds } from '../../sandbox/demo-ids.ts';
import { SEED_BASE_TIME } from '../../sandbox/random.ts';
import { seedIfEmpty } from '../../sandbox/seed.ts';
import { summariesOf } from '../../server/areas/profile/users.repo.ts';
import { type Db, openDatabase, type Queryable } from '../../server/data/database.ts';
import { applyMigrations, withStartupLock } from '../../server/data/migrate.ts';
import { type ChildService, freePort, startChildService } from '../../testkit/child-service.ts';
import type { LoadSpec } from './cannon.ts';
import { cachedDatabase, removeDatabase, tempDatabase } from './dataset.ts';
import { ports } from './ports.ts';

export const bulkRows = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 } as const;
export type BulkSize = keyof typeof bulkRows;
export const bulkSizes = Object.keys(bulkRows) as BulkSize[];

const PER_STUDENT = 50;
const RECORD_ORG_USERS = 50;
const SEED = 1;
export const BENCH_APP = demoIds.apps.training;
export const BENCH_PLUGIN = { clientId: 'bench-plugin', clientSecret: 'bench-plugin-secret-not-for-production' };
const BENCH_ORG = 'bench-org';

export interface BulkFacts {
  readonly file: string;
  readonly comments: number;
  readonly notes: number;
  /** A trainer of the student's class. */
  readonly trainerId: string;
  /** A bulk trainee with about 50 comments. */
  readonly studentId: string;
  readonly classId: string;
  readonly lessonId: string;
  /** The org the bench plugin reads: 50 enrolled users. */
  readonly orgId: string;
}

/** The small org of the record-data read, and a plugin with every API set on it. */
async function addRecordDataOrg(db: Db): Promise<void> {
  const klass = await db.q
    .selectFrom('classes')
    .select('course_id')
    .where('class_id', '=', demoIds.classes.cyberA)
    .executeTakeFirst();
  if (!klass) throw new Error(`the demo has no class ${demoIds.classes.cyberA}`);
  const now = SEED_BASE_TIME;
  await db.transaction(async (tx) => {
    await tx.insertInto('orgs').values({ org_id: BENCH_ORG, name: 'Bench squadron' }).execute();
    await tx
      .insertInto('classes')
      .values({ class_id: 'bench-class', course_id: klass.course_id, name: 'Bench class', org_id: BENCH_ORG })
      .execute();
    const users = Array.from({ length: RECORD_ORG_USERS }, (_, i) => ({
      user_id: `bench-user-${i}`,
      handle: `@bench-user-${i}`,
      first_name: 'Bench',
      last_name: `Trainee ${i}`,
      user_type: 'adult',
      account_type: 'Adult',
      country: 'US',
      profile_pic: null,
      cover_photo: null,
      email: `bench${i}@bench.example`,
      trainee: 1 as const,
      afsc: '1C171',
      education: 'CCAF',
      military_grade: null,
      display_rank: null,
      gender: null,
      display_duty_title: 'Crew Chief',
      civilian_grade: null,
      civilian_band: null,
      job_series_number: null,
      job_title: null,
      org_id: BENCH_ORG,
      created_at: now,
    }));
    await tx.insertInto('users').values(users).execute();
    await tx
      .insertInto('students')
      .values(
        users.map((_, i) => ({
          student_id: `bench-student-${i}`,
          user_id: `bench-user-${i}`,
          class_id: 'bench-class',
        })),
      )
      .execute();
    await tx
      .insertInto('plugins')
      .values({
        client_id: BENCH_PLUGIN.clientId,
        client_secret: BENCH_PLUGIN.clientSecret,
        name: 'Bench plugin',
        environment: 'sandbox',
        capabilities_url: null,
        candidates_url: null,
        created_at: now,
      })
      .execute();
    await tx
      .insertInto('plugin_permissions')
      .values(pluginPermissions.map((permission) => ({ client_id: BENCH_PLUGIN.clientId, permission })))
      .execute();
    await tx.insertInto('plugin_orgs').values({ client_id: BENCH_PLUGIN.clientId, org_id: BENCH_ORG }).execute();
  });
}

export type BulkRows = { students?: number; comments?: number; notes?: number; hotStudentComments?: number };

/** Writes the demo sandbox, the seed generator's bulk rows and the record-data org into an empty database. */
export async function generateInto(db: Db, bulk: BulkRows): Promise<void> {
  if (db.engine === 'sqlite') await sql`PRAGMA synchronous = OFF`.execute(db.q);
  const seeded = await withStartupLock(db, async (tx) => {
    await applyMigrations(tx, db.engine);
    return seedIfEmpty(tx, SEED);
  });
  if (!seeded) throw new Error('the database is not empty');
  await seedBulk(db, { seed: SEED, ...bulk });
  await addRecordDataOrg(db);
  if (db.engine === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db.q);
  await sql`ANALYZE`.execute(db.q);
}

/** Writes a cached SQLite file. */
async function generate(file: string, bulk: BulkRows): Promise<void> {
  const db = await openDatabase({ file });
  try {
    await generateInto(db, bulk);
  } finally {
    await db.close();
  }
}

/** Reads from a generated database which student, class, lesson and trainer the benchmarks use. */
export async function factsOf(db: Db, file: string): Promise<BulkFacts> {
  const count = async (table: 'comments' | 'notes') =>
    Number(
      (
        await db.q
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Among the bulk trainees, the one whose comment count is closest to 50.
  const counts = await db.q
    .selectFrom('comments as c')
    .innerJoin('students as s', 's.student_id', 'c.student_id')
    .select(['s.student_id', 's.class_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('s.student_id', 'like', 'stu-x%')
    .groupBy(['s.student_id', 's.class_id'])
    .execute();
  const student = counts
    .map((row) => ({ ...row, n: Number(row.n) }))
    .sort(
      (x, y) => Math.abs(x.n - PER_STUDENT) - Math.abs(y.n - PER_STUDENT) || x.student_id.localeCompare(y.student_id),
    )[0];
  if (!student) throw new Error('the bulk database has no trainee');
  const trainer = await db.q
    .selectFrom('class_trainers')
    .select('user_id')
    .where('class_id', '=', student.class_id)
    .orderBy('user_id')
    .executeTakeFirst();
  const lesson = await db.q
    .selectFrom('lessons as l')
    .innerJoin('classes as k', 'k.course_id', 'l.course_id')
    .select('l.lesson_id')
    .where('k.class_id', '=', student.class_id)
    .orderBy('l.position')
    .executeTakeFirst();
  if (!trainer || !lesson) throw new Error(`class ${student.class_id} has no trainer or no lesson`);
  return {
    file,
    comments: await count('comments'),
    notes: await count('notes'),
    trainerId: trainer.user_id,
    studentId: student.student_id,
    classId: student.class_id,
    lessonId: lesson.lesson_id,
    orgId: BENCH_ORG,
  };
}

async function factsOfFile(file: string): Promise<BulkFacts> {
  const db = await openDatabase({ file });
  try {
    return await factsOf(db, file);
  } finally {
    await db.close();
  }
}

/** The cached database of a size (made on first use). */
export async function bulkDatabase(size: BulkSize): Promise<BulkFacts> {
  const file = await cachedDatabase(`bulk-${size}`, async (target) => {
    const started = performance.now();
    console.error(`[bench]   generating the ${size} database with seedBulk (cached for later runs) …`);
    await generate(target, bulkRowsOf(size));
    console.error(`[bench]   … in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  });
  return factsOfFile(file);
}

/** The rows of a bulk database of a size. */
export function bulkRowsOf(size: BulkSize): BulkRows {
  const rows = bulkRows[size];
  return { students: rows / PER_STUDENT, comments: rows, notes: rows };
}

export type BulkService = ChildService & { readonly facts: BulkFacts };

/** The service on a copy of `file`, removed when it stops. */
async function serveCopy(
  file: string,
  label: string,
  env: Record<string, string> = {},
): Promise<ChildService & { readonly file: string }> {
  const copy = tempDatabase(label);
  copyFileSync(file, copy);
  const service = await startChildService({
    database: copy,
    port: await freePort(...ports.service),
    readyTimeoutMs: 120_000,
    env,
  });
  return {
    ...service,
    file: copy,
    stop: async () => {
      await service.stop();
      removeDatabase(copy);
    },
  };
}

async function serve(source: BulkFacts, label: string, env: Record<string, string> = {}): Promise<BulkService> {
  const service = await serveCopy(source.file, label, env);
  return { ...service, facts: { ...source, file: service.file } };
}

/** The service on a copy of the cached database of a size. */
export async function startBulkService(size: BulkSize): Promise<BulkService> {
  return serve(await bulkDatabase(size), `bulk-${size}`);
}

export interface HotFacts {
  readonly trainerId: string;
  readonly hotStudentId: string;
  readonly hotComments: number;
  readonly otherStudentId: string;
  readonly otherComments: number;
}

/** The demo sandbox with `comments` more comments about the demo student of the trainer's class (the long list). */
export async function startHotStudentService(
  comments: number,
  dashboardDir: string,
): Promise<ChildService & { facts: HotFacts }> {
  const file = await cachedDatabase(`hot-${comments}`, (target) => generate(target, { hotStudentComments: comments }));
  const db = await openDatabase({ file });
  let facts: HotFacts;
  try {
    const hotStudentId = demoIds.students.studentCyber;
    const counts = await db.q
      .selectFrom('comments as c')
      .innerJoin('students as s', 's.student_id', 'c.student_id')
      .select(['s.student_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('s.class_id', '=', demoIds.classes.cyberA)
      .groupBy('s.student_id')
      .execute();
    const countOf = (studentId: string) => Number(counts.find((row) => row.student_id === studentId)?.n ?? 0);
    const other = counts
      .filter((row) => row.student_id !== hotStudentId && Number(row.n) > 0)
      .sort((x, y) => Number(x.n) - Number(y.n) || x.student_id.localeCompare(y.student_id))[0];
    const trainer = await db.q
      .selectFrom('class_trainers')
      .select('user_id')
      .where('class_id', '=', demoIds.classes.cyberA)
      .orderBy('user_id')
      .executeTakeFirst();
    if (!other || !trainer) throw new Error('the demo class cyberA has no trainer or no other commented student');
    facts = {
      trainerId: trainer.user_id,
      hotStudentId,
      hotComments: countOf(hotStudentId),
      otherStudentId: other.student_id,
      otherComments: Number(other.n),
    };
  } finally {
    await db.close();
  }
  // The demo and the hot student only: no bulk trainees, so no BulkFacts.
  const service = await serveCopy(file, 'hot', { DASHBOARD_DIR: dashboardDir });
  return { ...service, facts };
}

/**
 * A small world (the demo sandbox alone) for the page-speed benchmark when the
 * demo sandbox started by the service has no trainer to sign in as.
 */
export async function startSmallService(dashboardDir: string): Promise<ChildService> {
  const file = await cachedDatabase('small', (target) => generate(target, {}));
  return serveCopy(file, 'small', { DASHBOARD_DIR: dashboardDir });
}

export interface Targets {
  readonly token: string;
  readonly commentsByStudent: LoadSpec;
  readonly addComment: LoadSpec;
  readonly notesOfStudent: LoadSpec;
  readonly myProfile: LoadSpec;
  readonly recordData: LoadSpec;
  readonly studentComments: number;
  readonly studentNotes: number;
  readonly recordRows: number;
}

async function rowsOf(base: string, spec: LoadSpec): Promise<number> {
  const response = await fetch(base + spec.path, { headers: spec.headers ?? {} });
  if (!response.ok) throw new Error(`${spec.path}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as unknown;
  return Array.isArray(body) ? body.length : 1;
}

/** Signs the bench trainer in and describes each benchmarked request. */
export async function benchTargets(base: string, f: BulkFacts): Promise<Targets> {
  const response = await fetch(`${base}/sandbox/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: f.trainerId, clientId: BENCH_APP }),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const targets = {
    token,
    commentsByStudent: { path: `/edu/v1/student/comment?studentId=${f.studentId}`, headers: auth },
    addComment: {
      method: 'POST' as const,
      path: '/edu/v1/student/comment',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        studentId: f.studentId,
        classId: f.classId,
        lessonId: f.lessonId,
        text: 'Benchmark: steady approach, good radio calls.',
      }),
    },
    notesOfStudent: { path: `/edu/v1/note/list?studentId=${f.studentId}`, headers: auth },
    myProfile: { path: '/user/v1/my/profile', headers: auth },
    recordData: {
      path: `/plugin/v2/ai/record-data?orgIds=${f.orgId}`,
      headers: { Authorization: basicHeader(BENCH_PLUGIN.clientId, BENCH_PLUGIN.clientSecret) },
    },
  };
  return {
    ...targets,
    studentComments: await rowsOf(base, targets.commentsByStudent),
    studentNotes: await rowsOf(base, targets.notesOfStudent),
    recordRows: await rowsOf(base, targets.recordData),
  };
}

/** Every comment of a database as the API shapes it, plus the studentId and id json-server needs. */
export async function exportComments(file: string): Promise<(Comment & { id: string; studentId: string })[]> {
  const db = await openDatabase({ file });
  try {
    const rows = await db.q
      .selectFrom('comments as c')
      .innerJoin('students as st', 'st.student_id', 'c.student_id')
      .select([
        'c.comment_id',
        'c.student_id',
        'c.course_id',
        'c.lesson_id',
        'c.class_id',
        'c.text',
        'c.author_id',
        'st.user_id as student_user_id',
      ])
      .orderBy('c.seq')
      .execute();
    const people = await summariesOf(
      db.q as Queryable,
      rows.flatMap((r) => [r.student_user_id, r.author_id]),
    );
    return rows.flatMap((row) => {
      const student = people.get(row.student_user_id);
      const author = people.get(row.author_id);
      if (!student || !author) return [];
      return [
        {
          id: row.comment_id,
          studentId: row.student_id,
          commentId: row.comment_id,
          student,
          author,
          course: row.course_id,
          lesson: row.lesson_id ?? '',
          class: row.class_id,
          text: row.text,
        },
      ];
    });
  } finally {
    await db.close();
  }
}

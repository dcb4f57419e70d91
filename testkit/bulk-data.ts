/**
 * Large databases for the benchmarks, and what the benchmarks read from them.
 *
 * A bulk database is the demo sandbox plus the seed generator's bulk rows
 * (`seedBulk` in sandbox/bulk.ts), and on top a small org of 50 enrolled
 * users with a plugin allowed to read it, so the plugin record-data read
 * answers the same ~50 rows at every size. Facts name who the benchmarks act
 * as: a bulk trainee with about 50 comments, their class, a lesson and a
 * trainer. Written on SQLite (a file) or PostgreSQL (a URL) alike.
 */
import { sql } from 'kysely';
import postgres from 'postgres';
import type { Comment } from '../contract/comments.ts';
import { pluginPermissions } from '../contract/plugin-permissions.ts';
import { seedBulk } from '../sandbox/bulk.ts';
import { benchPlugin, demoIds } from '../sandbox/demo-ids.ts';
import { SEED_BASE_TIME } from '../sandbox/random.ts';
import { seedIfEmpty } from '../sandbox/seed.ts';
import { summariesOf } from '../server/access/people.ts';
import { type Db, openDatabase, type Queryable } from '../server/data/database.ts';
import { applyMigrations, withStartupLock } from '../server/data/migrate.ts';
import { SANDBOX_SECRETS_KEY, sealingKey, storedPluginSecret } from '../server/data/secrets.ts';
import type { PostgresServer } from './postgres-server.ts';

/** A SQLite file or a PostgreSQL database. */
export type DatabaseAt = { readonly file: string } | { readonly url: string };

/** Comments per bulk trainee: one student's comments stay ~50 rows whatever the size. */
export const COMMENTS_PER_STUDENT = 50;
const RECORD_ORG_USERS = 50;
const SEED = 1;
/** Published with the demo's credentials (sandbox/demo-ids.ts), so a production start refuses it too. */
export const BENCH_PLUGIN = benchPlugin;
const BENCH_ORG = 'bench-org';

export type BulkRows = { students?: number; comments?: number; notes?: number; hotStudentComments?: number };

export interface BulkFacts {
  /** The SQLite file, or the PostgreSQL URL. */
  readonly file: string;
  readonly comments: number;
  readonly notes: number;
  /** A trainer of the student's class. */
  readonly trainerId: string;
  /** A bulk trainee with about 50 comments. */
  readonly studentId: string;
  /** Another trainee of the same class: what is written about them is no part of `studentId`'s lists. */
  readonly otherStudentId: string;
  readonly classId: string;
  readonly lessonId: string;
  /** The org the bench plugin reads: 50 enrolled users. */
  readonly orgId: string;
}

const open = (at: DatabaseAt, poolSize: number) =>
  'file' in at ? openDatabase({ file: at.file }) : openDatabase({ url: at.url, poolSize });

async function using<T>(at: DatabaseAt, poolSize: number, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await open(at, poolSize);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** A new, empty database on a throwaway PostgreSQL server; answers its URL. */
export async function createPostgresDatabase(server: PostgresServer, name: string): Promise<string> {
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return server.urlOf(name);
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
        ...storedPluginSecret(BENCH_PLUGIN.clientId, BENCH_PLUGIN.clientSecret, sealingKey(SANDBOX_SECRETS_KEY)),
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

/** Writes the demo sandbox, the seed generator's bulk rows and the record-data org into an empty database. */
export function generateDatabase(at: DatabaseAt, bulk: BulkRows): Promise<void> {
  return using(at, 4, async (db) => {
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
  });
}

/** Which student, class, lesson and trainer the benchmarks use in a generated database. */
export function bulkFacts(at: DatabaseAt): Promise<BulkFacts> {
  return using(at, 4, async (db) => {
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
        (x, y) =>
          Math.abs(x.n - COMMENTS_PER_STUDENT) - Math.abs(y.n - COMMENTS_PER_STUDENT) ||
          x.student_id.localeCompare(y.student_id),
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
    const other = await db.q
      .selectFrom('students')
      .select('student_id')
      .where('class_id', '=', student.class_id)
      .where('student_id', '!=', student.student_id)
      .orderBy('student_id')
      .executeTakeFirst();
    if (!trainer || !lesson) throw new Error(`class ${student.class_id} has no trainer or no lesson`);
    if (!other) throw new Error(`class ${student.class_id} has one student only`);
    return {
      file: 'file' in at ? at.file : at.url,
      comments: await count('comments'),
      notes: await count('notes'),
      trainerId: trainer.user_id,
      studentId: student.student_id,
      otherStudentId: other.student_id,
      classId: student.class_id,
      lessonId: lesson.lesson_id,
      orgId: BENCH_ORG,
    };
  });
}

export interface HotFacts {
  readonly trainerId: string;
  readonly hotStudentId: string;
  readonly hotComments: number;
  readonly otherStudentId: string;
  readonly otherComments: number;
}

/**
 * In a database with the hot student's comments (`hotStudentComments`): the
 * hot student, their trainer, and the classmate with the fewest comments.
 */
export function hotStudentFacts(file: string): Promise<HotFacts> {
  return using({ file }, 1, async (db) => {
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
    return {
      trainerId: trainer.user_id,
      hotStudentId,
      hotComments: countOf(hotStudentId),
      otherStudentId: other.student_id,
      otherComments: Number(other.n),
    };
  });
}

/** Every comment of a database as the API shapes it, plus the studentId and id json-server needs. */
export function exportComments(file: string): Promise<(Comment & { id: string; studentId: string })[]> {
  return using({ file }, 1, async (db) => {
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
  });
}

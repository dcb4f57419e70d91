/**
 * Large databases for the service benchmarks, and the requests made on them.
 *
 * A bulk database is the demo sandbox plus the seed generator's bulk rows
 * (`seedBulk` in server/seed/bulk.ts): one trainee per 50 comments, so one
 * student's comments stay ~50 rows while the tables grow from 10,000 to
 * 1,000,000 rows, which is what the growth benchmark needs. On top, a small
 * org of 50 enrolled users and a plugin allowed to read it, so the plugin
 * record-data read answers the same ~50 rows at every size. Files are cached
 * (bench/results/cache) and copied per run, since runs write.
 */
import { copyFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Comment } from '../../contract/comments.ts';
import { pluginPermissions } from '../../contract/plugin-permissions.ts';
import { openDatabase } from '../../server/db/database.ts';
import { type ChildService, freePort, startChildService } from '../../server/hardening/child-service.ts';
import { basicHeader } from '../../server/http/auth.ts';
import { commentsRepo } from '../../server/routes/comments/comments.repo.ts';
import { seedBulk } from '../../server/seed/bulk.ts';
import { demoIds } from '../../server/seed/demo-ids.ts';
import { SEED_BASE_TIME } from '../../server/seed/random.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
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
function addRecordDataOrg(db: Database.Database): void {
  const klass = db
    .prepare<[string], { course_id: string }>('SELECT course_id FROM classes WHERE class_id = ?')
    .get(demoIds.classes.cyberA);
  if (!klass) throw new Error(`the demo has no class ${demoIds.classes.cyberA}`);
  const now = SEED_BASE_TIME;
  db.transaction(() => {
    db.prepare('INSERT INTO orgs (org_id, name) VALUES (?, ?)').run(BENCH_ORG, 'Bench squadron');
    db.prepare('INSERT INTO classes (class_id, course_id, name, org_id) VALUES (?, ?, ?, ?)').run(
      'bench-class',
      klass.course_id,
      'Bench class',
      BENCH_ORG,
    );
    const user = db.prepare(
      `INSERT INTO users (user_id, handle, first_name, last_name, user_type, account_type, country, email, trainee,
         afsc, education, display_duty_title, org_id, created_at)
       VALUES (?, ?, 'Bench', ?, 'adult', 'Adult', 'US', ?, 1, '1C171', 'CCAF', 'Crew Chief', ?, ?)`,
    );
    const student = db.prepare('INSERT INTO students (student_id, user_id, class_id) VALUES (?, ?, ?)');
    for (let i = 0; i < RECORD_ORG_USERS; i++) {
      user.run(`bench-user-${i}`, `@bench-user-${i}`, `Trainee ${i}`, `bench${i}@bench.example`, BENCH_ORG, now);
      student.run(`bench-student-${i}`, `bench-user-${i}`, 'bench-class');
    }
    db.prepare(
      "INSERT INTO plugins (client_id, client_secret, name, environment, created_at) VALUES (?, ?, 'Bench plugin', 'sandbox', ?)",
    ).run(BENCH_PLUGIN.clientId, BENCH_PLUGIN.clientSecret, now);
    for (const permission of pluginPermissions) {
      db.prepare('INSERT INTO plugin_permissions (client_id, permission) VALUES (?, ?)').run(
        BENCH_PLUGIN.clientId,
        permission,
      );
    }
    db.prepare('INSERT INTO plugin_orgs (client_id, org_id) VALUES (?, ?)').run(BENCH_PLUGIN.clientId, BENCH_ORG);
  })();
}

/** Writes the demo sandbox, the seed generator's bulk rows and the record-data org into `file`. */
function generate(
  file: string,
  bulk: { students?: number; comments?: number; notes?: number; hotStudentComments?: number },
): void {
  const db = openDatabase(file);
  try {
    db.pragma('synchronous = OFF');
    if (!seedIfEmpty(db, SEED)) throw new Error(`${file} is not empty`);
    seedBulk(db, { seed: SEED, ...bulk });
    addRecordDataOrg(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

/** Reads from a generated file which student, class, lesson and trainer the benchmarks use. */
function factsOf(file: string): BulkFacts {
  const db = new Database(file, { readonly: true });
  try {
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    // Among the most recent trainees, the one whose comment count is closest to 50.
    const student = db
      .prepare(
        `SELECT s.student_id, s.class_id, (SELECT COUNT(*) FROM comments c WHERE c.student_id = s.student_id) AS n
         FROM (SELECT student_id, class_id FROM students WHERE student_id NOT LIKE 'bench-%' ORDER BY rowid DESC LIMIT 200) s
         ORDER BY ABS(n - ${PER_STUDENT}), s.student_id LIMIT 1`,
      )
      .get() as { student_id: string; class_id: string } | undefined;
    if (!student) throw new Error('the bulk database has no trainee');
    const trainer = db
      .prepare('SELECT user_id FROM class_trainers WHERE class_id = ? ORDER BY user_id LIMIT 1')
      .get(student.class_id) as { user_id: string } | undefined;
    const lesson = db
      .prepare(
        'SELECT l.lesson_id FROM lessons l JOIN classes k ON k.course_id = l.course_id WHERE k.class_id = ? ORDER BY l.position LIMIT 1',
      )
      .get(student.class_id) as { lesson_id: string } | undefined;
    if (!trainer || !lesson) throw new Error(`class ${student.class_id} has no trainer or no lesson`);
    return {
      file,
      comments: count('comments'),
      notes: count('notes'),
      trainerId: trainer.user_id,
      studentId: student.student_id,
      classId: student.class_id,
      lessonId: lesson.lesson_id,
      orgId: BENCH_ORG,
    };
  } finally {
    db.close();
  }
}

/** The cached database of a size (made on first use). */
export async function bulkDatabase(size: BulkSize): Promise<BulkFacts> {
  const rows = bulkRows[size];
  const file = await cachedDatabase(`bulk-${size}`, (target) => {
    const started = performance.now();
    console.error(`[bench]   generating the ${size} database with seedBulk (cached for later runs) …`);
    generate(target, { students: rows / PER_STUDENT, comments: rows, notes: rows });
    console.error(`[bench]   … in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  });
  return factsOf(file);
}

export type BulkService = ChildService & { readonly facts: BulkFacts };

async function serve(source: BulkFacts, label: string, env: Record<string, string> = {}): Promise<BulkService> {
  const copy = tempDatabase(label);
  copyFileSync(source.file, copy);
  const service = await startChildService({
    database: copy,
    port: await freePort(...ports.service),
    readyTimeoutMs: 120_000,
    env,
  });
  return {
    ...service,
    facts: { ...source, file: copy },
    stop: async () => {
      await service.stop();
      removeDatabase(copy);
    },
  };
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
  const db = new Database(file, { readonly: true });
  let facts: HotFacts;
  try {
    const hotStudentId = demoIds.students.studentCyber;
    const countOf = (studentId: string) =>
      (db.prepare('SELECT COUNT(*) AS n FROM comments WHERE student_id = ?').get(studentId) as { n: number }).n;
    const other = db
      .prepare(
        `SELECT s.student_id, (SELECT COUNT(*) FROM comments c WHERE c.student_id = s.student_id) AS n
         FROM students s WHERE s.class_id = ? AND s.student_id <> ? AND n > 0 ORDER BY n, s.student_id LIMIT 1`,
      )
      .get(demoIds.classes.cyberA, hotStudentId) as { student_id: string; n: number } | undefined;
    const trainer = db
      .prepare('SELECT user_id FROM class_trainers WHERE class_id = ? ORDER BY user_id LIMIT 1')
      .get(demoIds.classes.cyberA) as { user_id: string } | undefined;
    if (!other || !trainer) throw new Error('the demo class cyberA has no trainer or no other commented student');
    facts = {
      trainerId: trainer.user_id,
      hotStudentId,
      hotComments: countOf(hotStudentId),
      otherStudentId: other.student_id,
      otherComments: other.n,
    };
  } finally {
    db.close();
  }
  const service = await serve(factsOf(file), 'hot', { DASHBOARD_DIR: dashboardDir });
  return { ...service, facts };
}

/**
 * A small world (the demo sandbox alone) for the page-speed benchmark when the
 * demo sandbox started by the service has no trainer to sign in as.
 */
export async function startSmallService(dashboardDir: string): Promise<BulkService> {
  const file = await cachedDatabase('small', (target) => generate(target, {}));
  return serve(factsOf(file), 'small', { DASHBOARD_DIR: dashboardDir });
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
export function exportComments(file: string): (Comment & { id: string; studentId: string })[] {
  const db = new Database(file, { readonly: true });
  try {
    const repo = commentsRepo(db);
    const ids = db.prepare('SELECT comment_id, student_id FROM comments ORDER BY seq').all() as {
      comment_id: string;
      student_id: string;
    }[];
    return ids.flatMap(({ comment_id, student_id }) => {
      const comment = repo.find(comment_id);
      return comment ? [{ id: comment_id, studentId: student_id, ...comment }] : [];
    });
  } finally {
    db.close();
  }
}

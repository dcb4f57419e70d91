/**
 * Large datasets for benchmarks, added on top of the demo dataset: extra
 * trainees, many comments and notes spread over every enrollment, and "hot
 * student" comments that all name the demo student's enrollment in the
 * trainer's class (one very long list). One transaction, prepared statements
 * and a small pool of reused texts keep a million rows well under a minute.
 *
 * Ids of bulk rows derive from their row number (`cmt-bulk-<seq>`, `note-bulk-<seq>`),
 * so running the generator again on the same file adds rows without clashes.
 */
import { sql } from 'kysely';
import { type Db, engineOf, type Queryable } from '../server/data/database.ts';
import { type Area, bump } from '../server/data/versions.ts';
import { courseNoteTexts, generalRemarks, lessonNoteTexts, lessonRemarks, userNoteTexts } from './catalog.ts';
import { demoIds } from './demo-ids.ts';
import { Rng, SECONDS_PER_DAY, SEED_BASE_TIME } from './random.ts';
import { RowBuffer } from './row-buffer.ts';

export interface BulkOptions {
  readonly seed: number;
  /** Extra trainees (no pictures), one enrollment each, round-robin over the classes. */
  readonly students?: number;
  /** Comments spread over every enrollment, by a trainer of its class. */
  readonly comments?: number;
  /** Notes spread over every enrollment, the three categories in turn. */
  readonly notes?: number;
  /** Comments all about `hotStudentId` (default: the demo student in the trainer's class cyberA). */
  readonly hotStudentComments?: number;
  readonly hotStudentId?: string;
  /** Called every 1,000 rows and at the end with the rows added so far and the rows asked for. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface BulkSummary {
  students: number;
  comments: number;
  notes: number;
  hotStudentComments: number;
  milliseconds: number;
}

/** Bulk rows are dated after the demo classes' eight weeks. */
const BULK_START = SEED_BASE_TIME + 70 * SECONDS_PER_DAY;
const TEXTS_PER_POOL = 64;

interface Enrollment {
  readonly studentId: string;
  readonly userId: string;
  readonly classId: string;
  readonly courseId: string;
  readonly trainers: readonly string[];
  readonly lessons: readonly string[];
}

function count(value: number | undefined, name: string): number {
  const n = value ?? 0;
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer, not ${value}`);
  return n;
}

/** Adds the requested rows in one transaction. The demo dataset (classes with trainers) must be there. */
export async function seedBulk(db: Db, options: BulkOptions): Promise<BulkSummary> {
  const students = count(options.students, 'students');
  const comments = count(options.comments, 'comments');
  const notes = count(options.notes, 'notes');
  const hot = count(options.hotStudentComments, 'hotStudentComments');
  const rng = new Rng(options.seed, 'bulk');
  const started = performance.now();
  const total = students + comments + notes + hot;
  let done = 0;
  const tick = () => {
    done += 1;
    if (done % 1000 === 0 || done === total) options.onProgress?.(done, total);
  };
  // SQLite: a big page cache keeps the six comment indexes in memory while they grow.
  const sqlite = db.engine === 'sqlite';
  let cacheSize: number | undefined;
  if (sqlite) {
    const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db.q);
    cacheSize = Number(rows[0]?.cache_size ?? -2000);
    await sql`PRAGMA cache_size = -262144`.execute(db.q);
  }

  try {
    await db.transaction(async (tx) => {
      const changed: Area[] = [];
      if (students > 0) {
        await addStudents(tx, rng.fork('students'), students, tick);
        changed.push('users', 'classes');
      }
      const enrollments = await loadEnrollments(tx);
      if (enrollments.length === 0 && comments + notes + hot > 0) {
        throw new Error('No enrollment has a trainer: seed the demo dataset before adding bulk rows');
      }
      if (comments > 0) await addComments(tx, rng.fork('comments'), enrollments, comments, tick);
      if (hot > 0) {
        const hotStudentId = options.hotStudentId ?? demoIds.students.studentCyber;
        const target = enrollments.find((e) => e.studentId === hotStudentId);
        if (!target) throw new Error(`No enrollment ${hotStudentId} with a trainer to comment on it`);
        await addComments(tx, rng.fork('hot-student'), [target], hot, tick);
      }
      if (comments + hot > 0) {
        await moveIdentityOn(tx, 'comments');
        changed.push('comments');
      }
      if (notes > 0) {
        await addNotes(tx, rng.fork('notes'), enrollments, notes, tick);
        await moveIdentityOn(tx, 'notes');
        changed.push('notes');
      }
      if (sqlite && comments + hot > 0) await mergeSearchIndex(tx, 'comments');
      if (sqlite && notes > 0) await mergeSearchIndex(tx, 'notes');
      await bump(tx, ...changed);
    });
  } finally {
    if (cacheSize !== undefined) await sql.raw(`PRAGMA cache_size = ${cacheSize}`).execute(db.q);
  }

  return { students, comments, notes, hotStudentComments: hot, milliseconds: Math.round(performance.now() - started) };
}

/**
 * A bulk load leaves SQLite's full-text index (FTS5) in many segments of
 * every size, and the writes that follow pay for merging them: in a
 * 1,000,000-comment file, one write in about 10,000 stalled 330 ms on a
 * merge. FTS5's `optimize` merges them into one, as after any import; the
 * writes' own small segments then merge among themselves (a batch of 20
 * comments' slowest: 16 ms).
 */
async function mergeSearchIndex(q: Queryable, table: 'comments' | 'notes'): Promise<void> {
  const fts = sql.table(`${table}_search`);
  await sql`INSERT INTO ${fts} (${fts}) VALUES ('optimize')`.execute(q);
}

/**
 * Bulk rows carry their seq. PostgreSQL's identity column does not see those
 * (GENERATED BY DEFAULT), so move it past them, or the next insert collides.
 */
async function moveIdentityOn(q: Queryable, table: 'comments' | 'notes'): Promise<void> {
  if (engineOf(q) !== 'postgres') return;
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'seq'), (SELECT MAX(seq) FROM ${sql.table(table)}))`.execute(
    q,
  );
}

async function loadEnrollments(q: Queryable): Promise<Enrollment[]> {
  const trainers = new Map<string, string[]>();
  for (const row of await q
    .selectFrom('class_trainers')
    .select(['class_id', 'user_id'])
    .orderBy('class_id')
    .orderBy('user_id')
    .execute()) {
    trainers.set(row.class_id, [...(trainers.get(row.class_id) ?? []), row.user_id]);
  }
  const lessons = new Map<string, string[]>();
  for (const row of await q
    .selectFrom('lessons')
    .select(['course_id', 'lesson_id'])
    .orderBy('course_id')
    .orderBy('position')
    .orderBy('lesson_id')
    .execute()) {
    lessons.set(row.course_id, [...(lessons.get(row.course_id) ?? []), row.lesson_id]);
  }
  const rows = await q
    .selectFrom('students as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .select(['s.student_id', 's.user_id', 's.class_id', 'c.course_id'])
    .orderBy('s.student_id')
    .execute();
  return rows
    .filter((row) => (trainers.get(row.class_id)?.length ?? 0) > 0)
    .map((row) => ({
      studentId: row.student_id,
      userId: row.user_id,
      classId: row.class_id,
      courseId: row.course_id,
      trainers: trainers.get(row.class_id) ?? [],
      lessons: lessons.get(row.course_id) ?? [],
    }));
}

/** A pool of filled-in texts, so a million rows share a few dozen strings. */
function textPool(rng: Rng, templates: readonly string[]): string[] {
  const lessonWords = ['the lab', 'the practical', 'the block test', 'the checklist', 'the field exercise'];
  return Array.from({ length: TEXTS_PER_POOL }, () =>
    rng
      .pick(templates)
      .replace('{lesson}', rng.pick(lessonWords))
      .replace('{first}', 'The student')
      .replace('{score}', String(rng.int(70, 100))),
  );
}

async function nextSeq(q: Queryable, table: 'comments' | 'notes'): Promise<number> {
  const row = await q
    .selectFrom(table)
    .select((eb) => eb.fn.max('seq').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

async function addComments(
  q: Queryable,
  rng: Rng,
  enrollments: readonly Enrollment[],
  n: number,
  tick: () => void,
): Promise<void> {
  const rows = new RowBuffer(q);
  const withLesson = textPool(rng, lessonRemarks);
  const general = textPool(rng, generalRemarks);
  const first = await nextSeq(q, 'comments');
  for (let i = 0; i < n; i++) {
    const e = enrollments.length === 1 ? (enrollments[0] as Enrollment) : rng.pick(enrollments);
    const lesson = e.lessons.length > 0 && rng.chance(0.7) ? rng.pick(e.lessons) : null;
    const seq = first + i;
    const full = rows.add('comments', {
      seq,
      comment_id: `cmt-bulk-${seq}`,
      student_id: e.studentId,
      author_id: (e.trainers.length === 1 ? e.trainers[0] : rng.pick(e.trainers)) as string,
      class_id: e.classId,
      course_id: e.courseId,
      lesson_id: lesson,
      text: rng.pick(lesson ? withLesson : general),
      created_at: BULK_START + seq * 3 + rng.int(0, 2),
    });
    if (full) await rows.flush();
    tick();
  }
  await rows.flush();
}

async function addNotes(
  q: Queryable,
  rng: Rng,
  enrollments: readonly Enrollment[],
  n: number,
  tick: () => void,
): Promise<void> {
  const rows = new RowBuffer(q);
  const pools = {
    lesson: textPool(rng, lessonNoteTexts),
    course: textPool(rng, courseNoteTexts),
    user: textPool(rng, userNoteTexts),
  };
  const first = await nextSeq(q, 'notes');
  for (let i = 0; i < n; i++) {
    const e = rng.pick(enrollments);
    const seq = first + i;
    const category = e.lessons.length === 0 && i % 3 === 0 ? 'course' : (['lesson', 'course', 'user'] as const)[i % 3];
    const author = (e.trainers.length === 1 ? e.trainers[0] : rng.pick(e.trainers)) as string;
    const text = rng.pick(pools[category ?? 'user']);
    const at = BULK_START + seq * 3 + rng.int(0, 2);
    const note = { seq, note_id: `note-bulk-${seq}`, author_id: author, text, user_id: e.userId };
    let full: boolean;
    if (category === 'user') {
      full = rows.add('notes', {
        ...note,
        class_id: null,
        student_id: null,
        course_id: null,
        lesson_id: null,
        category: 'user',
        created_at: at,
      });
    } else {
      const lesson = category === 'lesson' ? rng.pick(e.lessons) : null;
      full = rows.add('notes', {
        ...note,
        class_id: e.classId,
        student_id: e.studentId,
        course_id: e.courseId,
        lesson_id: lesson,
        category: category ?? 'course',
        created_at: at,
      });
    }
    if (full) await rows.flush();
    tick();
  }
  await rows.flush();
}

async function addStudents(q: Queryable, rng: Rng, n: number, tick: () => void): Promise<void> {
  const classes = await q.selectFrom('classes').select(['class_id', 'org_id']).orderBy('class_id').execute();
  if (classes.length === 0) throw new Error('No classes: seed the demo dataset before adding bulk students');
  // The user count only grows, so it tags this run's ids apart from earlier runs'.
  const users = await q
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const tag = Number(users?.n ?? 0).toString(36);
  const rows = new RowBuffer(q);
  const grades = [
    ['E-2', 'Amn'],
    ['E-3', 'A1C'],
    ['E-4', 'SrA'],
  ] as const;
  const afscs = ['3D0X2', '3D1X2', '2A3X3', '4N0X1', '1N0X1', '3F0X1'];
  for (let i = 0; i < n; i++) {
    const klass = classes[i % classes.length] as { class_id: string; org_id: string };
    const id = `x${tag}-${i + 1}`;
    const [grade, rank] = rng.pick(grades);
    rows.add('users', {
      user_id: `usr-${id}`,
      handle: `@trainee.${id}`,
      first_name: 'Trainee',
      last_name: `Bulk ${id}`,
      user_type: 'adult',
      account_type: 'Adult',
      country: 'US',
      profile_pic: null,
      cover_photo: null,
      email: `trainee.${id}@example.mil`,
      trainee: 1,
      afsc: rng.pick(afscs),
      education: 'High school diploma',
      military_grade: grade,
      display_rank: rank,
      gender: null,
      display_duty_title: null,
      civilian_grade: null,
      civilian_band: null,
      job_series_number: null,
      job_title: null,
      org_id: klass.org_id,
      created_at: SEED_BASE_TIME + rng.int(0, 3 * SECONDS_PER_DAY),
    });
    // Flushing writes the users before their enrollments.
    const full = rows.add('students', { student_id: `stu-${id}`, user_id: `usr-${id}`, class_id: klass.class_id });
    if (full) await rows.flush();
    tick();
  }
  await rows.flush();
}

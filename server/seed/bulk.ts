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
import type { Db } from '../db/database.ts';
import { courseNoteTexts, generalRemarks, lessonNoteTexts, lessonRemarks, userNoteTexts } from './catalog.ts';
import { demoIds } from './demo-ids.ts';
import { Rng, SECONDS_PER_DAY, SEED_BASE_TIME } from './random.ts';

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
export function seedBulk(db: Db, options: BulkOptions): BulkSummary {
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
  // A big page cache keeps the six comment indexes in memory while they grow.
  const cacheSize = db.pragma('cache_size', { simple: true });
  db.pragma('cache_size = -262144');

  try {
    db.transaction(() => {
      if (students > 0) addStudents(db, rng.fork('students'), students, tick);
      const enrollments = loadEnrollments(db);
      if (enrollments.length === 0 && comments + notes + hot > 0) {
        throw new Error('No enrollment has a trainer: seed the demo dataset before adding bulk rows');
      }
      if (comments > 0) addComments(db, rng.fork('comments'), enrollments, comments, tick);
      if (hot > 0) {
        const hotStudentId = options.hotStudentId ?? demoIds.students.studentCyber;
        const target = enrollments.find((e) => e.studentId === hotStudentId);
        if (!target) throw new Error(`No enrollment ${hotStudentId} with a trainer to comment on it`);
        addComments(db, rng.fork('hot-student'), [target], hot, tick);
      }
      if (notes > 0) addNotes(db, rng.fork('notes'), enrollments, notes, tick);
    })();
  } finally {
    db.pragma(`cache_size = ${Number(cacheSize)}`);
  }

  return { students, comments, notes, hotStudentComments: hot, milliseconds: Math.round(performance.now() - started) };
}

function loadEnrollments(db: Db): Enrollment[] {
  const trainers = new Map<string, string[]>();
  for (const row of db
    .prepare<[], { class_id: string; user_id: string }>(
      'SELECT class_id, user_id FROM class_trainers ORDER BY class_id, user_id',
    )
    .all()) {
    trainers.set(row.class_id, [...(trainers.get(row.class_id) ?? []), row.user_id]);
  }
  const lessons = new Map<string, string[]>();
  for (const row of db
    .prepare<[], { course_id: string; lesson_id: string }>(
      'SELECT course_id, lesson_id FROM lessons ORDER BY course_id, position, lesson_id',
    )
    .all()) {
    lessons.set(row.course_id, [...(lessons.get(row.course_id) ?? []), row.lesson_id]);
  }
  return db
    .prepare<[], { student_id: string; user_id: string; class_id: string; course_id: string }>(
      `SELECT s.student_id, s.user_id, s.class_id, c.course_id
       FROM students s JOIN classes c ON c.class_id = s.class_id ORDER BY s.student_id`,
    )
    .all()
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

function nextSeq(db: Db, table: 'comments' | 'notes'): number {
  const row = db.prepare<[], { n: number | null }>(`SELECT MAX(seq) AS n FROM ${table}`).get();
  return (row?.n ?? 0) + 1;
}

function addComments(db: Db, rng: Rng, enrollments: readonly Enrollment[], n: number, tick: () => void): void {
  const insert = db.prepare(
    `INSERT INTO comments (seq, comment_id, student_id, author_id, class_id, course_id, lesson_id, text, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const withLesson = textPool(rng, lessonRemarks);
  const general = textPool(rng, generalRemarks);
  const first = nextSeq(db, 'comments');
  for (let i = 0; i < n; i++) {
    const e = enrollments.length === 1 ? (enrollments[0] as Enrollment) : rng.pick(enrollments);
    const lesson = e.lessons.length > 0 && rng.chance(0.7) ? rng.pick(e.lessons) : null;
    const seq = first + i;
    insert.run(
      seq,
      `cmt-bulk-${seq}`,
      e.studentId,
      e.trainers.length === 1 ? e.trainers[0] : rng.pick(e.trainers),
      e.classId,
      e.courseId,
      lesson,
      rng.pick(lesson ? withLesson : general),
      BULK_START + seq * 3 + rng.int(0, 2),
    );
    tick();
  }
}

function addNotes(db: Db, rng: Rng, enrollments: readonly Enrollment[], n: number, tick: () => void): void {
  const insert = db.prepare(
    `INSERT INTO notes (seq, note_id, author_id, text, user_id, class_id, student_id, course_id, lesson_id, category, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const pools = {
    lesson: textPool(rng, lessonNoteTexts),
    course: textPool(rng, courseNoteTexts),
    user: textPool(rng, userNoteTexts),
  };
  const first = nextSeq(db, 'notes');
  for (let i = 0; i < n; i++) {
    const e = rng.pick(enrollments);
    const seq = first + i;
    const category = e.lessons.length === 0 && i % 3 === 0 ? 'course' : (['lesson', 'course', 'user'] as const)[i % 3];
    const author = e.trainers.length === 1 ? e.trainers[0] : rng.pick(e.trainers);
    const text = rng.pick(pools[category ?? 'user']);
    const at = BULK_START + seq * 3 + rng.int(0, 2);
    if (category === 'user') {
      insert.run(seq, `note-bulk-${seq}`, author, text, e.userId, null, null, null, null, 'user', at);
    } else {
      const lesson = category === 'lesson' ? rng.pick(e.lessons) : null;
      insert.run(
        seq,
        `note-bulk-${seq}`,
        author,
        text,
        e.userId,
        e.classId,
        e.studentId,
        e.courseId,
        lesson,
        category,
        at,
      );
    }
    tick();
  }
}

function addStudents(db: Db, rng: Rng, n: number, tick: () => void): void {
  const classes = db
    .prepare<[], { class_id: string; org_id: string }>('SELECT class_id, org_id FROM classes ORDER BY class_id')
    .all();
  if (classes.length === 0) throw new Error('No classes: seed the demo dataset before adding bulk students');
  // The user count only grows, so it tags this run's ids apart from earlier runs'.
  const tag = (db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM users').get()?.n ?? 0).toString(36);
  const user = db.prepare(
    `INSERT INTO users (user_id, handle, first_name, last_name, user_type, account_type, country, email, trainee,
       afsc, education, military_grade, display_rank, org_id, created_at)
     VALUES (?, ?, ?, ?, 'adult', 'Adult', 'US', ?, 1, ?, ?, ?, ?, ?, ?)`,
  );
  const student = db.prepare('INSERT INTO students (student_id, user_id, class_id) VALUES (?, ?, ?)');
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
    user.run(
      `usr-${id}`,
      `@trainee.${id}`,
      'Trainee',
      `Bulk ${id}`,
      `trainee.${id}@example.mil`,
      rng.pick(afscs),
      'High school diploma',
      grade,
      rank,
      klass.org_id,
      SEED_BASE_TIME + rng.int(0, 3 * SECONDS_PER_DAY),
    );
    student.run(`stu-${id}`, `usr-${id}`, klass.class_id);
    tick();
  }
}

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database.ts';
import { seedBulk } from './bulk.ts';
import { demoIds } from './demo-ids.ts';
import { seedIfEmpty } from './seed.ts';

const count = (db: Db, sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n;

function demo(): Db {
  const db = openDatabase(':memory:');
  seedIfEmpty(db, 1);
  return db;
}

function hashOf(db: Db, table: string): string {
  const hash = createHash('sha256');
  for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()) hash.update(JSON.stringify(row));
  return hash.digest('hex');
}

describe('bulk rows', () => {
  it('adds exactly the requested students, comments, notes and hot-student comments', () => {
    const db = demo();
    const before = {
      users: count(db, 'SELECT COUNT(*) AS n FROM users'),
      students: count(db, 'SELECT COUNT(*) AS n FROM students'),
      comments: count(db, 'SELECT COUNT(*) AS n FROM comments'),
      notes: count(db, 'SELECT COUNT(*) AS n FROM notes'),
      hot: count(db, 'SELECT COUNT(*) AS n FROM comments WHERE student_id = ?', demoIds.students.studentCyber),
    };
    const summary = seedBulk(db, { seed: 1, students: 120, comments: 20_000, notes: 6_000, hotStudentComments: 3_000 });
    expect(summary).toMatchObject({ students: 120, comments: 20_000, notes: 6_000, hotStudentComments: 3_000 });
    expect(count(db, 'SELECT COUNT(*) AS n FROM users')).toBe(before.users + 120);
    expect(count(db, 'SELECT COUNT(*) AS n FROM students')).toBe(before.students + 120);
    expect(count(db, 'SELECT COUNT(*) AS n FROM comments')).toBe(before.comments + 23_000);
    expect(count(db, 'SELECT COUNT(*) AS n FROM notes')).toBe(before.notes + 6_000);
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM comments WHERE student_id = ?', demoIds.students.studentCyber),
    ).toBeGreaterThanOrEqual(before.hot + 3_000);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('writes rows that follow the same rules as the demo data', () => {
    const db = demo();
    seedBulk(db, { seed: 3, comments: 5_000, notes: 3_000 });
    expect(
      count(
        db,
        `SELECT COUNT(*) AS n FROM comments m JOIN students s ON s.student_id = m.student_id JOIN classes c ON c.class_id = m.class_id
         WHERE s.class_id <> m.class_id OR c.course_id <> m.course_id
            OR NOT EXISTS (SELECT 1 FROM class_trainers t WHERE t.class_id = m.class_id AND t.user_id = m.author_id)`,
      ),
    ).toBe(0);
    expect(
      count(
        db,
        `SELECT COUNT(*) AS n FROM notes WHERE
           (category = 'lesson' AND lesson_id IS NULL) OR (category = 'course' AND (lesson_id IS NOT NULL OR student_id IS NULL))
           OR (category = 'user' AND (student_id IS NOT NULL OR class_id IS NOT NULL))`,
      ),
    ).toBe(0);
    const categories = db
      .prepare("SELECT DISTINCT category FROM notes WHERE note_id LIKE 'note-bulk-%' ORDER BY category")
      .all();
    expect(categories).toEqual([{ category: 'course' }, { category: 'lesson' }, { category: 'user' }]);
  });

  it('is deterministic, and a second run on the same database adds rows without id clashes', () => {
    const a = demo();
    const b = demo();
    seedBulk(a, { seed: 9, students: 10, comments: 2_000, notes: 500 });
    seedBulk(b, { seed: 9, students: 10, comments: 2_000, notes: 500 });
    for (const table of ['users', 'students', 'comments', 'notes']) expect(hashOf(a, table)).toBe(hashOf(b, table));

    const comments = count(a, 'SELECT COUNT(*) AS n FROM comments');
    seedBulk(a, { seed: 9, students: 10, comments: 2_000, notes: 500 });
    expect(count(a, 'SELECT COUNT(*) AS n FROM comments')).toBe(comments + 2_000);
    expect(count(a, 'SELECT COUNT(DISTINCT comment_id) AS n FROM comments')).toBe(comments + 2_000);
  });

  it('refuses bad counts and an empty database, leaving nothing half-written', () => {
    const empty = openDatabase(':memory:');
    expect(() => seedBulk(empty, { seed: 1, comments: 10 })).toThrow(/seed the demo dataset/);
    expect(count(empty, 'SELECT COUNT(*) AS n FROM comments')).toBe(0);
    const db = demo();
    expect(() => seedBulk(db, { seed: 1, comments: -1 })).toThrow(RangeError);
    expect(() => seedBulk(db, { seed: 1, comments: 5, hotStudentComments: 5, hotStudentId: 'stu-nobody' })).toThrow(
      /stu-nobody/,
    );
    expect(count(db, "SELECT COUNT(*) AS n FROM comments WHERE comment_id LIKE 'cmt-bulk-%'")).toBe(0);
  });
});

import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/data/database.ts';
import { freshDatabase } from '../testkit/engine.ts';
import { seedBulk } from './bulk.ts';
import { demoIds } from './demo-ids.ts';

const count = async (db: Db, query: RawBuilder<unknown>) =>
  Number(((await query.execute(db.q)).rows[0] as { n: number }).n);

const opened: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const fresh of opened) await fresh.drop();
});

async function demo(): Promise<Db> {
  const fresh = await freshDatabase({ seed: 1 });
  opened.push(fresh);
  return fresh.db;
}

async function empty(): Promise<Db> {
  const fresh = await freshDatabase({ seed: false });
  opened.push(fresh);
  return fresh.db;
}

/** The tables bulk rows go to, by primary key. */
const primaryKeys = { users: 'user_id', students: 'student_id', comments: 'seq', notes: 'seq' } as const;

async function hashOf(db: Db, table: keyof typeof primaryKeys): Promise<string> {
  const hash = createHash('sha256');
  const { rows } = await sql`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.ref(primaryKeys[table])}`.execute(db.q);
  for (const row of rows) hash.update(JSON.stringify(row));
  return hash.digest('hex');
}

describe('bulk rows', () => {
  it('adds exactly the requested students, comments, notes and hot-student comments', async () => {
    const db = await demo();
    const hotCount = sql`SELECT COUNT(*) AS n FROM comments WHERE student_id = ${demoIds.students.studentCyber}`;
    const before = {
      users: await count(db, sql`SELECT COUNT(*) AS n FROM users`),
      students: await count(db, sql`SELECT COUNT(*) AS n FROM students`),
      comments: await count(db, sql`SELECT COUNT(*) AS n FROM comments`),
      notes: await count(db, sql`SELECT COUNT(*) AS n FROM notes`),
      hot: await count(db, hotCount),
    };
    const summary = await seedBulk(db, {
      seed: 1,
      students: 120,
      comments: 20_000,
      notes: 6_000,
      hotStudentComments: 3_000,
    });
    expect(summary).toMatchObject({ students: 120, comments: 20_000, notes: 6_000, hotStudentComments: 3_000 });
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM users`)).toBe(before.users + 120);
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM students`)).toBe(before.students + 120);
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM comments`)).toBe(before.comments + 23_000);
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM notes`)).toBe(before.notes + 6_000);
    expect(await count(db, hotCount)).toBeGreaterThanOrEqual(before.hot + 3_000);
    // PostgreSQL refuses a row that breaks a foreign key when it is written; SQLite is asked afterwards.
    if (db.engine === 'sqlite') expect((await sql`PRAGMA foreign_key_check`.execute(db.q)).rows).toEqual([]);
  });

  it('writes rows that follow the same rules as the demo data', async () => {
    const db = await demo();
    await seedBulk(db, { seed: 3, comments: 5_000, notes: 3_000 });
    expect(
      await count(
        db,
        sql`SELECT COUNT(*) AS n FROM comments m JOIN students s ON s.student_id = m.student_id JOIN classes c ON c.class_id = m.class_id
         WHERE s.class_id <> m.class_id OR c.course_id <> m.course_id
            OR NOT EXISTS (SELECT 1 FROM class_trainers t WHERE t.class_id = m.class_id AND t.user_id = m.author_id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT COUNT(*) AS n FROM notes WHERE
           (category = 'lesson' AND lesson_id IS NULL) OR (category = 'course' AND (lesson_id IS NOT NULL OR student_id IS NULL))
           OR (category = 'user' AND (student_id IS NOT NULL OR class_id IS NOT NULL))`,
      ),
    ).toBe(0);
    const categories = await db.q
      .selectFrom('notes')
      .select('category')
      .distinct()
      .where('note_id', 'like', 'note-bulk-%')
      .orderBy('category')
      .execute();
    expect(categories).toEqual([{ category: 'course' }, { category: 'lesson' }, { category: 'user' }]);
  });

  it('is deterministic, and a second run on the same database adds rows without id clashes', async () => {
    const a = await demo();
    const b = await demo();
    await seedBulk(a, { seed: 9, students: 10, comments: 2_000, notes: 500 });
    await seedBulk(b, { seed: 9, students: 10, comments: 2_000, notes: 500 });
    for (const table of ['users', 'students', 'comments', 'notes'] as const) {
      expect(await hashOf(a, table)).toBe(await hashOf(b, table));
    }

    const comments = await count(a, sql`SELECT COUNT(*) AS n FROM comments`);
    await seedBulk(a, { seed: 9, students: 10, comments: 2_000, notes: 500 });
    expect(await count(a, sql`SELECT COUNT(*) AS n FROM comments`)).toBe(comments + 2_000);
    expect(await count(a, sql`SELECT COUNT(DISTINCT comment_id) AS n FROM comments`)).toBe(comments + 2_000);
  });

  it('leaves the row numbering after the bulk rows, so the next comment and note get fresh ones', async () => {
    const db = await demo();
    await seedBulk(db, { seed: 4, comments: 300, notes: 300 });
    const last = async (table: 'comments' | 'notes') =>
      Number(
        (
          await db.q
            .selectFrom(table)
            .select((eb) => eb.fn.max('seq').as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [lastComment, lastNote] = [await last('comments'), await last('notes')];
    const klass = await db.q
      .selectFrom('classes')
      .select(['class_id', 'course_id'])
      .where('class_id', '=', demoIds.classes.cyberA)
      .executeTakeFirstOrThrow();
    const comment = await db.q
      .insertInto('comments')
      .values({
        comment_id: 'cmt-after-bulk',
        student_id: demoIds.students.studentCyber,
        author_id: demoIds.users.trainer,
        class_id: klass.class_id,
        course_id: klass.course_id,
        lesson_id: null,
        text: 'after the bulk rows',
        created_at: 1,
      })
      .returning('seq')
      .executeTakeFirstOrThrow();
    expect(Number(comment.seq)).toBeGreaterThan(lastComment);
    const note = await db.q
      .insertInto('notes')
      .values({
        note_id: 'note-after-bulk',
        author_id: demoIds.users.trainer,
        text: 'after the bulk rows',
        user_id: demoIds.users.student,
        class_id: null,
        student_id: null,
        course_id: null,
        lesson_id: null,
        category: 'user',
        created_at: 1,
      })
      .returning('seq')
      .executeTakeFirstOrThrow();
    expect(Number(note.seq)).toBeGreaterThan(lastNote);
  });

  it('refuses bad counts and an empty database, leaving nothing half-written', async () => {
    const nothing = await empty();
    await expect(seedBulk(nothing, { seed: 1, comments: 10 })).rejects.toThrow(/seed the demo dataset/);
    expect(await count(nothing, sql`SELECT COUNT(*) AS n FROM comments`)).toBe(0);
    const db = await demo();
    await expect(seedBulk(db, { seed: 1, comments: -1 })).rejects.toThrow(RangeError);
    await expect(
      seedBulk(db, { seed: 1, comments: 5, hotStudentComments: 5, hotStudentId: 'stu-nobody' }),
    ).rejects.toThrow(/stu-nobody/);
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM comments WHERE comment_id LIKE 'cmt-bulk-%'`)).toBe(0);
  });
});

import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxClientId } from '../contract/config.ts';
import { pluginPermissions } from '../contract/plugin-permissions.ts';
import type { Db } from '../server/data/database.ts';
import { withStartupLock } from '../server/data/migrate.ts';
import type { Schema } from '../server/data/schema.ts';
import { hashSecret, openSecret, SANDBOX_SECRETS_KEY, sealingKey } from '../server/data/secrets.ts';
import { type FreshDatabase, freshDatabase, prepare } from '../testkit/engine.ts';
import { demoIds } from './demo-ids.ts';
import { seedIfEmpty } from './seed.ts';

/**
 * Every table's primary key, the order its rows are hashed in (left out: the
 * clock and a random secret; and of the plugins their sealed secrets, sealed
 * with a random IV each time).
 */
const primaryKeys = {
  orgs: ['org_id'],
  pictures: ['picture_id'],
  users: ['user_id'],
  friendships: ['user_id', 'friend_id'],
  courses: ['course_id'],
  lessons: ['lesson_id'],
  classes: ['class_id'],
  class_trainers: ['class_id', 'user_id'],
  students: ['student_id'],
  comments: ['seq'],
  notes: ['seq'],
  entry_versions: ['seq'],
  comment_counts: ['class_id', 'student_id'],
  note_counts: ['class_id', 'student_id'],
  pinned_phrases: ['user_id', 'position'],
  mission_plans: ['user_id'],
  planner_named: ['trainer_id', 'plugin_id', 'user_id'],
  apps: ['client_id'],
  app_scopes: ['client_id', 'scope'],
  app_redirect_uris: ['client_id', 'redirect_uri'],
  sessions: ['token_hash'],
  oauth_codes: ['code_hash'],
  oidc_flows: ['state_hash'],
  password_links: ['user_id'],
  plugins: ['client_id'],
  plugin_permissions: ['client_id', 'permission'],
  plugin_orgs: ['client_id', 'org_id'],
  badges: ['badge_id'],
  badge_criteria: ['badge_id', 'kind', 'entry_id'],
  badge_assertions: ['seq'],
  other_skills: ['user_id', 'position'],
  additional_info: ['seq'],
  data_versions: ['area'],
  service_keys: null,
  service_settings: ['name'],
  throttle: ['key'],
  schema_migrations: null,
} as const satisfies Record<keyof Schema, readonly string[] | null>;

/** Every row of `table` in primary key order. */
async function tableRows(db: Db, table: keyof typeof primaryKeys): Promise<unknown[]> {
  const key = primaryKeys[table] ?? [];
  const order = sql.join(key.map((column) => sql.ref(column)));
  return (await sql`SELECT * FROM ${sql.table(table)} ORDER BY ${order}`.execute(db.q)).rows;
}

/** A hash of every row of every table the seed writes. */
async function contentHash(db: Db): Promise<string> {
  const hash = createHash('sha256');
  for (const [table, key] of Object.entries(primaryKeys).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (key === null) continue;
    hash.update(`\n#${table}\n`);
    for (const row of await tableRows(db, table as keyof typeof primaryKeys)) {
      const { secret_sealed: _random, ...fixed } = row as Record<string, unknown>;
      hash.update(JSON.stringify(fixed));
    }
  }
  return hash.digest('hex');
}

const all = async <T>(db: Db, query: RawBuilder<unknown>) => (await query.execute(db.q)).rows as T[];
const one = async <T>(db: Db, query: RawBuilder<unknown>) => (await all<T>(db, query))[0] as T;
const count = async (db: Db, query: RawBuilder<unknown>) => Number((await one<{ n: number }>(db, query)).n);

describe('demo dataset', () => {
  const opened: FreshDatabase[] = [];
  const seeded = async (seed: number): Promise<Db> => {
    const fresh = await freshDatabase({ seed });
    opened.push(fresh);
    return fresh.db;
  };
  let db: Db;
  beforeAll(async () => {
    db = await seeded(1);
  });
  afterAll(async () => {
    for (const fresh of opened) await fresh.drop();
  });

  it('is the same for the same seed and differs for another seed', async () => {
    // Seeded here, not copied from a template seeded elsewhere.
    const again = await freshDatabase({ seed: false });
    opened.push(again);
    await prepare(again.db, 1);
    const other = await seeded(2);
    expect(await contentHash(again.db)).toBe(await contentHash(db));
    expect(await contentHash(other)).not.toBe(await contentHash(db));
    // The fixed part stays put whatever the seed.
    for (const userId of Object.values(demoIds.users)) {
      const person = (of: Db) => one(of, sql`SELECT handle, first_name FROM users WHERE user_id = ${userId}`);
      expect(await person(other)).toEqual(await person(db));
    }
  });

  it('seeds only an empty database', async () => {
    const users = await count(db, sql`SELECT COUNT(*) AS n FROM users`);
    expect(await withStartupLock(db, (tx) => seedIfEmpty(tx, 1))).toBe(false);
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM users`)).toBe(users);
  });

  it('keeps every foreign key', async () => {
    // PostgreSQL refuses a row that breaks one when it is written; SQLite is asked afterwards.
    if (db.engine === 'sqlite') expect(await all(db, sql`PRAGMA foreign_key_check`)).toEqual([]);
  });

  it('has the fixed trainers, each teaching the documented classes', async () => {
    const taught = async (userId: string) =>
      (
        await all<{ class_id: string }>(
          db,
          sql`SELECT class_id FROM class_trainers WHERE user_id = ${userId} ORDER BY class_id`,
        )
      ).map((r) => r.class_id);
    expect(await taught(demoIds.users.trainer)).toEqual([demoIds.classes.cyberA, demoIds.classes.networkA].sort());
    expect(await taught(demoIds.users.trainer2)).toEqual([demoIds.classes.aircraftA]);
    // Linda Chen shares Cyber Systems Ops 26-A with the trainer, and teaches 26-B alone.
    expect(await taught(demoIds.users.civilianTrainer)).toEqual(
      [demoIds.classes.cyberA, demoIds.classes.cyberB].sort(),
    );
    for (const userId of [demoIds.users.trainer, demoIds.users.trainer2, demoIds.users.civilianTrainer]) {
      expect(await one(db, sql`SELECT trainer, trainee FROM users WHERE user_id = ${userId}`)).toEqual({
        trainer: 1,
        trainee: 0,
      });
    }
    const civilian = await one<Record<string, string | null>>(
      db,
      sql`SELECT * FROM users WHERE user_id = ${demoIds.users.civilianTrainer}`,
    );
    expect(civilian.civilian_grade).toMatch(/^GS-\d+$/);
    expect(civilian.job_series_number).toMatch(/^\d{4}$/);
    expect(civilian.military_grade).toBeNull();
  });

  it('enrolls the demo student in two of the trainer’s classes under two studentIds', async () => {
    const rows = await all<{ student_id: string; class_id: string }>(
      db,
      sql`SELECT student_id, class_id FROM students WHERE user_id = ${demoIds.users.student} ORDER BY class_id`,
    );
    expect(rows).toEqual(
      [
        { student_id: demoIds.students.studentCyber, class_id: demoIds.classes.cyberA },
        { student_id: demoIds.students.studentNetwork, class_id: demoIds.classes.networkA },
      ].sort((a, b) => a.class_id.localeCompare(b.class_id)),
    );
    expect(await one(db, sql`SELECT trainee, trainer FROM users WHERE user_id = ${demoIds.users.student}`)).toEqual({
      trainee: 1,
      trainer: 0,
    });
    // The trainer has written about both enrollments, with and without a lesson.
    for (const studentId of Object.values(demoIds.students).slice(0, 2)) {
      expect(
        await count(db, sql`SELECT COUNT(*) AS n FROM comments WHERE student_id = ${studentId} AND lesson_id IS NULL`),
      ).toBeGreaterThan(0);
      expect(
        await count(
          db,
          sql`SELECT COUNT(*) AS n FROM comments WHERE student_id = ${studentId} AND lesson_id IS NOT NULL`,
        ),
      ).toBeGreaterThan(0);
    }
  });

  it('has the family accounts with parent flags that differ', async () => {
    const family = (userId: string) =>
      one(
        db,
        sql`SELECT user_type, account_type, camera_disabled, proximity_friends FROM users WHERE user_id = ${userId}`,
      );
    expect(await family(demoIds.users.parent)).toMatchObject({ user_type: 'adult', account_type: 'Parent' });
    expect(await family(demoIds.users.kid)).toEqual({
      user_type: 'child',
      account_type: 'Kid',
      camera_disabled: 1,
      proximity_friends: 0,
    });
    expect(await family(demoIds.users.teen)).toEqual({
      user_type: 'teen-minor',
      account_type: 'Kid',
      camera_disabled: 0,
      proximity_friends: 1,
    });
    const friendsOfStudent = (
      await all<{ friend_id: string }>(
        db,
        sql`SELECT friend_id FROM friendships WHERE user_id = ${demoIds.users.student}`,
      )
    ).map((r) => r.friend_id);
    expect(friendsOfStudent).toEqual(
      expect.arrayContaining([demoIds.users.kid, demoIds.users.teen, demoIds.users.parent]),
    );
  });

  it('stores friendships in both directions and never with oneself', async () => {
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM friendships WHERE user_id = friend_id`)).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT COUNT(*) AS n FROM friendships f WHERE NOT EXISTS (SELECT 1 FROM friendships g WHERE g.user_id = f.friend_id AND g.friend_id = f.user_id)`,
      ),
    ).toBe(0);
  });

  it('makes friend profiles differ: some optional fields absent, some present', async () => {
    const rows = await all<{
      gender: string | null;
      display_duty_title: string | null;
      civilian_grade: string | null;
    }>(
      db,
      sql`SELECT u.gender, u.display_duty_title, u.civilian_grade FROM friendships f JOIN users u ON u.user_id = f.friend_id`,
    );
    for (const field of ['gender', 'display_duty_title', 'civilian_grade'] as const) {
      expect(rows.some((r) => r[field] === null)).toBe(true);
      expect(rows.some((r) => r[field] !== null)).toBe(true);
    }
  });

  it('gives every fixed user a picture and a cover photo except exactly one', async () => {
    const fixed = Object.values(demoIds.users);
    const rows = await all<{ user_id: string; profile_pic: string | null; cover_photo: string | null }>(
      db,
      sql`SELECT user_id, profile_pic, cover_photo FROM users WHERE user_id IN (${sql.join(fixed)})`,
    );
    expect(rows).toHaveLength(fixed.length);
    const without = rows.filter((r) => r.profile_pic === null);
    expect(without.map((r) => r.user_id)).toEqual([demoIds.users.studentNoPicture]);
    expect(without[0]?.cover_photo).toBeNull();
    expect(rows.filter((r) => r.profile_pic !== null).every((r) => r.cover_photo !== null)).toBe(true);
    for (const { jpeg_base64 } of await all<{ jpeg_base64: string }>(db, sql`SELECT jpeg_base64 FROM pictures`)) {
      expect(jpeg_base64.startsWith('/9j/')).toBe(true);
    }
  });

  it('generates about forty trainees with the look of service members and civilians', async () => {
    const generated = await all<Record<string, string | number | null>>(
      db,
      sql`SELECT * FROM users WHERE user_id NOT IN (${sql.join(Object.values(demoIds.users))})`,
    );
    expect(generated.length).toBeGreaterThanOrEqual(35);
    expect(generated.every((u) => u.trainee === 1 && u.anonymous === 0)).toBe(true);
    expect(generated.every((u) => typeof u.handle === 'string' && /^@[A-Za-z0-9._-]{1,64}$/.test(u.handle))).toBe(true);
    expect(generated.every((u) => /@example\.(mil|com)$/.test(String(u.email)))).toBe(true);
    expect(generated.every((u) => u.military_grade !== null || u.civilian_grade !== null)).toBe(true);
    expect(new Set(generated.map((u) => u.country)).size).toBeGreaterThan(1);
    expect(generated.filter((u) => u.country === 'US').length).toBeGreaterThan(generated.length / 2);
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM users WHERE anonymous = 1`)).toBe(0);
  });

  it('has three orgs, four versioned courses with ordered lessons and five classes', async () => {
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM orgs`)).toBe(3);
    expect(await all(db, sql`SELECT course_id FROM courses`)).toHaveLength(4);
    for (const [key, courseId] of Object.entries(demoIds.courses)) {
      expect(
        (await one<{ version: string }>(db, sql`SELECT version FROM courses WHERE course_id = ${courseId}`)).version,
      ).toMatch(/^\d{4}\.\d+$/);
      const lessons = await all<{ lesson_id: string }>(
        db,
        sql`SELECT lesson_id FROM lessons WHERE course_id = ${courseId} ORDER BY position`,
      );
      expect(lessons.map((l) => l.lesson_id)).toEqual(demoIds.lessons[key as keyof typeof demoIds.lessons]);
      expect(lessons.length).toBeGreaterThanOrEqual(4);
      expect(lessons.length).toBeLessThanOrEqual(8);
    }
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM classes`)).toBe(5);
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM classes c JOIN courses k ON k.course_id = c.course_id`)).toBe(
      5,
    );
  });

  it('writes comments only by trainers of the class, about its students, on its course', async () => {
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM comments`)).toBeGreaterThanOrEqual(150);
    const wrong = await count(
      db,
      sql`SELECT COUNT(*) AS n FROM comments m
       JOIN students s ON s.student_id = m.student_id
       JOIN classes c ON c.class_id = m.class_id
       LEFT JOIN lessons l ON l.lesson_id = m.lesson_id
       WHERE s.class_id <> m.class_id OR c.course_id <> m.course_id
          OR (m.lesson_id IS NOT NULL AND l.course_id <> m.course_id)
          OR NOT EXISTS (SELECT 1 FROM class_trainers t WHERE t.class_id = m.class_id AND t.user_id = m.author_id)`,
    );
    expect(wrong).toBe(0);
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM comments WHERE lesson_id IS NULL`)).toBeGreaterThan(0);
    // seq order is time order.
    const times = (await all<{ created_at: number }>(db, sql`SELECT created_at FROM comments ORDER BY seq`)).map(
      (r) => r.created_at,
    );
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('writes notes of all three categories with the ids each category sets', async () => {
    const byCategory = await all<{ category: string; n: number }>(
      db,
      sql`SELECT category, COUNT(*) AS n FROM notes GROUP BY category ORDER BY category`,
    );
    expect(byCategory.map((r) => r.category)).toEqual(['course', 'lesson', 'user']);
    expect(byCategory.every((r) => r.n >= 10)).toBe(true);
    const malformed = await count(
      db,
      sql`SELECT COUNT(*) AS n FROM notes n LEFT JOIN students s ON s.student_id = n.student_id LEFT JOIN classes c ON c.class_id = n.class_id
       WHERE (n.category = 'lesson' AND (n.class_id IS NULL OR n.student_id IS NULL OR n.course_id IS NULL OR n.lesson_id IS NULL))
          OR (n.category = 'course' AND (n.class_id IS NULL OR n.student_id IS NULL OR n.course_id IS NULL OR n.lesson_id IS NOT NULL))
          OR (n.category = 'user' AND (n.class_id IS NOT NULL OR n.student_id IS NOT NULL OR n.course_id IS NOT NULL OR n.lesson_id IS NOT NULL))
          OR (n.student_id IS NOT NULL AND (s.user_id <> n.user_id OR s.class_id <> n.class_id OR c.course_id <> n.course_id))
          OR NOT EXISTS (SELECT 1 FROM users u WHERE u.user_id = n.author_id AND u.trainer = 1)`,
    );
    expect(malformed).toBe(0);
    for (const [category, noteId] of [
      ['lesson', demoIds.notes.lesson],
      ['course', demoIds.notes.course],
      ['user', demoIds.notes.user],
    ]) {
      expect(await one(db, sql`SELECT category, author_id, user_id FROM notes WHERE note_id = ${noteId}`)).toEqual({
        category,
        author_id: demoIds.users.trainer,
        user_id: demoIds.users.student,
      });
    }
  });

  it('keeps awkward text verbatim', async () => {
    const comment = async (id: string) =>
      (await one<{ text: string }>(db, sql`SELECT text FROM comments WHERE comment_id = ${id}`)).text;
    const note = async (id: string) =>
      (await one<{ text: string }>(db, sql`SELECT text FROM notes WHERE note_id = ${id}`)).text;
    expect(await comment(demoIds.comments.script)).toContain('<script>alert(1)</script>');
    expect(await comment(demoIds.comments.sql)).toContain("Robert'); DROP TABLE comments;--");
    expect(await comment(demoIds.comments.unicode)).toMatch(/👏.*é/u);
    expect(await note(demoIds.notes.script)).toContain('<img src=x onerror=alert(2)>');
    expect(await note(demoIds.notes.unicode)).toContain('🎖️');
    // A small minority, as documented.
    const awkward = await count(
      db,
      sql`SELECT COUNT(*) AS n FROM comments WHERE text LIKE '%<script>%' OR text LIKE '%DROP TABLE%'`,
    );
    expect(awkward).toBeLessThan((await count(db, sql`SELECT COUNT(*) AS n FROM comments`)) / 20);
  });

  it('registers the apps and plugins with their scopes, permissions and orgs', async () => {
    const scopes = async (clientId: string) =>
      (await all<{ scope: string }>(db, sql`SELECT scope FROM app_scopes WHERE client_id = ${clientId}`)).map(
        (r) => r.scope,
      );
    const env = async (table: 'apps' | 'plugins', clientId: string) =>
      (
        await one<{ environment: string }>(
          db,
          sql`SELECT environment FROM ${sql.table(table)} WHERE client_id = ${clientId}`,
        )
      ).environment;
    expect(await scopes(demoIds.apps.training)).toEqual(['training']);
    expect(await scopes(demoIds.apps.noTraining)).toEqual([]);
    expect(await scopes(demoIds.apps.production)).toEqual(['training']);
    for (const clientId of Object.values(demoIds.apps)) {
      expect(isSandboxClientId(clientId)).toBe((await env('apps', clientId)) === 'sandbox');
    }
    for (const plugin of Object.values(demoIds.plugins)) {
      expect(isSandboxClientId(plugin.clientId)).toBe((await env('plugins', plugin.clientId)) === 'sandbox');
      // Kept hashed, and sealed under the sandbox's key, never as it is.
      const stored = await one<{ secret_hash: string; secret_sealed: string }>(
        db,
        sql`SELECT secret_hash, secret_sealed FROM plugins WHERE client_id = ${plugin.clientId}`,
      );
      expect(stored.secret_hash).toBe(hashSecret(plugin.clientSecret));
      expect(stored.secret_sealed).not.toContain(plugin.clientSecret);
      expect(openSecret(stored.secret_sealed, sealingKey(SANDBOX_SECRETS_KEY), plugin.clientId)).toBe(
        plugin.clientSecret,
      );
    }
    const permissions = async (clientId: string) =>
      (
        await all<{ permission: string }>(
          db,
          sql`SELECT permission FROM plugin_permissions WHERE client_id = ${clientId} ORDER BY permission`,
        )
      ).map((r) => r.permission);
    const orgsOf = async (clientId: string) =>
      (await all<{ org_id: string }>(db, sql`SELECT org_id FROM plugin_orgs WHERE client_id = ${clientId}`)).map(
        (r) => r.org_id,
      );
    expect(await permissions(demoIds.plugins.coach.clientId)).toEqual([...pluginPermissions].sort());
    expect(await orgsOf(demoIds.plugins.coach.clientId)).toHaveLength(2);
    expect(await permissions(demoIds.plugins.limited.clientId)).toEqual(['record-data']);
    expect(await orgsOf(demoIds.plugins.limited.clientId)).toHaveLength(1);
    const addresses = (clientId: string) =>
      one(db, sql`SELECT capabilities_url, candidates_url FROM plugins WHERE client_id = ${clientId}`);
    expect(await addresses(demoIds.plugins.coach.clientId)).toEqual({
      capabilities_url: demoIds.pluginUrls.capabilities,
      candidates_url: demoIds.pluginUrls.candidates,
    });
    expect(await addresses(demoIds.plugins.limited.clientId)).toEqual({
      capabilities_url: null,
      candidates_url: null,
    });
  });

  it('seeds no sessions and dates rows from the fixed base, not the clock', async () => {
    expect(await count(db, sql`SELECT COUNT(*) AS n FROM sessions`)).toBe(0);
    const base = Date.UTC(2026, 0, 5) / 1000;
    for (const table of ['users', 'comments', 'notes', 'plugins'] as const) {
      const { lo, hi } = await one<{ lo: number; hi: number }>(
        db,
        sql`SELECT MIN(created_at) AS lo, MAX(created_at) AS hi FROM ${sql.table(table)}`,
      );
      expect(lo).toBeGreaterThanOrEqual(base);
      expect(hi).toBeLessThan(base + 120 * 24 * 3600);
    }
  });
});

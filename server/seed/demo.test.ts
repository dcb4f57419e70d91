import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSandboxClientId } from '../../contract/config.ts';
import { pluginPermissions } from '../../contract/plugin-permissions.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { demoIds } from './demo-ids.ts';
import { seedIfEmpty } from './seed.ts';

function seeded(seed: number): Db {
  const db = openDatabase(':memory:');
  expect(seedIfEmpty(db, seed)).toBe(true);
  return db;
}

/** A hash of every row of every table the seed writes (schema_migrations holds the clock). */
function contentHash(db: Db): string {
  const hash = createHash('sha256');
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name",
    )
    .all();
  for (const { name } of tables) {
    hash.update(`\n#${name}\n`);
    for (const row of db.prepare(`SELECT * FROM ${name} ORDER BY rowid`).all()) hash.update(JSON.stringify(row));
  }
  return hash.digest('hex');
}

const one = <T>(db: Db, sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;
const all = <T>(db: Db, sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
const count = (db: Db, sql: string, ...params: unknown[]) => one<{ n: number }>(db, sql, ...params).n;

describe('demo dataset', () => {
  const db = seeded(1);

  it('is the same for the same seed and differs for another seed', () => {
    const again = seeded(1);
    const other = seeded(2);
    expect(contentHash(again)).toBe(contentHash(db));
    expect(contentHash(other)).not.toBe(contentHash(db));
    // The fixed part stays put whatever the seed.
    for (const userId of Object.values(demoIds.users)) {
      expect(one(other, 'SELECT handle, first_name FROM users WHERE user_id = ?', userId)).toEqual(
        one(db, 'SELECT handle, first_name FROM users WHERE user_id = ?', userId),
      );
    }
  });

  it('seeds only an empty database', () => {
    const users = count(db, 'SELECT COUNT(*) AS n FROM users');
    expect(seedIfEmpty(db, 1)).toBe(false);
    expect(count(db, 'SELECT COUNT(*) AS n FROM users')).toBe(users);
  });

  it('keeps every foreign key', () => {
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('has the fixed trainers, each teaching the documented classes', () => {
    const taught = (userId: string) =>
      all<{ class_id: string }>(
        db,
        'SELECT class_id FROM class_trainers WHERE user_id = ? ORDER BY class_id',
        userId,
      ).map((r) => r.class_id);
    expect(taught(demoIds.users.trainer)).toEqual([demoIds.classes.cyberA, demoIds.classes.networkA].sort());
    expect(taught(demoIds.users.trainer2)).toEqual([demoIds.classes.aircraftA]);
    // Linda Chen shares Cyber Systems Ops 26-A with the trainer, and teaches 26-B alone.
    expect(taught(demoIds.users.civilianTrainer)).toEqual([demoIds.classes.cyberA, demoIds.classes.cyberB].sort());
    for (const userId of [demoIds.users.trainer, demoIds.users.trainer2, demoIds.users.civilianTrainer]) {
      expect(one(db, 'SELECT trainer, trainee FROM users WHERE user_id = ?', userId)).toEqual({
        trainer: 1,
        trainee: 0,
      });
    }
    const civilian = one<Record<string, string | null>>(
      db,
      'SELECT * FROM users WHERE user_id = ?',
      demoIds.users.civilianTrainer,
    );
    expect(civilian.civilian_grade).toMatch(/^GS-\d+$/);
    expect(civilian.job_series_number).toMatch(/^\d{4}$/);
    expect(civilian.military_grade).toBeNull();
  });

  it('enrolls the demo student in two of the trainer’s classes under two studentIds', () => {
    const rows = all<{ student_id: string; class_id: string }>(
      db,
      'SELECT student_id, class_id FROM students WHERE user_id = ? ORDER BY class_id',
      demoIds.users.student,
    );
    expect(rows).toEqual(
      [
        { student_id: demoIds.students.studentCyber, class_id: demoIds.classes.cyberA },
        { student_id: demoIds.students.studentNetwork, class_id: demoIds.classes.networkA },
      ].sort((a, b) => a.class_id.localeCompare(b.class_id)),
    );
    expect(one(db, 'SELECT trainee, trainer FROM users WHERE user_id = ?', demoIds.users.student)).toEqual({
      trainee: 1,
      trainer: 0,
    });
    // The trainer has written about both enrollments, with and without a lesson.
    for (const studentId of Object.values(demoIds.students).slice(0, 2)) {
      expect(
        count(db, 'SELECT COUNT(*) AS n FROM comments WHERE student_id = ? AND lesson_id IS NULL', studentId),
      ).toBeGreaterThan(0);
      expect(
        count(db, 'SELECT COUNT(*) AS n FROM comments WHERE student_id = ? AND lesson_id IS NOT NULL', studentId),
      ).toBeGreaterThan(0);
    }
  });

  it('has the family accounts with parent flags that differ', () => {
    const family = (userId: string) =>
      one(
        db,
        'SELECT user_type, account_type, camera_disabled, proximity_friends FROM users WHERE user_id = ?',
        userId,
      );
    expect(family(demoIds.users.parent)).toMatchObject({ user_type: 'adult', account_type: 'Parent' });
    expect(family(demoIds.users.kid)).toEqual({
      user_type: 'child',
      account_type: 'Kid',
      camera_disabled: 1,
      proximity_friends: 0,
    });
    expect(family(demoIds.users.teen)).toEqual({
      user_type: 'teen-minor',
      account_type: 'Kid',
      camera_disabled: 0,
      proximity_friends: 1,
    });
    const friendsOfStudent = all<{ friend_id: string }>(
      db,
      'SELECT friend_id FROM friendships WHERE user_id = ?',
      demoIds.users.student,
    ).map((r) => r.friend_id);
    expect(friendsOfStudent).toEqual(
      expect.arrayContaining([demoIds.users.kid, demoIds.users.teen, demoIds.users.parent]),
    );
  });

  it('stores friendships in both directions and never with oneself', () => {
    expect(count(db, 'SELECT COUNT(*) AS n FROM friendships WHERE user_id = friend_id')).toBe(0);
    expect(
      count(
        db,
        'SELECT COUNT(*) AS n FROM friendships f WHERE NOT EXISTS (SELECT 1 FROM friendships g WHERE g.user_id = f.friend_id AND g.friend_id = f.user_id)',
      ),
    ).toBe(0);
  });

  it('makes friend profiles differ: some optional fields absent, some present', () => {
    const rows = all<{ gender: string | null; display_duty_title: string | null; civilian_grade: string | null }>(
      db,
      `SELECT u.gender, u.display_duty_title, u.civilian_grade FROM friendships f JOIN users u ON u.user_id = f.friend_id`,
    );
    for (const field of ['gender', 'display_duty_title', 'civilian_grade'] as const) {
      expect(rows.some((r) => r[field] === null)).toBe(true);
      expect(rows.some((r) => r[field] !== null)).toBe(true);
    }
  });

  it('gives every fixed user a picture and a cover photo except exactly one', () => {
    const rows = all<{ user_id: string; profile_pic: string | null; cover_photo: string | null }>(
      db,
      `SELECT user_id, profile_pic, cover_photo FROM users WHERE user_id IN (${Object.values(demoIds.users)
        .map(() => '?')
        .join(',')})`,
      ...Object.values(demoIds.users),
    );
    expect(rows).toHaveLength(Object.values(demoIds.users).length);
    const without = rows.filter((r) => r.profile_pic === null);
    expect(without.map((r) => r.user_id)).toEqual([demoIds.users.studentNoPicture]);
    expect(without[0]?.cover_photo).toBeNull();
    expect(rows.filter((r) => r.profile_pic !== null).every((r) => r.cover_photo !== null)).toBe(true);
    for (const { jpeg_base64 } of all<{ jpeg_base64: string }>(db, 'SELECT jpeg_base64 FROM pictures')) {
      expect(jpeg_base64.startsWith('/9j/')).toBe(true);
    }
  });

  it('generates about forty trainees with the look of service members and civilians', () => {
    const generated = all<Record<string, string | number | null>>(
      db,
      `SELECT * FROM users WHERE user_id NOT IN (${Object.values(demoIds.users)
        .map(() => '?')
        .join(',')})`,
      ...Object.values(demoIds.users),
    );
    expect(generated.length).toBeGreaterThanOrEqual(35);
    expect(generated.every((u) => u.trainee === 1 && u.anonymous === 0)).toBe(true);
    expect(generated.every((u) => typeof u.handle === 'string' && /^@[A-Za-z0-9._-]{1,64}$/.test(u.handle))).toBe(true);
    expect(generated.every((u) => /@example\.(mil|com)$/.test(String(u.email)))).toBe(true);
    expect(generated.every((u) => u.military_grade !== null || u.civilian_grade !== null)).toBe(true);
    expect(new Set(generated.map((u) => u.country)).size).toBeGreaterThan(1);
    expect(generated.filter((u) => u.country === 'US').length).toBeGreaterThan(generated.length / 2);
    expect(count(db, 'SELECT COUNT(*) AS n FROM users WHERE anonymous = 1')).toBe(0);
  });

  it('has three orgs, four versioned courses with ordered lessons and five classes', () => {
    expect(count(db, 'SELECT COUNT(*) AS n FROM orgs')).toBe(3);
    expect(all(db, 'SELECT course_id FROM courses')).toHaveLength(4);
    for (const [key, courseId] of Object.entries(demoIds.courses)) {
      expect(one<{ version: string }>(db, 'SELECT version FROM courses WHERE course_id = ?', courseId).version).toMatch(
        /^\d{4}\.\d+$/,
      );
      const lessons = all<{ lesson_id: string }>(
        db,
        'SELECT lesson_id FROM lessons WHERE course_id = ? ORDER BY position',
        courseId,
      );
      expect(lessons.map((l) => l.lesson_id)).toEqual(demoIds.lessons[key as keyof typeof demoIds.lessons]);
      expect(lessons.length).toBeGreaterThanOrEqual(4);
      expect(lessons.length).toBeLessThanOrEqual(8);
    }
    expect(count(db, 'SELECT COUNT(*) AS n FROM classes')).toBe(5);
    expect(count(db, 'SELECT COUNT(*) AS n FROM classes c JOIN courses k ON k.course_id = c.course_id')).toBe(5);
  });

  it('writes comments only by trainers of the class, about its students, on its course', () => {
    expect(count(db, 'SELECT COUNT(*) AS n FROM comments')).toBeGreaterThanOrEqual(150);
    const wrong = count(
      db,
      `SELECT COUNT(*) AS n FROM comments m
       JOIN students s ON s.student_id = m.student_id
       JOIN classes c ON c.class_id = m.class_id
       LEFT JOIN lessons l ON l.lesson_id = m.lesson_id
       WHERE s.class_id <> m.class_id OR c.course_id <> m.course_id
          OR (m.lesson_id IS NOT NULL AND l.course_id <> m.course_id)
          OR NOT EXISTS (SELECT 1 FROM class_trainers t WHERE t.class_id = m.class_id AND t.user_id = m.author_id)`,
    );
    expect(wrong).toBe(0);
    expect(count(db, 'SELECT COUNT(*) AS n FROM comments WHERE lesson_id IS NULL')).toBeGreaterThan(0);
    // seq order is time order.
    const times = all<{ created_at: number }>(db, 'SELECT created_at FROM comments ORDER BY seq').map(
      (r) => r.created_at,
    );
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('writes notes of all three categories with the ids each category sets', () => {
    const byCategory = all<{ category: string; n: number }>(
      db,
      'SELECT category, COUNT(*) AS n FROM notes GROUP BY category ORDER BY category',
    );
    expect(byCategory.map((r) => r.category)).toEqual(['course', 'lesson', 'user']);
    expect(byCategory.every((r) => r.n >= 10)).toBe(true);
    const malformed = count(
      db,
      `SELECT COUNT(*) AS n FROM notes n LEFT JOIN students s ON s.student_id = n.student_id LEFT JOIN classes c ON c.class_id = n.class_id
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
      expect(one(db, 'SELECT category, author_id, user_id FROM notes WHERE note_id = ?', noteId)).toEqual({
        category,
        author_id: demoIds.users.trainer,
        user_id: demoIds.users.student,
      });
    }
  });

  it('keeps awkward text verbatim', () => {
    const text = (table: string, column: string, id: string) =>
      one<{ text: string }>(db, `SELECT text FROM ${table} WHERE ${column} = ?`, id).text;
    expect(text('comments', 'comment_id', demoIds.comments.script)).toContain('<script>alert(1)</script>');
    expect(text('comments', 'comment_id', demoIds.comments.sql)).toContain("Robert'); DROP TABLE comments;--");
    expect(text('comments', 'comment_id', demoIds.comments.unicode)).toMatch(/👏.*é/u);
    expect(text('notes', 'note_id', demoIds.notes.script)).toContain('<img src=x onerror=alert(2)>');
    expect(text('notes', 'note_id', demoIds.notes.unicode)).toContain('🎖️');
    // A small minority, as documented.
    const awkward = count(
      db,
      "SELECT COUNT(*) AS n FROM comments WHERE text LIKE '%<script>%' OR text LIKE '%DROP TABLE%'",
    );
    expect(awkward).toBeLessThan(count(db, 'SELECT COUNT(*) AS n FROM comments') / 20);
  });

  it('registers the apps and plugins with their scopes, permissions and orgs', () => {
    const scopes = (clientId: string) =>
      all<{ scope: string }>(db, 'SELECT scope FROM app_scopes WHERE client_id = ?', clientId).map((r) => r.scope);
    const env = (table: string, clientId: string) =>
      one<{ environment: string }>(db, `SELECT environment FROM ${table} WHERE client_id = ?`, clientId).environment;
    expect(scopes(demoIds.apps.training)).toEqual(['training']);
    expect(scopes(demoIds.apps.noTraining)).toEqual([]);
    expect(scopes(demoIds.apps.production)).toEqual(['training']);
    for (const clientId of Object.values(demoIds.apps)) {
      expect(isSandboxClientId(clientId)).toBe(env('apps', clientId) === 'sandbox');
    }
    for (const plugin of Object.values(demoIds.plugins)) {
      expect(isSandboxClientId(plugin.clientId)).toBe(env('plugins', plugin.clientId) === 'sandbox');
      expect(
        one<{ client_secret: string }>(db, 'SELECT client_secret FROM plugins WHERE client_id = ?', plugin.clientId)
          .client_secret,
      ).toBe(plugin.clientSecret);
    }
    const permissions = (clientId: string) =>
      all<{ permission: string }>(
        db,
        'SELECT permission FROM plugin_permissions WHERE client_id = ? ORDER BY permission',
        clientId,
      ).map((r) => r.permission);
    const orgsOf = (clientId: string) =>
      all<{ org_id: string }>(db, 'SELECT org_id FROM plugin_orgs WHERE client_id = ?', clientId).map((r) => r.org_id);
    expect(permissions(demoIds.plugins.coach.clientId)).toEqual([...pluginPermissions].sort());
    expect(orgsOf(demoIds.plugins.coach.clientId)).toHaveLength(2);
    expect(permissions(demoIds.plugins.limited.clientId)).toEqual(['record-data']);
    expect(orgsOf(demoIds.plugins.limited.clientId)).toHaveLength(1);
    expect(
      one(
        db,
        'SELECT capabilities_url, candidates_url FROM plugins WHERE client_id = ?',
        demoIds.plugins.coach.clientId,
      ),
    ).toEqual({
      capabilities_url: demoIds.pluginUrls.capabilities,
      candidates_url: demoIds.pluginUrls.candidates,
    });
    expect(
      one(
        db,
        'SELECT capabilities_url, candidates_url FROM plugins WHERE client_id = ?',
        demoIds.plugins.limited.clientId,
      ),
    ).toEqual({
      capabilities_url: null,
      candidates_url: null,
    });
  });

  it('seeds no sessions and dates rows from the fixed base, not the clock', () => {
    expect(count(db, 'SELECT COUNT(*) AS n FROM sessions')).toBe(0);
    const base = Date.UTC(2026, 0, 5) / 1000;
    for (const table of ['users', 'comments', 'notes', 'plugins']) {
      const { lo, hi } = one<{ lo: number; hi: number }>(
        db,
        `SELECT MIN(created_at) AS lo, MAX(created_at) AS hi FROM ${table}`,
      );
      expect(lo).toBeGreaterThanOrEqual(base);
      expect(hi).toBeLessThan(base + 120 * 24 * 3600);
    }
  });
});

/**
 * No data lost: the service runs as its own process on a database (a SQLite
 * file, or PostgreSQL in the service-postgres project),
 * takes concurrent writes (comments, notes and, where the plugin routes
 * exist, badge assertions), is killed with SIGKILL mid-stream and restarted
 * on the same database. Every write it had answered 2xx is there, whole, and
 * the database is consistent (integrity and foreign keys).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { basicHeader } from '../../contract/basic-auth.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { sandboxClientsSchema } from '../../contract/sandbox.ts';
import { type ChildService, freePort, startChildService } from '../../testkit/child-service.ts';
import { type ChildDatabase, databaseForChild } from '../../testkit/engine.ts';
import { loadWorld } from '../../testkit/fixtures.ts';
import { call } from '../../testkit/harness.ts';

const WRITERS = 12;
const ACKS_BEFORE_KILL = 400;

type Kind = 'comment' | 'note' | 'badge';
interface Write {
  readonly kind: Kind;
  readonly text: string;
  id?: string;
  outcome: 'acked' | 'refused' | 'unknown';
}

const dir = mkdtempSync(join(tmpdir(), 'hardening-crash-'));
let database: ChildDatabase | undefined;
const children: ChildService[] = [];
afterAll(async () => {
  for (const child of children) await child.kill();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<ChildService> {
  database ??= await databaseForChild(dir);
  const child = await startChildService({
    port: await freePort(18450, 18459),
    env: database.env,
    readyTimeoutMs: 45_000,
  });
  children.push(child);
  return child;
}

it('keeps every answered write across a SIGKILL, with no half-written record', async () => {
  const first = await start();
  const world = await loadWorld(first.url);
  const token = world.trainer.token;
  const lessonId = world.klass.lessonIds[0];
  if (!lessonId) throw new Error('the class has no lesson');

  // Badge assertions take part when the plugin routes exist (feature-detected, not skipped by hand).
  const clients = sandboxClientsSchema.parse((await call(first.url, 'GET', '/sandbox/v1/clients')).body);
  const badgePlugin = clients.plugins.find(
    (p) => p.permissions.includes('badges') && p.permissions.includes('record-data'),
  );
  let badge: { auth: string; userId: string } | undefined;
  if (badgePlugin && 'createBadgeAssertion' in endpoints) {
    const auth = basicHeader(badgePlugin.clientId, badgePlugin.clientSecret);
    const records = await call<{ userId: string }[]>(first.url, 'GET', '/plugin/v2/ai/record-data', {
      headers: { Authorization: auth },
    });
    const userId = records.status === 200 && Array.isArray(records.body) ? records.body[0]?.userId : undefined;
    if (userId) {
      // The route answers (not the 404 of a route that is not there yet).
      const probe = await call(first.url, 'GET', `/plugin/v2/ai/badge/assertion?userId=${encodeURIComponent(userId)}`, {
        headers: { Authorization: auth },
      });
      if (probe.status === 200) badge = { auth, userId };
    }
  }
  const kinds: Kind[] = badge ? ['comment', 'note', 'badge'] : ['comment', 'note'];

  const writes: Write[] = [];
  let acked = 0;
  let stop = false;
  let n = 0;
  /** A write refused as overloaded was not started (503 before anything is read): sent again, as a client would. */
  const callUntilStarted = async <T>(...args: Parameters<typeof call<T>>) => {
    for (;;) {
      const reply = await call<T>(...args);
      if (reply.status !== 503) return reply;
      await new Promise((resolve) => setTimeout(resolve, Number(reply.headers.get('retry-after') ?? 1) * 1000));
    }
  };
  const send = async (write: Write): Promise<void> => {
    const url = first.url;
    if (write.kind === 'comment') {
      const reply = await callUntilStarted<{ commentId: string }>(url, 'POST', '/edu/v1/student/comment', {
        token,
        body: { studentId: world.student.studentId, classId: world.klass.classId, lessonId, text: write.text },
      });
      if (reply.status >= 200 && reply.status < 300) write.id = reply.body.commentId;
      write.outcome = write.id ? 'acked' : 'refused';
    } else if (write.kind === 'note') {
      const reply = await callUntilStarted<{ noteId: string }>(url, 'PUT', '/edu/v1/note', {
        token,
        body: { studentId: world.student.studentId, lessonId, text: write.text },
      });
      if (reply.status >= 200 && reply.status < 300) write.id = reply.body.noteId;
      write.outcome = write.id ? 'acked' : 'refused';
    } else if (badge) {
      const reply = await callUntilStarted(url, 'POST', '/plugin/v2/ai/badge/assertion', {
        headers: { Authorization: badge.auth },
        body: {
          userId: badge.userId,
          badgeId: write.text,
          name: write.text,
          type: 'Achievement',
          image: 'https://badges.example/crash.png',
          issuedOn: '2026-01-05',
          issuerName: 'Crash test',
        },
      });
      write.outcome = reply.status >= 200 && reply.status < 300 ? 'acked' : 'refused';
      if (write.outcome === 'acked') write.id = write.text;
    }
    if (write.outcome === 'acked') acked++;
  };
  const writer = async () => {
    while (!stop) {
      const kind = kinds[n % kinds.length] as Kind;
      const write: Write = { kind, text: `crash-${kind}-${n++}-${'é✓'.repeat(n % 7)}`, outcome: 'unknown' };
      writes.push(write);
      try {
        await send(write);
      } catch {
        // The connection died with the process: the outcome of this write is unknown.
        return;
      }
    }
  };
  const running = Array.from({ length: WRITERS }, writer);
  const deadline = Date.now() + 20_000;
  while (acked < ACKS_BEFORE_KILL && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  await first.kill();
  stop = true;
  await Promise.all(running);

  const answered = writes.filter((w) => w.outcome === 'acked');
  expect(writes.filter((w) => w.outcome === 'refused').map((w) => w.text)).toEqual([]);
  expect(answered.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL / 2);
  // The kill landed mid-stream: some writes were in flight.
  expect(writes.some((w) => w.outcome === 'unknown')).toBe(true);
  for (const kind of kinds)
    expect(
      answered.some((w) => w.kind === kind),
      kind,
    ).toBe(true);

  // Restart on the same file and look for every answered write through the API.
  const second = await start();
  const comments = await call<{ commentId: string; text: string }[]>(
    second.url,
    'GET',
    `/edu/v1/student/comment?studentId=${encodeURIComponent(world.student.studentId)}`,
    { token },
  );
  expect(comments.status).toBe(200);
  const commentText = new Map(comments.body.map((c) => [c.commentId, c.text]));
  for (const write of answered.filter((w) => w.kind === 'comment')) {
    expect(commentText.get(write.id ?? ''), write.text).toBe(write.text);
  }
  for (const write of answered.filter((w) => w.kind === 'note')) {
    const note = await call<{ text: string }>(
      second.url,
      'GET',
      `/edu/v1/note?noteId=${encodeURIComponent(write.id ?? '')}`,
      { token },
    );
    expect(note.status, write.text).toBe(200);
    expect(note.body.text).toBe(write.text);
  }
  if (badge) {
    const listed = await call<{ badgeId: string; name: string }[]>(
      second.url,
      'GET',
      `/plugin/v2/ai/badge/assertion?userId=${encodeURIComponent(badge.userId)}`,
      { headers: { Authorization: badge.auth } },
    );
    expect(listed.status).toBe(200);
    const names = new Set(listed.body.map((b) => `${b.badgeId}|${b.name}`));
    for (const write of answered.filter((w) => w.kind === 'badge'))
      expect(names.has(`${write.text}|${write.text}`), write.text).toBe(true);
  }
  // It takes writes again.
  const after = await call(second.url, 'POST', '/edu/v1/student/comment', {
    token,
    body: { studentId: world.student.studentId, classId: world.klass.classId, text: 'after the crash' },
  });
  expect(after.status).toBe(201);
  await second.stop();

  // The database itself: consistent, every foreign key holds, no row we did not send whole.
  const db = await (database as ChildDatabase).open();
  try {
    if (db.engine === 'sqlite') {
      const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db.q);
      expect(integrity.rows.map((row) => row.integrity_check)).toEqual(['ok']);
      expect((await sql`PRAGMA foreign_key_check`.execute(db.q)).rows).toEqual([]);
    } else {
      // PostgreSQL enforces foreign keys on every write; the constraints must all be there and valid.
      const constraints = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM pg_constraint
        WHERE contype = 'f' AND convalidated`.execute(db.q);
      expect(constraints.rows[0]?.n).toBeGreaterThan(20);
    }
    const sent = new Set(writes.map((w) => w.text));
    const rows = (await db.q
      .selectFrom('comments')
      .select(['comment_id', 'student_id', 'author_id', 'class_id', 'course_id', 'lesson_id', 'text', 'created_at'])
      .where('text', 'like', 'crash-%')
      .execute()) as Record<string, string | number | null>[];
    for (const row of rows) {
      expect(sent.has(String(row.text)), String(row.text)).toBe(true);
      for (const column of [
        'comment_id',
        'student_id',
        'author_id',
        'class_id',
        'course_id',
        'lesson_id',
        'created_at',
      ]) {
        expect(row[column], `${column} of ${row.comment_id}`).not.toBeNull();
      }
    }
    const notes = (await db.q
      .selectFrom('notes')
      .select(['text', 'note_id', 'user_id', 'student_id', 'class_id', 'course_id', 'lesson_id'])
      .where('text', 'like', 'crash-%')
      .execute()) as Record<string, string | null>[];
    for (const note of notes) {
      expect(sent.has(String(note.text))).toBe(true);
      for (const column of ['note_id', 'user_id', 'student_id', 'class_id', 'course_id', 'lesson_id'])
        expect(note[column]).not.toBeNull();
    }
    const badges = (await db.q
      .selectFrom('badge_assertions')
      .select(['badge_id', 'name', 'user_id', 'issued_on', 'issuer_name'])
      .where('badge_id', 'like', 'crash-%')
      .execute()) as Record<string, string | null>[];
    for (const row of badges) {
      expect(sent.has(String(row.badge_id))).toBe(true);
      expect(row.name).toBe(row.badge_id);
      expect(row.user_id).toBe(badge?.userId);
      expect(row.issuer_name).toBe('Crash test');
    }
    for (const write of answered.filter((w) => w.kind === 'badge')) {
      expect(badges.filter((row) => row.badge_id === write.text).length, write.text).toBe(1);
    }
    // Every answered write is in the file exactly once.
    const stored = new Map<string, number>();
    for (const row of [...rows, ...notes]) stored.set(String(row.text), (stored.get(String(row.text)) ?? 0) + 1);
    for (const write of answered.filter((w) => w.kind !== 'badge')) expect(stored.get(write.text), write.text).toBe(1);
  } finally {
    await db.close();
  }
}, 120_000);

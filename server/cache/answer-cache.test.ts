/**
 * Answers kept and reused (answer-cache.ts), over real HTTP on both engines.
 *
 * Each case proves two things with one trick: a change made straight in the
 * database, bypassing the service (so no data version moves), is NOT seen by
 * the next read — the kept answer was reused — and after a write through the
 * API, the next read sees it — that write dropped the kept answer. Then: who
 * may see what is checked before any kept answer is served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../../contract/basic-auth.ts';
import { errorBodySchema } from '../../contract/common.ts';
import { sandboxClientsSchema } from '../../contract/sandbox.ts';
import { loadWorld, type World } from '../../testkit/fixtures.ts';
import { call, type Reply, signIn, startService, type TestService } from '../../testkit/harness.ts';

const ADMIN_TOKEN = 'answer-cache-admin-token-0123456789';
const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
let service: TestService;
let world: World;
let pluginAuth: string;
let pluginId: string;
let n = 0;
let doomedNote = '';
let targetPlugin = '';

beforeAll(async () => {
  service = await startService({ env: { ADMIN_TOKEN } });
  world = await loadWorld(service.url);
  const clients = sandboxClientsSchema.parse((await call(service.url, 'GET', '/sandbox/v1/clients')).body);
  const plugin = [...clients.plugins].sort((a, b) => b.permissions.length - a.permissions.length)[0];
  if (!plugin) throw new Error('the sandbox has no plugin');
  pluginId = plugin.clientId;
  pluginAuth = basicHeader(plugin.clientId, plugin.clientSecret);
});
afterAll(() => service.close());

const get = (path: string, headers: Record<string, string>) => call(service.url, 'GET', path, { headers });
const asTrainer = () => ({ Authorization: `Bearer ${world.trainer.token}` });
const asPlugin = () => ({ Authorization: pluginAuth });
const unique = () => `changed-behind-the-service-${++n}`;

interface Case {
  readonly write: string;
  /** The read whose answer is kept. */
  read(): Promise<Reply>;
  /** Changes the data behind the service's back; returns the text the read shows once recomputed. */
  changeBehind(): Promise<string>;
  /** The write through the API that must drop the kept answer. */
  writeThroughApi(): Promise<Reply>;
}

async function firstCommentId(): Promise<string> {
  const list = await call<{ commentId: string }[]>(
    service.url,
    'GET',
    `/edu/v1/student/comment?studentId=${world.student.studentId}`,
    { token: world.trainer.token },
  );
  const first = list.body[0];
  if (!first) throw new Error('the student has no comment');
  return first.commentId;
}

async function newNote(text: string): Promise<string> {
  const reply = await call<{ noteId: string }>(service.url, 'PUT', '/edu/v1/note', {
    token: world.trainer.token,
    body: { studentId: world.student.studentId, lessonId: world.klass.lessonIds[0], text },
  });
  expect(reply.status).toBe(201);
  return reply.body.noteId;
}

const commentsPath = () => `/edu/v1/student/comment?studentId=${world.student.studentId}`;
const notesPath = () => `/edu/v1/note/list?studentId=${world.student.studentId}`;
const recordPath = () => `/edu/v1/trainer/students/${world.student.userId}/record`;

async function changeACommentBehind(): Promise<string> {
  const text = unique();
  await service.db.q
    .updateTable('comments')
    .set({ text })
    .where('comment_id', '=', await firstCommentId())
    .execute();
  return text;
}

/** Keeps the read of `path` with two new notes in it, then changes one behind the service; the other is to be removed. */
async function changeANoteBehindBeforeRemovingAnother(path: string): Promise<string> {
  const kept = await newNote('kept, changed behind the service');
  doomedNote = await newNote('to be removed');
  await get(path, asTrainer());
  const text = unique();
  await service.db.q.updateTable('notes').set({ text }).where('note_id', '=', kept).execute();
  return text;
}

const removeTheDoomedNote = () =>
  call(service.url, 'POST', '/edu/v1/note/remove', { token: world.trainer.token, body: { noteId: doomedNote } });

const cases: Case[] = [
  {
    write: 'adding a comment',
    read: () => get(commentsPath(), asTrainer()),
    changeBehind: changeACommentBehind,
    writeThroughApi: () =>
      call(service.url, 'POST', '/edu/v1/student/comment', {
        token: world.trainer.token,
        body: { studentId: world.student.studentId, classId: world.klass.classId, text: 'a new comment' },
      }),
  },
  {
    write: 'creating a note',
    read: () => get(notesPath(), asTrainer()),
    changeBehind: async () => {
      const noteId = await newNote('to be changed behind the service');
      await get(notesPath(), asTrainer());
      const text = unique();
      await service.db.q.updateTable('notes').set({ text }).where('note_id', '=', noteId).execute();
      return text;
    },
    writeThroughApi: () =>
      call(service.url, 'PUT', '/edu/v1/note', {
        token: world.trainer.token,
        body: { studentId: world.student.studentId, lessonId: world.klass.lessonIds[0], text: 'another note' },
      }),
  },
  {
    write: 'removing a note',
    read: () => get(notesPath(), asTrainer()),
    changeBehind: () => changeANoteBehindBeforeRemovingAnother(notesPath()),
    writeThroughApi: removeTheDoomedNote,
  },
  {
    write: 'adding a comment, on the student record',
    read: () => get(recordPath(), asTrainer()),
    changeBehind: changeACommentBehind,
    writeThroughApi: () =>
      call(service.url, 'POST', '/edu/v1/student/comment', {
        token: world.trainer.token,
        body: { studentId: world.student.studentId, classId: world.klass.classId, text: 'a comment for the record' },
      }),
  },
  {
    write: 'removing a note, on the student record',
    read: () => get(recordPath(), asTrainer()),
    changeBehind: () => changeANoteBehindBeforeRemovingAnother(recordPath()),
    writeThroughApi: removeTheDoomedNote,
  },
  {
    write: 'an anonymous sign-up',
    read: () => get('/user/v1/my/profile', asTrainer()),
    changeBehind: async () => {
      const firstName = unique();
      await service.db.q
        .updateTable('users')
        .set({ first_name: firstName })
        .where('user_id', '=', world.trainer.userId)
        .execute();
      return firstName;
    },
    writeThroughApi: () => {
      const id = `anon-cache-${++n}`;
      return call(service.url, 'PUT', '/user/v1/my/profile', {
        headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
        body: {
          handle: `@${id}`,
          userType: 'adult',
          accountType: 'Adult',
          country: 'US',
          profilePic: null,
          coverPhoto: null,
          userId: id,
          anonymous: true,
        },
      });
    },
  },
  {
    // A note names its writer (`author`): a kept list follows a change of the people too.
    write: 'an anonymous sign-up, on the notes list',
    read: () => get(notesPath(), asTrainer()),
    changeBehind: async () => {
      await newNote('named by its writer');
      await get(notesPath(), asTrainer());
      const firstName = unique();
      await service.db.q
        .updateTable('users')
        .set({ first_name: firstName })
        .where('user_id', '=', world.trainer.userId)
        .execute();
      return firstName;
    },
    writeThroughApi: () => {
      const id = `anon-cache-${++n}`;
      return call(service.url, 'PUT', '/user/v1/my/profile', {
        headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
        body: {
          handle: `@${id}`,
          userType: 'adult',
          accountType: 'Adult',
          country: 'US',
          profilePic: null,
          coverPhoto: null,
          userId: id,
          anonymous: true,
        },
      });
    },
  },
  {
    write: 'asserting a badge',
    read: () => get(`/plugin/v2/ai/badge/assertion?userId=${world.student.userId}`, asPlugin()),
    changeBehind: async () => {
      await call(service.url, 'POST', '/plugin/v2/ai/badge/assertion', {
        headers: asPlugin(),
        body: {
          userId: world.student.userId,
          badgeId: `cache-badge-${++n}`,
          name: 'first',
          type: 'Achievement',
          image: 'https://badges.example/x.png',
          issuedOn: '2026-11-01',
          issuerName: 'Cache test',
        },
      });
      await get(`/plugin/v2/ai/badge/assertion?userId=${world.student.userId}`, asPlugin());
      const name = unique();
      await service.db.q
        .updateTable('badge_assertions')
        .set({ name })
        .where('user_id', '=', world.student.userId)
        .execute();
      return name;
    },
    writeThroughApi: () =>
      call(service.url, 'POST', '/plugin/v2/ai/badge/assertion', {
        headers: asPlugin(),
        body: {
          userId: world.student.userId,
          badgeId: `cache-badge-${++n}`,
          name: 'second',
          type: 'Achievement',
          image: 'https://badges.example/y.png',
          issuedOn: '2026-11-02',
          issuerName: 'Cache test',
        },
      }),
  },
  {
    write: 'creating a badge',
    read: () => get('/plugin/v2/ai/badge/course', asPlugin()),
    changeBehind: async () => {
      const name = unique();
      await service.db.q.updateTable('badges').set({ name }).where('kind', '=', 'course').execute();
      return name;
    },
    writeThroughApi: () =>
      call(service.url, 'POST', '/plugin/v2/ai/badge', {
        headers: asPlugin(),
        body: { name: 'New badge', type: 'Achievement', image: 'https://badges.example/n.png', proficiency: 2 },
      }),
  },
  ...(['permissions', 'orgs', 'mission-planner', 'secret', 'register'] as const).map(
    (change): Case => ({
      write: `the administration change "${change}"`,
      read: () => get('/sandbox/v1/clients', {}),
      changeBehind: async () => {
        const target = await call<{ plugin: { clientId: string } }>(service.url, 'POST', '/admin/v1/plugins', {
          headers: admin,
          body: { name: `Target ${++n}`, environment: 'sandbox' },
        });
        targetPlugin = target.body.plugin.clientId;
        await get('/sandbox/v1/clients', {});
        // An org granted behind the service's back shows in the plugin's entry once recomputed.
        const org = unique();
        await service.db.q.insertInto('orgs').values({ org_id: org, name: org }).execute();
        await service.db.q.insertInto('plugin_orgs').values({ client_id: pluginId, org_id: org }).execute();
        return org;
      },
      writeThroughApi: () => {
        const path = `/admin/v1/plugins/${targetPlugin}/${change}`;
        switch (change) {
          case 'register':
            return call(service.url, 'POST', '/admin/v1/plugins', {
              headers: admin,
              body: { name: `Another ${++n}`, environment: 'sandbox' },
            });
          case 'permissions':
            return call(service.url, 'PUT', path, { headers: admin, body: { permissions: ['badges'] } });
          case 'orgs':
            return call(service.url, 'PUT', path, { headers: admin, body: { orgIds: ['org-81trw'] } });
          case 'mission-planner':
            return call(service.url, 'PUT', path, {
              headers: admin,
              body: { capabilitiesUrl: 'http://127.0.0.1:9/c', candidatesUrl: null },
            });
          case 'secret':
            return call(service.url, 'POST', path, { headers: admin });
        }
      },
    }),
  ),
];

describe('a kept answer', () => {
  it.each(cases)('is reused until $write, and recomputed after it', async (c) => {
    const before = await c.read();
    expect(before.status).toBe(200);
    const changed = await c.changeBehind();
    const reused = await c.read();
    expect(JSON.stringify(reused.body)).not.toContain(changed);
    const written = await c.writeThroughApi();
    expect(written.status).toBeLessThan(300);
    const after = await c.read();
    expect(JSON.stringify(after.body)).toContain(changed);
  });

  it('is never served to another viewer: a trainer of other classes asks the same question', async () => {
    const mine = await call<unknown[]>(service.url, 'GET', commentsPath(), { token: world.trainer.token });
    expect(mine.body.length).toBeGreaterThan(0);
    const theirs = await call<unknown[]>(service.url, 'GET', commentsPath(), { token: world.otherTrainer.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
  });
});

describe('a change of access is seen before any kept answer', () => {
  it('an ended session gets 401, not the kept answer', async () => {
    const token = await signIn(service.url, world.trainer.userId);
    expect((await call(service.url, 'GET', commentsPath(), { token })).status).toBe(200);
    await call(service.url, 'POST', '/auth/v1/sign-out', { token });
    const after = await call(service.url, 'GET', commentsPath(), { token });
    expect(after.status).toBe(401);
  });

  it('an app whose training scope is taken away gets 403, not the kept answer', async () => {
    const token = await signIn(service.url, world.trainer.userId);
    expect((await call(service.url, 'GET', commentsPath(), { token })).status).toBe(200);
    await service.db.q.deleteFrom('app_scopes').where('client_id', '=', 'sandbox-trainer-dashboard').execute();
    try {
      const after = await call(service.url, 'GET', commentsPath(), { token });
      expect(after.status).toBe(403);
      expect(errorBodySchema.parse(after.body).error.code).toBe('missing_scope');
    } finally {
      await service.db.q
        .insertInto('app_scopes')
        .values({ client_id: 'sandbox-trainer-dashboard', scope: 'training' })
        .execute();
    }
  });

  it('a plugin whose orgs are narrowed no longer gets the other orgs’ records', async () => {
    const plugin = await call<{ orgIds: string[] }>(service.url, 'GET', `/admin/v1/plugins/${pluginId}`, {
      headers: admin,
    });
    const [kept, dropped] = plugin.body.orgIds;
    if (!kept || !dropped) throw new Error('the plugin needs two orgs');
    const all = await call<{ userId: string }[]>(service.url, 'GET', '/plugin/v2/ai/record-data', {
      headers: asPlugin(),
    });
    const onlyKept = await call<{ userId: string }[]>(service.url, 'GET', `/plugin/v2/ai/record-data?orgIds=${kept}`, {
      headers: asPlugin(),
    });
    expect(all.body.length).toBeGreaterThan(onlyKept.body.length);
    await call(service.url, 'PUT', `/admin/v1/plugins/${pluginId}/orgs`, { headers: admin, body: { orgIds: [kept] } });
    try {
      const after = await call<{ userId: string }[]>(service.url, 'GET', '/plugin/v2/ai/record-data', {
        headers: asPlugin(),
      });
      expect(after.body.map((r) => r.userId).sort()).toEqual(onlyKept.body.map((r) => r.userId).sort());
      const refused = await call(service.url, 'GET', `/plugin/v2/ai/record-data?orgIds=${dropped}`, {
        headers: asPlugin(),
      });
      expect(refused.status).toBe(403);
    } finally {
      await call(service.url, 'PUT', `/admin/v1/plugins/${pluginId}/orgs`, {
        headers: admin,
        body: { orgIds: plugin.body.orgIds },
      });
    }
  });
});

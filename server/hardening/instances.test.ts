/**
 * Several instances are one service: two `server/main.ts` processes on one
 * database (PostgreSQL in the service-postgres project, one SQLite file in
 * the service project), the first with two workers, requests alternating
 * between them. Whatever one instance writes, the other sees at the next
 * request; the check-then-write sequences hold when both race.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../../contract/basic-auth.ts';
import { errorBodySchema } from '../../contract/common.ts';
import { type ChildService, freePort, startChildService } from '../../testkit/child-service.ts';
import { type ChildDatabase, databaseForChild } from '../../testkit/engine.ts';
import { loadWorld, type World } from '../../testkit/fixtures.ts';
import { call, type Reply, signIn } from '../../testkit/harness.ts';
import {
  DASHBOARD_CALLBACK,
  openSignin,
  pkce,
  redirectParams,
  submitSignin,
  tokenRequest,
} from '../../testkit/oauth.ts';

const ADMIN_TOKEN = 'instances-test-admin-token-0123456789';
const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const PLUGIN = { clientId: 'sandbox-plugin-coach', secret: 'coach-secret-sandbox-2026' };

let dir: string;
let database: ChildDatabase;
let a: ChildService;
let b: ChildService;
let world: World;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'instances-'));
  database = await databaseForChild(dir);
  const env = { ...database.env, ADMIN_TOKEN };
  // A first, alone: it migrates and (on SQLite) seeds; B then starts on a ready database.
  // Generous start-up bounds: two workers transpiling through tsx on a busy 2-core machine take a while.
  a = await startChildService({
    port: await freePort(18490, 18494),
    env: { ...env, WORKERS: '2' },
    readyTimeoutMs: 90_000,
  });
  b = await startChildService({
    port: await freePort(18495, 18499),
    env: { ...env, WORKERS: '1' },
    readyTimeoutMs: 90_000,
  });
  world = await loadWorld(a.url);
}, 240_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const codeOf = (reply: Reply) => errorBodySchema.parse(reply.body).error.code;
const plugin = (secret = PLUGIN.secret) => ({ Authorization: basicHeader(PLUGIN.clientId, secret) });

describe('two instances on one database', () => {
  it('answer /healthz and /readyz as JSON on both', async () => {
    for (const service of [a, b]) {
      const live = await call(service.url, 'GET', '/healthz');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: 'ok' });
      const ready = await call<{ status: string; engine: string }>(service.url, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('ready');
      expect(ready.headers.get('content-type')).toMatch(/application\/json/);
    }
  });

  it('share sessions: a token from one works on the other, and sign-out through one ends it on both', async () => {
    const token = await signIn(a.url, world.trainer.userId);
    expect((await call(b.url, 'GET', '/user/v1/my/profile', { token })).status).toBe(200);
    expect((await call(b.url, 'POST', '/auth/v1/sign-out', { token })).status).toBe(200);
    const after = await call(a.url, 'GET', '/user/v1/my/profile', { token });
    expect(after.status).toBe(401);
    expect(codeOf(after)).toBe('invalid_token');
  });

  it('spend a refresh token once across instances, also when both refresh at the same moment', async () => {
    const first = await call<{ refreshToken: string }>(a.url, 'POST', '/sandbox/v1/token', {
      body: { userId: world.trainer.userId, clientId: 'sandbox-trainer-dashboard' },
    });
    const { refreshToken } = first.body;
    expect((await call(a.url, 'POST', '/auth/v1/token/refresh', { body: { refreshToken } })).status).toBe(200);
    const reused = await call(b.url, 'POST', '/auth/v1/token/refresh', { body: { refreshToken } });
    expect(reused.status).toBe(401);

    for (let round = 0; round < 5; round++) {
      const session = await call<{ refreshToken: string }>(b.url, 'POST', '/sandbox/v1/token', {
        body: { userId: world.trainer.userId, clientId: 'sandbox-trainer-dashboard' },
      });
      const body = { refreshToken: session.body.refreshToken };
      const race = await Promise.all(
        [a, b, a, b].map((service) => call(service.url, 'POST', '/auth/v1/token/refresh', { body })),
      );
      expect(race.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
    }
  });

  it('create an anonymous account once when two sign-ups race for one id', async () => {
    for (let round = 0; round < 5; round++) {
      const id = `anon-race-${round}-${Date.now()}`;
      const body = {
        handle: `@${id}`,
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: id,
        anonymous: true,
      };
      const headers = { 'X-Client-Id': 'sandbox-trainer-dashboard' };
      const race = await Promise.all(
        [a, b, a, b].map((service) => call(service.url, 'PUT', '/user/v1/my/profile', { body, headers })),
      );
      expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      for (const loser of race.filter((r) => r.status === 409)) expect(codeOf(loser)).toBe('conflict');
      const winner = race.find((r) => r.status === 201) as Reply<{ session: { token: string } }>;
      // The account made through one instance is read through the other.
      const profile = await call<{ userId: string }>(b.url, 'GET', '/user/v1/my/profile', {
        token: winner.body.session.token,
      });
      expect(profile.body.userId).toBe(id);
    }
  });

  it('see each other’s comments, notes and badges at the next request', async () => {
    const token = world.trainer.token;
    const comment = await call<{ commentId: string }>(a.url, 'POST', '/edu/v1/student/comment', {
      token,
      body: { studentId: world.student.studentId, classId: world.klass.classId, text: 'written through A' },
    });
    expect(comment.status).toBe(201);
    const list = await call<{ commentId: string }[]>(
      b.url,
      'GET',
      `/edu/v1/student/comment?studentId=${world.student.studentId}`,
      { token },
    );
    expect(list.body.map((c) => c.commentId)).toContain(comment.body.commentId);

    const note = await call<{ noteId: string }>(b.url, 'PUT', '/edu/v1/note', {
      token,
      body: { studentId: world.student.studentId, lessonId: world.klass.lessonIds[0], text: 'written through B' },
    });
    expect(note.status).toBe(201);
    const read = await call<{ text: string }>(a.url, 'GET', `/edu/v1/note?noteId=${note.body.noteId}`, { token });
    expect(read.body.text).toBe('written through B');
    const removed = await call(a.url, 'POST', '/edu/v1/note/remove', { token, body: { noteId: note.body.noteId } });
    expect(removed.body).toEqual({ success: true });
    expect((await call(b.url, 'GET', `/edu/v1/note?noteId=${note.body.noteId}`, { token })).status).toBe(404);

    const records = await call<{ userId: string }[]>(a.url, 'GET', '/plugin/v2/ai/record-data', { headers: plugin() });
    const userId = records.body[0]?.userId as string;
    const badgeId = `badge-across-${Date.now()}`;
    const asserted = await call(a.url, 'POST', '/plugin/v2/ai/badge/assertion', {
      headers: plugin(),
      body: {
        userId,
        badgeId,
        name: 'Across instances',
        type: 'Achievement',
        image: 'https://badges.example/a.png',
        issuedOn: '2026-11-01',
        issuerName: 'Instances test',
      },
    });
    expect(asserted.status).toBe(201);
    const badges = await call<{ badgeId: string }[]>(b.url, 'GET', `/plugin/v2/ai/badge/assertion?userId=${userId}`, {
      headers: plugin(),
    });
    expect(badges.body.map((x) => x.badgeId)).toContain(badgeId);
  });

  it('apply every administration change on the other instance at the next request', async () => {
    // API sets: take badges away through A; B refuses the badge routes at once.
    const permissions = ['record-data', 'other-skills', 'additional-info', 'mission-planner'];
    expect(
      (
        await call(a.url, 'PUT', `/admin/v1/plugins/${PLUGIN.clientId}/permissions`, {
          headers: admin,
          body: { permissions },
        })
      ).status,
    ).toBe(200);
    const refused = await call(b.url, 'GET', '/plugin/v2/ai/badge/course', { headers: plugin() });
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('missing_permission');

    // Orgs: narrow to one org through B; A refuses the other.
    const orgs = await call<{ orgIds: string[] }>(b.url, 'GET', `/admin/v1/plugins/${PLUGIN.clientId}`, {
      headers: admin,
    });
    const [kept, dropped] = orgs.body.orgIds;
    expect(dropped).toBeDefined();
    await call(b.url, 'PUT', `/admin/v1/plugins/${PLUGIN.clientId}/orgs`, { headers: admin, body: { orgIds: [kept] } });
    const outside = await call(a.url, 'GET', `/plugin/v2/ai/record-data?orgIds=${dropped}`, { headers: plugin() });
    expect(outside.status).toBe(403);
    expect(codeOf(outside)).toBe('org_forbidden');

    // Mission planner addresses: cleared through A, the plugin is no longer offered by B.
    const trainerToken = world.trainer.token;
    const offered = async (service: ChildService) =>
      (
        await call<{ pluginId: string }[]>(service.url, 'GET', '/mission-planner/v1/plugins', {
          token: trainerToken,
        })
      ).body.map((p) => p.pluginId);
    expect(await offered(b)).toContain(PLUGIN.clientId);
    await call(a.url, 'PUT', `/admin/v1/plugins/${PLUGIN.clientId}/mission-planner`, {
      headers: admin,
      body: { capabilitiesUrl: null, candidatesUrl: null },
    });
    expect(await offered(b)).not.toContain(PLUGIN.clientId);

    // Secret: rotated through B; A refuses the old one and takes the new one.
    const rotated = await call<{ clientSecret: string }>(b.url, 'POST', `/admin/v1/plugins/${PLUGIN.clientId}/secret`, {
      headers: admin,
    });
    expect(rotated.status).toBe(200);
    expect((await call(a.url, 'GET', '/plugin/v2/ai/record-data', { headers: plugin() })).status).toBe(401);
    const fresh = await call(a.url, 'GET', '/plugin/v2/ai/record-data', {
      headers: plugin(rotated.body.clientSecret),
    });
    expect(fresh.status).toBe(200);
  });

  it('takes an app scope change made in the database at the next request through either instance', async () => {
    const token = await signIn(b.url, world.trainer.userId);
    expect((await call(a.url, 'GET', '/edu/v1/student/comment', { token })).status).toBe(200);
    const db = await database.open();
    try {
      await db.q.deleteFrom('app_scopes').where('client_id', '=', 'sandbox-trainer-dashboard').execute();
      for (const service of [a, b]) {
        const reply = await call(service.url, 'GET', '/edu/v1/student/comment', { token });
        expect(reply.status).toBe(403);
        expect(codeOf(reply)).toBe('missing_scope');
      }
      await db.q
        .insertInto('app_scopes')
        .values({ client_id: 'sandbox-trainer-dashboard', scope: 'training' })
        .execute();
      expect((await call(b.url, 'GET', '/edu/v1/student/comment', { token })).status).toBe(200);
    } finally {
      await db.close();
    }
  });

  it('replaces a plugin’s API sets safely when two administrators race', async () => {
    const sets = [['record-data'], ['badges', 'other-skills'], ['additional-info'], ['record-data', 'badges']];
    for (let round = 0; round < 4; round++) {
      const race = await Promise.all(
        sets.map((permissions, i) =>
          call<{ permissions: string[] }>(
            (i % 2 ? a : b).url,
            'PUT',
            `/admin/v1/plugins/${PLUGIN.clientId}/permissions`,
            {
              headers: admin,
              body: { permissions },
            },
          ),
        ),
      );
      expect(race.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const final = await call<{ permissions: string[] }>(a.url, 'GET', `/admin/v1/plugins/${PLUGIN.clientId}`, {
        headers: admin,
      });
      // Exactly one administrator's set, never a mix of two.
      expect(sets.map((s) => [...s].sort().join(','))).toContain([...final.body.permissions].sort().join(','));
    }
  });

  it('keeps every one of 48 concurrent comments through both instances, each once', async () => {
    const token = world.trainer.token;
    const tag = `concurrent-${Date.now()}`;
    const replies = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        call<{ commentId: string }>((i % 2 ? a : b).url, 'POST', '/edu/v1/student/comment', {
          token,
          body: { studentId: world.student.studentId, classId: world.klass.classId, text: `${tag} #${i}` },
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(48).fill(201));
    for (const service of [a, b]) {
      const list = await call<{ commentId: string; text: string }[]>(
        service.url,
        'GET',
        `/edu/v1/student/comment?studentId=${world.student.studentId}`,
        { token },
      );
      const ours = list.body.filter((c) => c.text.startsWith(tag));
      expect(ours.map((c) => c.text).sort()).toEqual(Array.from({ length: 48 }, (_, i) => `${tag} #${i}`).sort());
      expect(new Set(ours.map((c) => c.commentId)).size).toBe(48);
    }
  });
});

describe('OAuth sign-in through two instances', () => {
  const app = 'sandbox-trainer-dashboard';
  const profile = (service: ChildService, token: string) => call(service.url, 'GET', '/user/v1/my/profile', { token });
  /** The sign-in page from one instance, its form posted to the other (a balancer sends each request anywhere). */
  async function codeThrough(pageFrom: ChildService, formTo: ChildService) {
    const { verifier, challenge } = pkce();
    const params = {
      client_id: app,
      redirect_uri: DASHBOARD_CALLBACK,
      response_type: 'code',
      state: 'two-instances',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const page = await openSignin(pageFrom.url, params);
    expect(page.status).toBe(200);
    const done = await submitSignin(
      formTo.url,
      { ...params, csrf_token: page.csrfToken, user_id: world.trainer.userId },
      { cookie: page.cookie },
    );
    expect(done.status).toBe(303);
    return { code: redirectParams(done.location).get('code') as string, verifier };
  }
  const exchange = (service: ChildService, code: string, verifier: string) =>
    tokenRequest(service.url, {
      grant_type: 'authorization_code',
      code,
      client_id: app,
      redirect_uri: DASHBOARD_CALLBACK,
      code_verifier: verifier,
    });

  it('take a form made by the other, trade a code once, and end its sessions on both when it is replayed', async () => {
    const { code, verifier } = await codeThrough(a, b);
    const first = await exchange(a, code, verifier);
    expect(first.status).toBe(200);
    expect((await profile(b, first.body.access_token)).status).toBe(200);
    const replay = await exchange(b, code, verifier);
    expect(replay.status).toBe(400);
    expect(codeOf(replay)).toBe('invalid_grant');
    for (const service of [a, b]) expect((await profile(service, first.body.access_token)).status).toBe(401);
  });

  it('trade one code exactly once when both instances get it at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const { code, verifier } = await codeThrough(b, a);
      const race = await Promise.all([a, b, a, b].map((service) => exchange(service, code, verifier)));
      expect(race.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    }
  });

  it('end a whole family on both when a spent refresh token comes back through the other', async () => {
    const { code, verifier } = await codeThrough(b, b);
    const start = (await exchange(b, code, verifier)).body;
    const refresh = (service: ChildService, refresh_token: string) =>
      tokenRequest(service.url, { grant_type: 'refresh_token', refresh_token, client_id: app });
    const second = await refresh(a, start.refresh_token);
    expect(second.status).toBe(200);
    const third = await refresh(b, second.body.refresh_token);
    expect(third.status).toBe(200);
    const reused = await refresh(a, start.refresh_token);
    expect(reused.status).toBe(400);
    expect(codeOf(reused)).toBe('invalid_grant');
    for (const service of [a, b]) expect((await profile(service, third.body.access_token)).status).toBe(401);
    expect((await refresh(b, third.body.refresh_token)).status).toBe(400);
  });

  it('count wrong passwords together: of 30 sent six at a time through both, at most about 10 are checked', async () => {
    const params = {
      client_id: app,
      redirect_uri: DASHBOARD_CALLBACK,
      response_type: 'code',
      state: 'two-instances-guessing',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    };
    const page = await openSignin(a.url, params);
    const statuses: number[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const pages = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          submitSignin(
            (i % 2 === 0 ? a : b).url,
            { ...params, csrf_token: page.csrfToken, action: 'password', handle: '@dokafor', password: `guess-${i}` },
            { cookie: page.cookie },
          ),
        ),
      );
      statuses.push(...pages.map((answer) => answer.status));
    }
    const checked = statuses.filter((status) => status === 401).length;
    // Three processes counting apart would check five each, and more once their waits pass.
    expect(checked, statuses.join(' ')).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
  });
});

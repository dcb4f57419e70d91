/**
 * The mission planner end to end over real HTTP: the service, the real
 * sample plugin (plugin/), and small misbehaving plugins on local ports.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBasic } from '../../../contract/basic-auth.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import {
  type CandidatePosition,
  candidatesResponseSchema,
  plannerCandidatesResponseSchema,
  plannerCapabilitiesResponseSchema,
  plannerNamesSchema,
  plannerPluginListSchema,
} from '../../../contract/mission-planner.ts';
import {
  adminOrgListSchema,
  adminPluginSchema,
  badgeListSchema,
  learningRecordListSchema,
} from '../../../contract/plugin.ts';
import { sandboxUserListSchema } from '../../../contract/sandbox.ts';
import { createPluginApp } from '../../../plugin/app.ts';
import { verifyBasic } from '../../../plugin/basic-auth.ts';
import { readPluginConfig } from '../../../plugin/config.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';
import { signInWithCode } from '../../../testkit/oauth.ts';
import { ADMIN_TOKEN, admin, asPlugin, demoPlugins, registerPlugin } from '../../../testkit/plugin-kit.ts';

const TIMEOUT_MS = 1500;

interface Listener {
  readonly url: string;
  close(): Promise<void>;
}

async function listen(app: Hono): Promise<Listener> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let service: TestService;
const listeners: Listener[] = [];
let sample: Listener;
let trainerToken: string;
let coach: { clientId: string; clientSecret: string; orgIds: string[] };
let position: { afsc: string; title: string };

const search = (path: string, body: unknown, token = trainerToken) =>
  call(service.url, 'POST', `/mission-planner/v1/${path}`, { token, body });

async function setAddresses(clientId: string, base: string | null) {
  const reply = await admin(service.url, 'PUT', `/admin/v1/plugins/${clientId}/mission-planner`, {
    capabilitiesUrl: base === null ? null : `${base}/capabilities`,
    candidatesUrl: base === null ? null : `${base}/candidates`,
  });
  if (reply.status !== 200) throw new Error(`setting addresses failed: ${JSON.stringify(reply.body)}`);
}

/** A plugin registered on the service whose two addresses point at `app`. */
async function misbehaving(name: string, app: Hono, orgIds: readonly string[] = coach.orgIds) {
  const plugin = await registerPlugin(service.url, name, ['mission-planner', 'record-data'], orgIds);
  const listener = await listen(app);
  listeners.push(listener);
  await setAddresses(plugin.clientId, listener.url);
  return plugin;
}

beforeAll(async () => {
  service = await startService({ env: { ADMIN_TOKEN, PLUGIN_TIMEOUT_MS: String(TIMEOUT_MS) } });
  const found = (await demoPlugins(service.url)).find((p) => p.clientId === 'sandbox-plugin-coach');
  if (!found) throw new Error('the sandbox has no sandbox-plugin-coach');
  coach = found;
  sample = await listen(
    createPluginApp(
      readPluginConfig({
        PLATFORM_URL: service.url,
        PLUGIN_CLIENT_ID: coach.clientId,
        PLUGIN_CLIENT_SECRET: coach.clientSecret,
      }),
    ),
  );
  listeners.push(sample);
  await setAddresses(coach.clientId, sample.url);

  const users = sandboxUserListSchema.parse((await call(service.url, 'GET', '/sandbox/v1/users')).body);
  const trainer = users.find((u) => u.roles.includes('trainer'));
  if (!trainer) throw new Error('the sandbox has no trainer');
  trainerToken = await signIn(service.url, trainer.userId);

  // A position for the specialty of someone the coach plugin can see, so a search has people to find.
  const records = learningRecordListSchema.parse(
    (await asPlugin(service.url, coach).get('/plugin/v2/ai/record-data')).body,
  );
  const enlisted = records.find((r) => /^\d[A-Z]\d[0-9X]\d$/.test(r.afsc));
  if (!enlisted) throw new Error('no enlisted student among the coach plugin’s orgs');
  position = { afsc: `${enlisted.afsc.slice(0, 3)}X${enlisted.afsc.slice(4)}`, title: 'Shift lead' };
});

afterAll(async () => {
  await Promise.all(listeners.map((l) => l.close()));
  await service.close();
});

const capabilitiesBody = (extra: Record<string, unknown> = {}) => ({
  positions: [
    { title: position.title, knowledgeLevel: 'journeyman', afsc: position.afsc, count: 2, exactMatch: false },
  ],
  ...extra,
});

describe('mission planner: plugins offered', () => {
  it('offers only plugins with the mission-planner set, registered for the service’s environment', async () => {
    // Both demo plugins below get both addresses, so only the filter under test can keep each out.
    await setAddresses('sandbox-plugin-limited', sample.url);
    await setAddresses('prod-plugin-coach', sample.url);
    const limited = adminPluginSchema.parse(
      (await admin(service.url, 'GET', '/admin/v1/plugins/sandbox-plugin-limited')).body,
    );
    expect(limited).toMatchObject({ environment: 'sandbox', candidatesUrl: `${sample.url}/candidates` });
    expect(limited.permissions).not.toContain('mission-planner');
    const production = adminPluginSchema.parse(
      (await admin(service.url, 'GET', '/admin/v1/plugins/prod-plugin-coach')).body,
    );
    expect(production).toMatchObject({ environment: 'production', candidatesUrl: `${sample.url}/candidates` });
    expect(production.permissions).toContain('mission-planner');

    const reply = await call(service.url, 'GET', '/mission-planner/v1/plugins', { token: trainerToken });
    expect(reply.status).toBe(200);
    const ids = plannerPluginListSchema.parse(reply.body).map((p) => p.pluginId);
    expect(ids).toContain('sandbox-plugin-coach');
    expect(ids).not.toContain('sandbox-plugin-limited');
    expect(ids).not.toContain('prod-plugin-coach');
    for (const pluginId of ['sandbox-plugin-limited', 'prod-plugin-coach']) {
      const named = await search('capabilities', capabilitiesBody({ pluginIds: [pluginId] }));
      expect(named.status).toBe(404);
    }
  });

  it('does not offer a plugin with only one of its two addresses', async () => {
    const half = await registerPlugin(service.url, 'Half configured', ['mission-planner'], coach.orgIds);
    const offered = async () =>
      plannerPluginListSchema
        .parse((await call(service.url, 'GET', '/mission-planner/v1/plugins', { token: trainerToken })).body)
        .map((p) => p.pluginId);
    for (const addresses of [
      { capabilitiesUrl: `${sample.url}/capabilities`, candidatesUrl: null },
      { capabilitiesUrl: null, candidatesUrl: `${sample.url}/candidates` },
    ]) {
      const set = await admin(service.url, 'PUT', `/admin/v1/plugins/${half.clientId}/mission-planner`, addresses);
      expect(set.status).toBe(200);
      expect(await offered()).not.toContain(half.clientId);
      const named = await search('capabilities', capabilitiesBody({ pluginIds: [half.clientId] }));
      expect(named.status, JSON.stringify(addresses)).toBe(404);
    }
    // With both, the same plugin is offered.
    await setAddresses(half.clientId, sample.url);
    expect(await offered()).toContain(half.clientId);
  });

  it('does not offer or call a plugin whose addresses are not configured', async () => {
    const bare = await registerPlugin(service.url, 'No addresses', ['mission-planner', 'record-data'], coach.orgIds);
    const list = plannerPluginListSchema.parse(
      (await call(service.url, 'GET', '/mission-planner/v1/plugins', { token: trainerToken })).body,
    );
    expect(list.map((p) => p.pluginId)).not.toContain(bare.clientId);
    const reply = await search('capabilities', capabilitiesBody({ pluginIds: [bare.clientId] }));
    expect(reply.status).toBe(404);
    expect(errorBodySchema.parse(reply.body).error.issues?.[0]?.path).toBe('body.pluginIds');
  });

  it('is for trainers signed in to an app with the training scope', async () => {
    const users = sandboxUserListSchema.parse((await call(service.url, 'GET', '/sandbox/v1/users')).body);
    const student = users.find((u) => !u.roles.includes('trainer') && u.enrollments.length > 0);
    if (!student) throw new Error('no student');
    const trainer = users.find((u) => u.roles.includes('trainer'));
    if (!trainer) throw new Error('no trainer');
    // A student, even through the training dashboard's app: the answers name people.
    const studentToken = await signIn(service.url, student.userId, 'sandbox-trainer-dashboard');
    const refused = await call(service.url, 'GET', '/mission-planner/v1/plugins', { token: studentToken });
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('forbidden');
    // A trainer through an app without the training scope.
    const trainerOnPlainApp = await signIn(service.url, trainer.userId, 'sandbox-no-training');
    const noScope = await call(service.url, 'GET', '/mission-planner/v1/plugins', { token: trainerOnPlainApp });
    expect(noScope.status).toBe(403);
    expect(errorBodySchema.parse(noScope.body).error.code).toBe('missing_scope');
    const trainerToken = await signIn(service.url, trainer.userId, 'sandbox-trainer-dashboard');
    expect((await call(service.url, 'GET', '/mission-planner/v1/plugins', { token: trainerToken })).status).toBe(200);
    const signedOut = await call(service.url, 'GET', '/mission-planner/v1/plugins');
    expect(signedOut.status).toBe(401);
    const created = await call<{ session: { token: string } }>(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body: {
        handle: '@anon-planner',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-planner-1',
        anonymous: true,
      },
    });
    expect(created.status).toBe(201);
    const anonymous = await call(service.url, 'GET', '/mission-planner/v1/plugins', {
      token: created.body.session.token,
    });
    expect(anonymous.status).toBe(403);
    expect(errorBodySchema.parse(anonymous.body).error.code).toBe('anonymous_not_allowed');
    expect(anonymous.headers.get('errorcode')).toBe('4035');
  });
});

describe('mission planner: a full search through the sample plugin', () => {
  it('gets competencies, then ready and recommended candidates with training gaps and actions', async () => {
    const capsReply = await search('capabilities', capabilitiesBody({ pluginIds: ['sandbox-plugin-coach'] }));
    expect(capsReply.status).toBe(200);
    const caps = plannerCapabilitiesResponseSchema.parse(capsReply.body).results[0];
    if (caps?.status !== 'ok') throw new Error(`capabilities failed: ${JSON.stringify(caps)}`);
    const competencies = caps.capabilities.positions[0]?.competencies ?? [];
    expect(competencies.length).toBeGreaterThan(0);
    expect(caps.capabilities.additionalCompetencies.length).toBeGreaterThan(0);

    const candidatePosition: CandidatePosition = {
      title: position.title,
      count: 2,
      competencies: competencies.map((c) => ({
        competencyId: c.competencyId,
        title: c.title,
        minimumRequirement: 'basic',
        preferredRequirement: c.preferredCompetencyLevel,
      })),
    };
    const reply = await search('candidates', { pluginIds: ['sandbox-plugin-coach'], positions: [candidatePosition] });
    expect(reply.status).toBe(200);
    const result = plannerCandidatesResponseSchema.parse(reply.body).results[0];
    if (result?.status !== 'ok') throw new Error(`candidates failed: ${JSON.stringify(result)}`);
    const answer = result.candidates.positions[0];
    if (!answer) throw new Error('no position in the answer');
    expect(answer.readyCandidates.length).toBeGreaterThan(0);

    // Everyone named is someone the plugin may see, and the service says who they are.
    const records = learningRecordListSchema.parse(
      (await asPlugin(service.url, coach).get('/plugin/v2/ai/record-data')).body,
    );
    const visible = new Set(records.map((r) => r.userId));
    const everyone = [...answer.readyCandidates, ...answer.recommendedCandidates];
    for (const candidate of everyone) {
      expect(visible.has(candidate.candidateId)).toBe(true);
      expect(result.people.map((p) => p.userId)).toContain(candidate.candidateId);
    }
    const asked = new Set(candidatePosition.competencies.map((c) => c.competencyId));
    for (const candidate of everyone) {
      for (const gap of candidate.trainingGap) expect(asked.has(gap.competencyId)).toBe(true);
    }
    // A ready candidate is at or above every minimum (basic): no gap of theirs reports "no evidence".
    for (const candidate of answer.readyCandidates) {
      for (const gap of candidate.trainingGap) expect(gap.currentLevel).not.toBeNull();
    }
    // Recommended candidates can be trained: each gap below the minimum (basic: no evidence) has an action.
    for (const candidate of answer.recommendedCandidates) {
      const below = candidate.trainingGap.filter((g) => g.currentLevel === null);
      expect(below.length).toBeGreaterThan(0);
      for (const gap of below) expect(gap.recommendedAction.length).toBeGreaterThan(0);
    }
    expect(result.warnings).toEqual([]);

    // Deterministic: the same search gives the same answer.
    const again = await search('candidates', { pluginIds: ['sandbox-plugin-coach'], positions: [candidatePosition] });
    expect(again.body).toEqual(reply.body);
  });

  it('the sample plugin refuses the service when the registered secret is not its own', async () => {
    const registered = await registerPlugin(
      service.url,
      'Wrong secret',
      ['mission-planner', 'record-data'],
      coach.orgIds,
    );
    // The plugin program was configured with another secret than the one the administrator issued.
    const misconfigured = await listen(
      createPluginApp(
        readPluginConfig({
          PLATFORM_URL: service.url,
          PLUGIN_CLIENT_ID: registered.clientId,
          PLUGIN_CLIENT_SECRET: 'a-secret-the-platform-never-issued',
        }),
      ),
    );
    listeners.push(misconfigured);
    await setAddresses(registered.clientId, misconfigured.url);
    const reply = await search('capabilities', capabilitiesBody({ pluginIds: [registered.clientId] }));
    expect(reply.status).toBe(200);
    const result = plannerCapabilitiesResponseSchema.parse(reply.body).results[0];
    expect(result?.status).toBe('failed');
    if (result?.status === 'failed') expect(result.failure.code).toBe('rejected_credentials');
  });
});

describe('mission planner: plugins that fail are reported, never hang the caller', () => {
  it('times out a slow plugin while the others still answer', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowApp = new Hono();
    slowApp.post('*', async (c) => {
      await Promise.race([held, new Promise((r) => setTimeout(r, 10_000))]);
      return c.json({ positions: [], additionalCompetencies: [] });
    });
    const slow = await misbehaving('Slow plugin', slowApp);
    try {
      const started = Date.now();
      const reply = await search(
        'capabilities',
        capabilitiesBody({ pluginIds: [slow.clientId, 'sandbox-plugin-coach'] }),
      );
      const elapsed = Date.now() - started;
      expect(reply.status).toBe(200);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
      const results = plannerCapabilitiesResponseSchema.parse(reply.body).results;
      const slowResult = results.find((r) => r.pluginId === slow.clientId);
      expect(slowResult?.status).toBe('failed');
      if (slowResult?.status === 'failed') expect(slowResult.failure.code).toBe('timeout');
      expect(results.find((r) => r.pluginId === 'sandbox-plugin-coach')?.status).toBe('ok');
    } finally {
      release();
    }
  });

  it('refuses an answer only when it is not the object with the lists of the interface, saying where', async () => {
    const answers: [unknown, string][] = [
      [[], 'response'],
      [{ positions: {}, additionalCompetencies: [] }, 'response.positions'],
      [{ positions: [] }, 'response.additionalCompetencies'],
    ];
    for (const [answer, path] of answers) {
      const app = new Hono();
      app.post('/capabilities', (c) => c.json(answer as object));
      const plugin = await misbehaving(`Not the shape ${path}`, app);
      const result = plannerCapabilitiesResponseSchema.parse(
        (await search('capabilities', capabilitiesBody({ pluginIds: [plugin.clientId] }))).body,
      ).results[0];
      if (result?.status !== 'failed') throw new Error(`expected a failure for ${JSON.stringify(answer)}`);
      expect(result.failure.code).toBe('invalid_response');
      expect(result.failure.issues?.map((i) => i.path)).toEqual([path]);
    }
  });

  it('reports an answer that is not JSON, a server error and an address nobody listens on', async () => {
    const textApp = new Hono();
    textApp.post('/capabilities', (c) => c.text('<html>oops</html>'));
    textApp.post('/candidates', (c) => c.json({ error: 'boom' }, 500));
    const text = await misbehaving('Not JSON', textApp);
    const gone = await registerPlugin(service.url, 'Gone', ['mission-planner'], coach.orgIds);
    const closed = await listen(new Hono());
    await closed.close();
    await setAddresses(gone.clientId, closed.url);

    const results = plannerCapabilitiesResponseSchema.parse(
      (await search('capabilities', capabilitiesBody({ pluginIds: [text.clientId, gone.clientId] }))).body,
    ).results;
    const codes = Object.fromEntries(results.map((r) => [r.pluginId, r.status === 'failed' ? r.failure.code : 'ok']));
    expect(codes).toEqual({ [text.clientId]: 'invalid_response', [gone.clientId]: 'unreachable' });
    const candidates = plannerCandidatesResponseSchema.parse(
      (
        await search('candidates', {
          pluginIds: [text.clientId],
          positions: [
            {
              title: 'x',
              count: 1,
              competencies: [
                { competencyId: 'a', title: 'A', minimumRequirement: 'basic', preferredRequirement: 'basic' },
              ],
            },
          ],
        })
      ).body,
    ).results[0];
    expect(candidates?.status === 'failed' && candidates.failure.code).toBe('http_error');
  });

  it('removes candidates a plugin names outside the orgs it may access, and says so', async () => {
    const records = learningRecordListSchema.parse(
      (await asPlugin(service.url, coach).get('/plugin/v2/ai/record-data')).body,
    );
    const own = records[0]?.userId;
    if (!own) throw new Error('no record');
    // Someone of an org the coach plugin may not read, seen through a plugin granted only the other orgs.
    const orgs = adminOrgListSchema.parse((await admin(service.url, 'GET', '/admin/v1/orgs')).body).map((o) => o.orgId);
    const elsewhere = await registerPlugin(
      service.url,
      'Elsewhere',
      ['record-data'],
      orgs.filter((o) => !coach.orgIds.includes(o)),
    );
    const outsiders = learningRecordListSchema.parse(
      (await asPlugin(service.url, elsewhere).get('/plugin/v2/ai/record-data')).body,
    );
    const foreign = outsiders[0]?.userId;
    if (!foreign) throw new Error('nobody studies outside the coach plugin’s orgs');
    const rogueApp = new Hono();
    rogueApp.post('/candidates', (c) =>
      c.json(
        candidatesResponseSchema.parse({
          positions: [
            {
              title: 'x',
              readyCandidates: [
                { candidateId: foreign, trainingGap: [] },
                { candidateId: own, trainingGap: [] },
              ],
              recommendedCandidates: [],
            },
          ],
        }),
      ),
    );
    const rogue = await misbehaving('Rogue', rogueApp);
    const result = plannerCandidatesResponseSchema.parse(
      (
        await search('candidates', {
          pluginIds: [rogue.clientId],
          positions: [
            {
              title: 'x',
              count: 1,
              competencies: [
                { competencyId: 'a', title: 'A', minimumRequirement: 'basic', preferredRequirement: 'basic' },
              ],
            },
          ],
        })
      ).body,
    ).results[0];
    if (result?.status !== 'ok') throw new Error('expected an answer');
    expect(result.candidates.positions[0]?.readyCandidates.map((c) => c.candidateId)).toEqual([own]);
    expect(JSON.stringify(result)).not.toContain(foreign);
    expect(result.warnings.map((w) => w.path)).toEqual(['response.positions.0.readyCandidates.0.candidateId']);
    expect(result.warnings[0]?.message).toMatch(/not a user of the orgs this plugin may access/);
  });
});

/** A user of the coach plugin's orgs, and one of an org it may not read. */
async function ownAndForeignUsers(): Promise<{ own: string; foreign: string }> {
  const records = learningRecordListSchema.parse(
    (await asPlugin(service.url, coach).get('/plugin/v2/ai/record-data')).body,
  );
  const own = records[0]?.userId;
  const orgs = adminOrgListSchema.parse((await admin(service.url, 'GET', '/admin/v1/orgs')).body).map((o) => o.orgId);
  const elsewhere = await registerPlugin(
    service.url,
    `Elsewhere ${Math.random()}`,
    ['record-data'],
    orgs.filter((o) => !coach.orgIds.includes(o)),
  );
  const outsiders = learningRecordListSchema.parse(
    (await asPlugin(service.url, elsewhere).get('/plugin/v2/ai/record-data')).body,
  );
  const foreign = outsiders[0]?.userId;
  if (!own || !foreign) throw new Error('the sandbox needs students inside and outside the coach plugin’s orgs');
  return { own, foreign };
}

describe('mission planner: what a plugin receives', () => {
  it('is a POST of the interface’s request, with the plugin’s own Basic credentials, as the plugin reads them', async () => {
    const received: { method: string; path: string; authorization?: string; contentType?: string; body: unknown }[] =
      [];
    const recorder = new Hono();
    recorder.all('*', async (c) => {
      received.push({
        method: c.req.method,
        path: c.req.path,
        authorization: c.req.header('authorization'),
        contentType: c.req.header('content-type'),
        body: JSON.parse(await c.req.text()),
      });
      return c.req.path === '/capabilities'
        ? c.json({ positions: [], additionalCompetencies: [] })
        : c.json({ positions: [] });
    });
    const plugin = await misbehaving('Recorder', recorder);
    const capabilities = capabilitiesBody({ pluginIds: [plugin.clientId] });
    expect((await search('capabilities', capabilities)).status).toBe(200);
    // What a plugin suggested comes back as it was: any string, spaces and all.
    const candidatePositions = [
      {
        title: 'Lead',
        count: 2,
        competencies: [
          { competencyId: ' spaced id ', title: '', minimumRequirement: 'basic', preferredRequirement: 'advanced' },
        ],
      },
    ];
    const candidates = await search('candidates', { pluginIds: [plugin.clientId], positions: candidatePositions });
    expect(candidates.status).toBe(200);

    const [capabilitiesCall, candidatesCall] = received;
    expect(received).toHaveLength(2);
    const basic = `Basic ${Buffer.from(`${plugin.clientId}:${plugin.clientSecret}`, 'utf8').toString('base64')}`;
    expect(capabilitiesCall).toEqual({
      method: 'POST',
      path: '/capabilities',
      authorization: basic,
      contentType: 'application/json',
      body: { positions: capabilities.positions },
    });
    expect(candidatesCall).toEqual({
      method: 'POST',
      path: '/candidates',
      authorization: basic,
      contentType: 'application/json',
      body: { positions: candidatePositions },
    });
    // The check every plugin must make holds for what it was sent, and fails for another plugin's secret.
    expect(decodeBasic(capabilitiesCall?.authorization)).toEqual({
      clientId: plugin.clientId,
      clientSecret: plugin.clientSecret,
    });
    expect(verifyBasic(candidatesCall?.authorization, plugin.clientId, plugin.clientSecret)).toBe(true);
    expect(verifyBasic(candidatesCall?.authorization, plugin.clientId, coach.clientSecret)).toBe(false);
  });
});

describe('mission planner: answers read as leniently as the interface allows', () => {
  it('keeps every competency the interface allows and leaves out, one by one, those it does not', async () => {
    const competency = (i: number) => ({
      competencyId: `cmp-${i}`,
      title: `C ${i}`,
      preferredCompetencyLevel: 'basic',
    });
    const app = new Hono();
    app.post('/capabilities', (c) =>
      c.json({
        positions: [
          {
            title: 'Lead',
            notInTheInterface: true,
            competencies: [
              { competencyId: ' spaced id ', title: '', preferredCompetencyLevel: 'advanced', weight: 3 },
              { competencyId: 'cmp-bad-level', title: 'Bad level', preferredCompetencyLevel: 'master' },
              { competencyId: 'cmp-no-title', preferredCompetencyLevel: 'basic' },
              ...Array.from({ length: 55 }, (_, i) => competency(i)),
            ],
          },
          'not a position',
          { title: 'Third', competencies: [competency(99)] },
          { title: 'Not asked', competencies: [] },
        ],
        additionalCompetencies: [
          { competencyId: 'cmp-x', title: 'X' },
          { competencyId: 7, title: 'Seven' },
          { competencyId: 'cmp-long', title: 'x'.repeat(1001) },
        ],
      }),
    );
    const plugin = await misbehaving('Lenient capabilities', app);
    const asked = ['Lead', 'Second', 'Third'].map((title) => ({
      title,
      knowledgeLevel: 'journeyman',
      afsc: position.afsc,
      count: 1,
      exactMatch: false,
    }));
    const reply = await search('capabilities', { pluginIds: [plugin.clientId], positions: asked });
    expect(reply.status).toBe(200);
    const result = plannerCapabilitiesResponseSchema.parse(reply.body).results[0];
    if (result?.status !== 'ok') throw new Error(`expected an answer: ${JSON.stringify(result)}`);
    const [lead, second, third] = result.capabilities.positions;
    expect(result.capabilities.positions).toHaveLength(3);
    // Read up to 50 competencies: the 3 odd ones, then cmp-0 to cmp-46; two of the odd ones are left out.
    expect(lead?.competencies.map((c) => c.competencyId)).toEqual([
      ' spaced id ',
      ...Array.from({ length: 47 }, (_, i) => `cmp-${i}`),
    ]);
    expect(lead?.competencies[0]).toEqual({
      competencyId: ' spaced id ',
      title: '',
      preferredCompetencyLevel: 'advanced',
    });
    // An unreadable position keeps its place, empty, under the title asked.
    expect(second).toEqual({ title: 'Second', competencies: [] });
    expect(third?.competencies.map((c) => c.competencyId)).toEqual(['cmp-99']);
    expect(result.capabilities.additionalCompetencies).toEqual([{ competencyId: 'cmp-x', title: 'X' }]);
    expect(result.warnings.map((w) => w.path).sort()).toEqual(
      [
        'response.positions.3',
        'response.positions.0.competencies.1.preferredCompetencyLevel',
        'response.positions.0.competencies.2.title',
        'response.positions.0.competencies.50',
        'response.positions.1',
        'response.additionalCompetencies.1.competencyId',
        'response.additionalCompetencies.2.title',
      ].sort(),
    );
    const byPath = new Map(result.warnings.map((w) => [w.path, w.message]));
    expect(byPath.get('response.positions.0.competencies.1.preferredCompetencyLevel')).toMatch(
      /basic.*intermediate.*advanced.*expert.*response\.positions\.0\.competencies\.1 was left out/,
    );
    expect(byPath.get('response.positions.0.competencies.50')).toMatch(/58.*8 from here on.*at most 50/);
  });

  it('keeps each candidate it can read, drops only the part that is wrong, and says where', async () => {
    const { own, foreign } = await ownAndForeignUsers();
    const app = new Hono();
    app.post('/candidates', (c) =>
      c.json({
        positions: [
          {
            title: 'x',
            readyCandidates: [
              {
                candidateId: own,
                reason: 'r'.repeat(1001),
                trainingGap: [
                  {
                    competencyId: 'a',
                    currentLevel: 'master',
                    recommendedAction: [
                      { type: 'workshop', objectIds: ['w-1'] },
                      { type: 'course', objectIds: ['crs-cyber'] },
                    ],
                  },
                ],
              },
              { candidateId: 42, trainingGap: [] },
              { candidateId: foreign, trainingGap: [] },
            ],
            recommendedCandidates: [{ candidateId: own, trainingGap: 'none' }],
          },
        ],
      }),
    );
    const plugin = await misbehaving('Lenient candidates', app);
    const reply = await search('candidates', {
      pluginIds: [plugin.clientId],
      positions: [
        {
          title: 'x',
          count: 1,
          competencies: [{ competencyId: 'a', title: 'A', minimumRequirement: 'basic', preferredRequirement: 'basic' }],
        },
      ],
    });
    expect(reply.status).toBe(200);
    const result = plannerCandidatesResponseSchema.parse(reply.body).results[0];
    if (result?.status !== 'ok') throw new Error(`expected an answer: ${JSON.stringify(result)}`);
    expect(result.candidates.positions).toEqual([
      {
        title: 'x',
        readyCandidates: [
          {
            candidateId: own,
            trainingGap: [{ competencyId: 'a', recommendedAction: [{ type: 'course', objectIds: ['crs-cyber'] }] }],
          },
        ],
        recommendedCandidates: [],
      },
    ]);
    expect(result.people.map((p) => p.userId)).toEqual([own]);
    expect(JSON.stringify(result)).not.toContain(foreign);
    const ready = 'response.positions.0.readyCandidates';
    expect(result.warnings.map((w) => w.path).sort()).toEqual(
      [
        `${ready}.0.reason`,
        `${ready}.0.trainingGap.0.currentLevel`,
        `${ready}.0.trainingGap.0.recommendedAction.0.type`,
        `${ready}.1.candidateId`,
        `${ready}.2.candidateId`,
        'response.positions.0.recommendedCandidates.0.trainingGap',
      ].sort(),
    );
    const byPath = new Map(result.warnings.map((w) => [w.path, w.message]));
    expect(byPath.get(`${ready}.0.trainingGap.0.currentLevel`)).toMatch(/basic.*expert.*the field was left out/);
    expect(byPath.get(`${ready}.2.candidateId`)).toMatch(/not a user of the orgs this plugin may access/);
  });
});

describe('mission planner: bad input', () => {
  it('refuses a search the interface cannot carry, naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['capabilities', { positions: [] }, 'body.positions'],
      [
        'capabilities',
        capabilitiesBody({
          positions: [{ title: 'x', knowledgeLevel: 'master', afsc: '3D0X2', count: 1, exactMatch: true }],
        }),
        'body.positions.0.knowledgeLevel',
      ],
      [
        'capabilities',
        { positions: [{ title: 'x', knowledgeLevel: 'apprentice', afsc: '3D0X2', count: '2', exactMatch: true }] },
        'body.positions.0.count',
      ],
      [
        'capabilities',
        { positions: [{ title: 'x', knowledgeLevel: 'apprentice', afsc: '3D0X2', count: 1 }] },
        'body.positions.0.exactMatch',
      ],
      [
        'candidates',
        {
          positions: [
            {
              title: 'x',
              count: 1,
              competencies: [
                { competencyId: 'a', title: 'A', minimumRequirement: 'advanced', preferredRequirement: 'basic' },
              ],
            },
          ],
        },
        'body.positions.0.competencies.0.preferredRequirement',
      ],
      ['candidates', { positions: [{ title: 'x', count: 1, competencies: [] }] }, 'body.positions.0.competencies'],
      // CompetencyLevel is one of the interface's closed lists.
      [
        'candidates',
        {
          positions: [
            {
              title: 'x',
              count: 1,
              competencies: [
                { competencyId: 'a', title: 'A', minimumRequirement: 'master', preferredRequirement: 'expert' },
              ],
            },
          ],
        },
        'body.positions.0.competencies.0.minimumRequirement',
      ],
      [
        'candidates',
        {
          positions: [
            {
              title: 'x',
              count: 1,
              competencies: [
                { competencyId: 'a', title: 'A', minimumRequirement: 'basic', preferredRequirement: 'Expert' },
              ],
            },
          ],
        },
        'body.positions.0.competencies.0.preferredRequirement',
      ],
    ];
    for (const [path, body, issue] of cases) {
      const reply = await search(path, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorBodySchema.parse(reply.body).error.issues?.map((i) => i.path)).toContain(issue);
    }
    const malformed = await search('candidates', '{"positions": [');
    expect(malformed.status).toBe(400);
    expect(errorBodySchema.parse(malformed.body).error.code).toBe('malformed_json');
  });
});

describe('mission planner: a production service sends a plugin’s credentials over HTTPS only', () => {
  const production = 'prod-plugin-coach';
  const addresses = (base: string) => ({
    capabilitiesUrl: `${base}/capabilities`,
    candidatesUrl: `${base}/candidates`,
  });

  it('refuses an http:// address from the administrator, naming it, and takes https://', async () => {
    const prod = await startService({ db: service.db, env: { ADMIN_TOKEN, PLATFORM_ENV: 'production' } });
    try {
      const path = `/admin/v1/plugins/${production}/mission-planner`;
      const refused = await admin(prod.url, 'PUT', path, {
        capabilitiesUrl: 'http://plugin.example/capabilities',
        candidatesUrl: 'https://plugin.example/candidates',
      });
      expect(refused.status).toBe(400);
      const { error } = errorBodySchema.parse(refused.body);
      expect(error.code).toBe('invalid_input');
      expect(error.issues?.map((issue) => issue.path)).toEqual(['body.capabilitiesUrl']);
      // Nor at this machine, a private network or a link-local address (the cloud metadata service).
      for (const local of [
        'https://169.254.169.254/latest',
        'https://2852039166/latest',
        'https://127.0.0.1:8443',
        'https://[::1]:8443',
        'https://[::ffff:10.0.0.1]',
        'https://[fd00::1]',
        'https://10.1.2.3',
        'https://172.20.0.5',
        'https://192.168.1.10',
        'https://localhost',
        'https://plugin.localhost',
        'https://metadata.google.internal',
        'https://printer.local',
        'https://intranet-host',
      ]) {
        const local_ = await admin(prod.url, 'PUT', path, addresses(local));
        expect(local_.status, local).toBe(400);
        const issues = errorBodySchema.parse(local_.body).error.issues ?? [];
        expect(
          issues.map((issue) => issue.path),
          local,
        ).toEqual(['body.capabilitiesUrl', 'body.candidatesUrl']);
        expect(issues[0]?.message, local).toMatch(/private network or a link-local address/);
      }
      // A sandbox keeps loopback for plugin development.
      expect((await admin(service.url, 'PUT', path, addresses('http://127.0.0.1:9999'))).status).toBe(200);
      const accepted = await admin(prod.url, 'PUT', path, addresses('https://plugin.example'));
      expect(accepted.status).toBe(200);
      expect(adminPluginSchema.parse(accepted.body).capabilitiesUrl).toBe('https://plugin.example/capabilities');
    } finally {
      await prod.close();
    }
  });

  it('neither offers nor calls a plugin whose stored address is http://', async () => {
    const prod = await startService({ db: service.db, env: { ADMIN_TOKEN, PLATFORM_ENV: 'production' } });
    // A production app's users sign in with a password (the sandbox sign-in serves sandbox apps only).
    const { access_token: token } = await signInWithCode(prod.url, 'prod-trainer-dashboard', {
      handle: '@dokafor',
      password: 'dokafor-sandbox-2026',
    });
    const offered = async () =>
      plannerPluginListSchema
        .parse((await call(prod.url, 'GET', '/mission-planner/v1/plugins', { token })).body)
        .map((plugin) => plugin.pluginId);
    try {
      expect(
        (
          await admin(
            prod.url,
            'PUT',
            `/admin/v1/plugins/${production}/mission-planner`,
            addresses('https://plugin.example'),
          )
        ).status,
      ).toBe(200);
      expect(await offered()).toContain(production);
      // An address a sandbox service accepted on the shared database (the sample plugin's plain http://).
      expect(
        (await admin(service.url, 'PUT', `/admin/v1/plugins/${production}/mission-planner`, addresses(sample.url)))
          .status,
      ).toBe(200);
      expect(await offered()).not.toContain(production);
      // Nor one at https:// on this machine, which a sandbox accepts for plugin development.
      await admin(
        service.url,
        'PUT',
        `/admin/v1/plugins/${production}/mission-planner`,
        addresses('https://127.0.0.1:8443'),
      );
      expect(await offered()).not.toContain(production);
      let called = 0;
      const spy = new Hono().post('*', (c) => {
        called += 1;
        return c.json({ positions: [], additionalCompetencies: [] });
      });
      const listener = await listen(spy);
      listeners.push(listener);
      await admin(service.url, 'PUT', `/admin/v1/plugins/${production}/mission-planner`, addresses(listener.url));
      const named = await call(prod.url, 'POST', '/mission-planner/v1/capabilities', {
        token,
        body: capabilitiesBody({ pluginIds: [production] }),
      });
      expect(named.status).toBe(404);
      expect(called).toBe(0);
    } finally {
      await prod.close();
    }
  });
});

describe('mission planner: names for a plan reopened from its ids', () => {
  const names = (query: string, token = trainerToken) =>
    call(service.url, 'GET', `/mission-planner/v1/names?${query}`, { token });

  it('names the people, courses and objectives the plugin may read, and leaves out every other id', async () => {
    const { own, foreign } = await ownAndForeignUsers();
    // The coach plugin's catalogue, as it reads it: courses of its orgs' students, with their objectives.
    const catalogue = badgeListSchema.parse(
      (await asPlugin(service.url, coach).get('/plugin/v2/ai/badge/course')).body,
    );
    const course = catalogue.find((b) => b.courseId && b.criteria.objective.length > 0);
    const courseId = course?.courseId;
    const objective = course?.criteria.objective[0];
    if (!courseId || !objective) throw new Error('the coach plugin reads no course with objectives');
    const stored = await service.db.q
      .selectFrom('courses')
      .select(['name', 'org_id'])
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow();
    // A course of the catalogue that nobody of the plugin's orgs takes: the plugin cannot know it.
    await service.db.q
      .insertInto('courses')
      .values({ course_id: 'crs-nobody-takes', name: 'Course nobody takes', version: '1', org_id: stored.org_id })
      .execute();

    const reply = await names(
      `pluginId=${coach.clientId}&userIds=${own},${foreign},usr-nobody,${own}` +
        `&courseIds=${courseId},crs-nobody-takes,crs-unknown&objectiveIds=${objective.objectiveId},obj-unknown`,
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const answer = plannerNamesSchema.parse(reply.body);
    expect(answer.people.map((p) => p.userId)).toEqual([own]);
    expect(answer.people[0]?.displayName.length).toBeGreaterThan(0);
    expect(answer.courses).toEqual([{ courseId, name: stored.name }]);
    expect(answer.objectives).toEqual([{ objectiveId: objective.objectiveId, name: objective.objectiveName }]);
    expect(JSON.stringify(answer)).not.toContain(foreign);
  });

  it('names only people in an org or a class the caller trains, even among those the plugin reads', async () => {
    const dana = demoIds.users.trainer;
    const db = service.db.q;
    const trained = db
      .selectFrom('classes')
      .innerJoin('class_trainers', 'class_trainers.class_id', 'classes.class_id')
      .where('class_trainers.user_id', '=', dana);
    const orgsTrained = (await trained.select('classes.org_id').execute()).map((row) => row.org_id);
    const studentsTrained = db
      .selectFrom('students')
      .innerJoin('class_trainers', 'class_trainers.class_id', 'students.class_id')
      .select('students.user_id')
      .where('class_trainers.user_id', '=', dana);
    const pick = (inside: boolean) =>
      db
        .selectFrom('users')
        .select('user_id')
        .where('org_id', 'in', coach.orgIds)
        .where('anonymous', '=', 0)
        .$if(inside, (qb) => qb.where('org_id', 'in', orgsTrained))
        .$if(!inside, (qb) => qb.where('org_id', 'not in', orgsTrained).where('user_id', 'not in', studentsTrained))
        .orderBy('user_id')
        .executeTakeFirstOrThrow();
    const [inside, outside] = [(await pick(true)).user_id, (await pick(false)).user_id];
    const reply = await names(
      `pluginId=${coach.clientId}&userIds=${outside},${inside}`,
      await signIn(service.url, dana),
    );
    expect(reply.status).toBe(200);
    const answer = plannerNamesSchema.parse(reply.body);
    expect(answer.people.map((p) => p.userId)).toEqual([inside]);
    expect(JSON.stringify(answer)).not.toContain(outside);
  });

  it('names, marked as outside the caller’s classes, whom a search through the same plugin named to them', async () => {
    const dana = demoIds.users.trainer;
    const danaToken = await signIn(service.url, dana);
    const db = service.db.q;
    const orgsTrained = db
      .selectFrom('classes')
      .innerJoin('class_trainers', 'class_trainers.class_id', 'classes.class_id')
      .select('classes.org_id')
      .where('class_trainers.user_id', '=', dana);
    const studentsTrained = db
      .selectFrom('students')
      .innerJoin('class_trainers', 'class_trainers.class_id', 'students.class_id')
      .select('students.user_id')
      .where('class_trainers.user_id', '=', dana);
    const student = (
      await db
        .selectFrom('users')
        .select('user_id')
        .where('org_id', 'in', coach.orgIds)
        .where('user_id', 'in', studentsTrained)
        .orderBy('user_id')
        .executeTakeFirstOrThrow()
    ).user_id;
    const outside = (
      await db
        .selectFrom('users')
        .select('user_id')
        .where('org_id', 'in', coach.orgIds)
        .where('anonymous', '=', 0)
        .where('org_id', 'not in', orgsTrained)
        .where('user_id', 'not in', studentsTrained)
        .orderBy('user_id', 'desc')
        .executeTakeFirstOrThrow()
    ).user_id;
    const namer = new Hono();
    namer.post('/candidates', (c) =>
      c.json({
        positions: [
          {
            title: 'Shift lead',
            readyCandidates: [
              { candidateId: outside, trainingGap: [] },
              { candidateId: student, trainingGap: [] },
            ],
            recommendedCandidates: [],
          },
        ],
      }),
    );
    const plugin = await misbehaving(`Namer ${Math.random()}`, namer);
    const asked = (pluginId: string) => names(`pluginId=${pluginId}&userIds=${outside},${student}`, danaToken);
    // Before any search, the outsider is nobody the trainer may have named.
    expect(plannerNamesSchema.parse((await asked(plugin.clientId)).body).people.map((p) => p.userId)).toEqual([
      student,
    ]);

    const found = plannerCandidatesResponseSchema.parse(
      (
        await search(
          'candidates',
          {
            pluginIds: [plugin.clientId],
            positions: [
              {
                title: 'Shift lead',
                count: 1,
                competencies: [
                  { competencyId: 'c', title: 'C', minimumRequirement: 'basic', preferredRequirement: 'basic' },
                ],
              },
            ],
          },
          danaToken,
        )
      ).body,
    ).results[0];
    if (found?.status !== 'ok') throw new Error('the search failed');
    const flags = (people: readonly { userId: string; inYourClasses: boolean }[]) =>
      Object.fromEntries(people.map((p) => [p.userId, p.inYourClasses]));
    expect(flags(found.people)).toEqual({ [outside]: false, [student]: true });

    const reopened = plannerNamesSchema.parse((await asked(plugin.clientId)).body);
    expect(reopened.people.map((p) => p.userId)).toEqual([outside, student]);
    expect(flags(reopened.people)).toEqual({ [outside]: false, [student]: true });
    expect(reopened.people[0]?.displayName.length).toBeGreaterThan(0);
    // Named through that plugin only, and to that trainer only.
    expect(plannerNamesSchema.parse((await asked(coach.clientId)).body).people.map((p) => p.userId)).not.toContain(
      outside,
    );
    const users = sandboxUserListSchema.parse((await call(service.url, 'GET', '/sandbox/v1/users')).body);
    const another = users.find((u) => u.roles.includes('trainer') && u.userId !== dana);
    if (!another) throw new Error('the sandbox has one trainer only');
    const other = plannerNamesSchema.parse(
      (await names(`pluginId=${plugin.clientId}&userIds=${outside}`, await signIn(service.url, another.userId))).body,
    );
    expect(other.people.map((p) => p.userId)).not.toContain(outside);
  });

  it('is for trainers, and only through a plugin offered for mission planner search', async () => {
    const users = sandboxUserListSchema.parse((await call(service.url, 'GET', '/sandbox/v1/users')).body);
    const student = users.find((u) => !u.roles.includes('trainer') && u.enrollments.length > 0);
    if (!student) throw new Error('no student');
    const studentToken = await signIn(service.url, student.userId, 'sandbox-trainer-dashboard');
    const refused = await names(`pluginId=${coach.clientId}&userIds=${student.userId}`, studentToken);
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('forbidden');

    const unknown = await names('pluginId=no-such-plugin&userIds=usr-1');
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(unknown.body).error.issues?.map((i) => i.path)).toEqual(['query.pluginId']);
    const missing = await names('userIds=usr-1');
    expect(missing.status).toBe(400);
    expect(errorBodySchema.parse(missing.body).error.issues?.map((i) => i.path)).toContain('query.pluginId');
  });
});

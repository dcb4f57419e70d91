/**
 * PLATFORM_EXTENSIONS=off: the service offers what the platform offers. Every
 * endpoint the contract marks as an extension answers 404 as an address the
 * platform does not have (the error body and headers of any unknown route),
 * the paging parameters are unknown ones, and the interface's routes, the
 * health probes, administration and the API reference keep working. Both
 * services share one database, so the sign-in made through the one with
 * extensions is valid on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../../contract/basic-auth.ts';
import { commentListSchema, commentSchema } from '../../contract/comments.ts';
import { errorBodySchema } from '../../contract/common.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { noteListSchema, noteSchema } from '../../contract/notes.ts';
import { sandboxClientsSchema } from '../../contract/sandbox.ts';
import { createAnonymousResponseSchema } from '../../contract/users.ts';
import { loadWorld, type World } from '../../testkit/fixtures.ts';
import { call, type Reply, startService, type TestService } from '../../testkit/harness.ts';

const ADMIN_TOKEN = 'extensions-off-admin-token-0123456789';
let full: TestService;
let bare: TestService;
let world: World;
let pluginAuth: string;

beforeAll(async () => {
  full = await startService({ env: { ADMIN_TOKEN } });
  bare = await startService({ db: full.db, env: { ADMIN_TOKEN, PLATFORM_EXTENSIONS: 'off' } });
  world = await loadWorld(full.url);
  const clients = sandboxClientsSchema.parse((await call(full.url, 'GET', '/sandbox/v1/clients')).body);
  const plugin = clients.plugins.find((p) => p.permissions.includes('record-data'));
  if (!plugin) throw new Error('no demo plugin may read record data');
  pluginAuth = basicHeader(plugin.clientId, plugin.clientSecret);
});
afterAll(async () => {
  await bare.close();
  await full.close();
});

const all = Object.entries(endpoints) as [string, Endpoint][];
const extensions = all.filter(([, e]) => e.extension && !e.operational);
const pathOf = (e: Endpoint) => e.path.replace(/:(\w+)/g, 'x');

function credentialsFor(endpoint: Endpoint): Record<string, string> {
  switch (endpoint.auth) {
    case 'user':
    case 'training':
      return { Authorization: `Bearer ${world.trainer.token}` };
    case 'plugin':
      return { Authorization: pluginAuth };
    case 'admin':
      return { Authorization: `Bearer ${ADMIN_TOKEN}` };
    case 'client':
      return { clientId: 'sandbox-trainer-dashboard' };
    case 'none':
      return {};
  }
}

/** The answer to an address the service does not have: 404, the error body, the platform's 4042. */
function expectNoRoute(reply: Reply, endpoint: Endpoint) {
  expect(reply.status).toBe(404);
  const { error } = errorBodySchema.parse(reply.body);
  expect(error.code).toBe('not_found');
  expect(error.message).toBe(`No route for ${endpoint.method} ${pathOf(endpoint)}`);
  expect(reply.headers.get('errorcode')).toBe('4042');
  expect(reply.headers.get('errordescription')).toBe(error.message);
}

describe('with PLATFORM_EXTENSIONS=off', () => {
  it.each(extensions)(
    'answers the extension %s with 404, as an address the platform does not have',
    async (_name, endpoint) => {
      const request = { headers: credentialsFor(endpoint), ...(endpoint.body ? { body: {} } : {}) };
      expectNoRoute(await call(bare.url, endpoint.method, pathOf(endpoint), request), endpoint);
      // Not bound at all there; bound on the service with its extensions.
      expect(bare.routes.some((route) => route.endpoint === endpoint)).toBe(false);
      expect(full.routes.some((route) => route.endpoint === endpoint)).toBe(true);
    },
  );

  it('serves the interface: profile, comments, notes, the plugin side and anonymous sign-up', async () => {
    const token = world.trainer.token;
    expect((await call(bare.url, 'GET', '/user/v1/my/profile', { token })).status).toBe(200);
    expect((await call(bare.url, 'GET', '/user/v1/my/friends', { token })).status).toBe(200);
    const comment = await call(bare.url, 'POST', '/edu/v1/student/comment', {
      token,
      body: { studentId: world.student.studentId, classId: world.klass.classId, text: 'Without extensions.' },
    });
    expect(comment.status).toBe(201);
    const note = await call(bare.url, 'PUT', '/edu/v1/note', {
      token,
      body: { text: 'Without extensions.', studentId: world.student.studentId, lessonId: world.klass.lessonIds[0] },
    });
    expect(note.status).toBe(201);
    // The switch leaves out our endpoints, not the extension fields of the interface's answers (as the roster's).
    expect(commentSchema.parse(comment.body).createdAt).toEqual(expect.any(String));
    expect(noteSchema.parse(note.body).author?.userId).toBe(world.trainer.userId);
    const records = await call(bare.url, 'GET', '/plugin/v2/ai/record-data', {
      headers: { Authorization: pluginAuth },
    });
    expect(records.status).toBe(200);
    const anonymous = await call(bare.url, 'PUT', '/user/v1/my/profile', {
      headers: { clientId: 'sandbox-trainer-dashboard' },
      body: {
        handle: '@anon-bare',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-bare',
        anonymous: true,
      },
    });
    expect(anonymous.status).toBe(201);
    createAnonymousResponseSchema.parse(anonymous.body);
  });

  it('answers the long lists whole and refuses limit and cursor as unknown parameters', async () => {
    const token = world.trainer.token;
    const comments = await call(bare.url, 'GET', '/edu/v1/student/comment', { token });
    expect(comments.status).toBe(200);
    expect(comments.headers.get('link')).toBeNull();
    // Whole: every comment the trainer may read, as the service with extensions answers it unpaged.
    expect(commentListSchema.parse(comments.body)).toEqual(
      commentListSchema.parse((await call(full.url, 'GET', '/edu/v1/student/comment', { token })).body),
    );
    const notes = await call(bare.url, 'GET', '/edu/v1/note/list', { token });
    expect(noteListSchema.parse(notes.body).length).toBeGreaterThan(0);

    for (const [path, query, names] of [
      ['/edu/v1/student/comment', 'limit=2', ['query.limit']],
      ['/edu/v1/note/list', 'limit=2&cursor=abc', ['query.limit', 'query.cursor']],
    ] as const) {
      const reply = await call(bare.url, 'GET', `${path}?${query}`, { token });
      expect(reply.status, path).toBe(400);
      const { error } = errorBodySchema.parse(reply.body);
      expect(error.code).toBe('invalid_input');
      expect(error.issues).toEqual(names.map((name) => ({ path: name, message: 'is not a known field' })));
      expect(reply.headers.get('errorcode')).toBe('4003');
    }
    // With extensions the same request is a page.
    const page = await call(full.url, 'GET', '/edu/v1/student/comment?limit=2', { token });
    expect(page.status).toBe(200);
  });

  it('keeps the health probes, administration, the OAuth sign-in and the API reference', async () => {
    expect((await call(bare.url, 'GET', '/healthz')).status).toBe(200);
    const signin = await call(
      bare.url,
      'GET',
      `/oauth/signin?client_id=sandbox-trainer-dashboard&response_type=code&redirect_uri=${encodeURIComponent('http://localhost:8080/auth/callback')}&state=s&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
    );
    expect(signin.status).toBe(200);
    const apps = await call(bare.url, 'GET', '/admin/v1/apps', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(apps.status).toBe(200);
    expect((await call(bare.url, 'GET', '/readyz')).status).toBe(200);
    const plugins = await call(bare.url, 'GET', '/admin/v1/plugins', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(plugins.status).toBe(200);
    expect((await call(bare.url, 'GET', '/docs')).status).toBe(200);
  });

  it('publishes an OpenAPI document without the extensions and without paging', async () => {
    const doc = (await call(bare.url, 'GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(extensions.map(([name]) => name)).toEqual(
      expect.arrayContaining(['currentSession', 'studentRecord', 'audience', 'roster', 'picture', 'sandboxToken']),
    );
    const kept = all
      .filter(([, e]) => !e.extension || e.operational)
      .map(([, e]) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(operations.sort()).toEqual(kept.sort());
    const listParameters = doc.paths['/edu/v1/note/list']?.get?.parameters?.map((p) => p.name) ?? [];
    expect(listParameters).toContain('lessonId');
    expect(listParameters).not.toContain('limit');
    expect(listParameters).not.toContain('cursor');
    // The service with extensions documents them all.
    const fullDoc = (await call(full.url, 'GET', '/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(fullDoc.paths)).toContain('/auth/v1/session');
  });
});

describe('PLATFORM_EXTENSIONS', () => {
  it('is on by default: the extensions answer', async () => {
    expect(full.settings.PLATFORM_EXTENSIONS).toBe(true);
    const session = await call(full.url, 'GET', '/auth/v1/session', { token: world.trainer.token });
    expect(session.status).toBe(200);
  });
});

/**
 * The answer cache's rule (server/data/versions.ts), held over real HTTP: a
 * kept answer is current only if every write to the tables of an area it
 * reads bumps that area in the same transaction. Every write endpoint of the
 * service runs once against a fresh service while the database itself
 * records which tables each request changed (a trigger on every table, so no
 * way of writing escapes it, cascades included), and the data versions tell
 * which areas the request bumped. A table written without its area bumped
 * would let a kept answer outlive its data; an area bumped that no route
 * reads is a list out of step with the others.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithSecretSchema } from '../../contract/apps.ts';
import { commentSchema } from '../../contract/comments.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { type EndpointName, endpoints } from '../../contract/endpoints.ts';
import { noteSchema } from '../../contract/notes.ts';
import { passwordLinkSchema } from '../../contract/passwords.ts';
import { adminOrgListSchema, learningRecordListSchema, pluginWithSecretSchema } from '../../contract/plugin.ts';
import { pluginPermissions } from '../../contract/plugin-permissions.ts';
import { sessionSchema } from '../../contract/users.ts';
import { loadWorld, type World } from '../../testkit/fixtures.ts';
import { call, type Reply, startService, type TestService } from '../../testkit/harness.ts';
import {
  DASHBOARD_CALLBACK,
  openPasswordPage,
  openSignin,
  pkce,
  redirectParams,
  submitPasswordForm,
  submitSignin,
  type Tokens,
  tokenRequest,
} from '../../testkit/oauth.ts';
import { ADMIN_TOKEN, admin, asPlugin } from '../../testkit/plugin-kit.ts';
import type { Db } from '../data/database.ts';
import { type Area, areas, areaTables, bookkeepingTables, fullTextAreaOf, readVersions } from '../data/versions.ts';

type WriteName = { [N in EndpointName]: (typeof endpoints)[N]['method'] extends 'GET' ? never : N }[EndpointName];

/** What the writes arrange for the ones after them. */
interface Arranged {
  session?: { token: string; refreshToken: string };
  noteId?: string;
  commentId?: string;
  plugin?: { clientId: string; clientSecret: string };
  app?: string;
  code?: { code: string; verifier: string };
  tokens?: Tokens;
  linkPath?: string;
}

const CACHE_RULE_PASSWORD = 'velvet orbit tugboat marmalade';

let service: TestService;
let world: World;
let orgIds: string[];
const arranged: Arranged = {};

/** From now on the database records in `observed_writes` the name of every table a statement changes rows of. */
async function observeWrites(db: Db, tables: readonly string[]): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db.q);
  await run('CREATE TABLE observed_writes (name VARCHAR(64) PRIMARY KEY)');
  if (db.engine === 'postgres') {
    await run(`CREATE FUNCTION observe_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO observed_writes VALUES (TG_TABLE_NAME) ON CONFLICT DO NOTHING; RETURN NULL; END $$`);
    for (const table of tables) {
      await run(
        `CREATE TRIGGER observed_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION observe_write()`,
      );
    }
    return;
  }
  for (const table of tables) {
    for (const change of ['INSERT', 'UPDATE', 'DELETE']) {
      await run(
        `CREATE TRIGGER observed_${table}_${change} AFTER ${change} ON ${table} BEGIN INSERT OR IGNORE INTO observed_writes VALUES ('${table}'); END`,
      );
    }
  }
}

interface Observed {
  readonly reply: Reply;
  /** Tables the request changed (committed: a rolled-back write takes its record with it). */
  readonly written: readonly string[];
  readonly bumped: readonly Area[];
}

async function observe(request: () => Promise<Reply>): Promise<Observed> {
  const { q } = service.db;
  await sql`DELETE FROM observed_writes`.execute(q);
  const before = await readVersions(q);
  const reply = await request();
  const after = await readVersions(q);
  const { rows } = await sql<{ name: string }>`SELECT name FROM observed_writes`.execute(q);
  return {
    reply,
    written: rows.map((row) => row.name).sort(),
    bumped: areas.filter((area) => after[area] > before[area]),
  };
}

const trainer = () => world.trainer.token;
const needed = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`an earlier write did not arrange ${what}`);
  return value;
};
/** The answer of a write that later ones build on: it must have succeeded. */
function bodyOf<T>(reply: Reply, schema: { parse(value: unknown): T }): T {
  if (reply.status >= 300) throw new Error(`a write failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return schema.parse(reply.body);
}
const plugin = () => needed(arranged.plugin, 'the plugin');
const adminPath = (suffix: string) => `/admin/v1/plugins/${plugin().clientId}${suffix}`;

/** Someone the registered plugin may see. */
async function visiblePerson(): Promise<string> {
  const records = learningRecordListSchema.parse(
    (await asPlugin(service.url, plugin()).get('/plugin/v2/ai/record-data')).body,
  );
  return needed(records[0], 'a person the plugin may see').userId;
}

/**
 * One successful request per write endpoint, in an order where each finds
 * what it needs: the type names every endpoint that is not a GET, so a new
 * write endpoint does not compile until it is listed here.
 */
const writes: Record<WriteName, () => Promise<Reply>> = {
  async sandboxToken() {
    const reply = await call(service.url, 'POST', '/sandbox/v1/token', {
      body: { userId: world.trainer.userId, clientId: 'sandbox-trainer-dashboard' },
    });
    arranged.session = bodyOf(reply, sessionSchema);
    return reply;
  },
  async refreshToken() {
    const { refreshToken } = needed(arranged.session, 'a session');
    const reply = await call(service.url, 'POST', '/auth/v1/token/refresh', { body: { refreshToken } });
    arranged.session = bodyOf(reply, sessionSchema);
    return reply;
  },
  signOut: () => call(service.url, 'POST', '/auth/v1/sign-out', { token: needed(arranged.session, 'a session').token }),
  async oauthSigninSubmit() {
    const { verifier, challenge } = pkce();
    const params = {
      client_id: 'sandbox-trainer-dashboard',
      redirect_uri: DASHBOARD_CALLBACK,
      response_type: 'code',
      state: 'cache-rule',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const page = await openSignin(service.url, params);
    const done = await submitSignin(
      service.url,
      { ...params, csrf_token: page.csrfToken, user_id: world.trainer.userId },
      { cookie: page.cookie },
    );
    const code = done.location ? redirectParams(done.location).get('code') : null;
    if (code) arranged.code = { code, verifier };
    return { status: done.status, headers: done.headers, body: done.html };
  },
  async oauthToken() {
    const { code, verifier } = needed(arranged.code, 'a code');
    const reply = await tokenRequest(service.url, {
      grant_type: 'authorization_code',
      code,
      client_id: 'sandbox-trainer-dashboard',
      redirect_uri: DASHBOARD_CALLBACK,
      code_verifier: verifier,
    });
    arranged.tokens = bodyOf(reply, { parse: (value: unknown) => value as Tokens });
    return reply;
  },
  oauthLogout: () => {
    const tokens = needed(arranged.tokens, 'OAuth tokens');
    return call(service.url, 'POST', '/oauth/logout', {
      token: tokens.access_token,
      body: { refresh_token: tokens.refresh_token },
    });
  },
  createAnonymous: () =>
    call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body: {
        handle: '@anon-cache-rule',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-cache-rule',
        anonymous: true,
      },
    }),
  async createComment() {
    const reply = await call(service.url, 'POST', '/edu/v1/student/comment', {
      token: trainer(),
      body: { studentId: world.student.studentId, classId: world.klass.classId, text: 'Steady progress' },
    });
    arranged.commentId = bodyOf(reply, commentSchema).commentId;
    return reply;
  },
  correctComment: () =>
    call(service.url, 'POST', '/edu/v1/student/comment/correct', {
      token: trainer(),
      body: { commentId: needed(arranged.commentId, 'a comment'), text: 'Steady progress, radio calls clean' },
    }),
  withdrawComment: () =>
    call(service.url, 'POST', '/edu/v1/student/comment/withdraw', {
      token: trainer(),
      body: { commentId: needed(arranged.commentId, 'a comment') },
    }),
  async createNote() {
    const reply = await call(service.url, 'PUT', '/edu/v1/note', {
      token: trainer(),
      body: {
        text: 'Ready for the next module',
        studentId: world.student.studentId,
        lessonId: world.klass.lessonIds[0],
      },
    });
    arranged.noteId = bodyOf(reply, noteSchema).noteId;
    return reply;
  },
  putPinnedPhrases: () =>
    call(service.url, 'PUT', '/edu/v1/pinned-phrases', {
      token: trainer(),
      body: { phrases: ['Clear calls on the radio'] },
    }),
  correctNote: () =>
    call(service.url, 'POST', '/edu/v1/note/correct', {
      token: trainer(),
      body: { noteId: needed(arranged.noteId, 'a note'), text: 'Ready for the next module, and the one after' },
    }),
  removeNote: () =>
    call(service.url, 'POST', '/edu/v1/note/remove', {
      token: trainer(),
      body: { noteId: needed(arranged.noteId, 'a note') },
    }),
  async adminCreatePlugin() {
    const reply = await admin(service.url, 'POST', '/admin/v1/plugins', { name: 'Cache rule', environment: 'sandbox' });
    const { plugin: created, clientSecret } = bodyOf(reply, pluginWithSecretSchema);
    arranged.plugin = { clientId: created.clientId, clientSecret };
    return reply;
  },
  adminSetPermissions: () =>
    admin(service.url, 'PUT', adminPath('/permissions'), { permissions: [...pluginPermissions] }),
  adminSetOrgs: () => admin(service.url, 'PUT', adminPath('/orgs'), { orgIds }),
  // Port 1 refuses at once: the planner's calls below fail fast, as a plugin that is down.
  adminSetAddresses: () =>
    admin(service.url, 'PUT', adminPath('/mission-planner'), {
      capabilitiesUrl: 'http://127.0.0.1:1/capabilities',
      candidatesUrl: 'http://127.0.0.1:1/candidates',
    }),
  async adminRotateSecret() {
    const reply = await admin(service.url, 'POST', adminPath('/secret'));
    arranged.plugin = { ...plugin(), clientSecret: bodyOf(reply, pluginWithSecretSchema).clientSecret };
    return reply;
  },
  async adminCreateApp() {
    const reply = await admin(service.url, 'POST', '/admin/v1/apps', {
      name: 'Cache rule app',
      environment: 'sandbox',
      redirectUris: ['https://app.example/callback'],
      confidential: true,
    });
    arranged.app = bodyOf(reply, appWithSecretSchema).app.clientId;
    return reply;
  },
  adminSetRedirectUris: () =>
    admin(service.url, 'PUT', `/admin/v1/apps/${needed(arranged.app, 'an app')}/redirect-uris`, {
      redirectUris: ['https://app.example/callback', 'com.example.app:/callback'],
    }),
  adminRotateAppSecret: () => admin(service.url, 'POST', `/admin/v1/apps/${needed(arranged.app, 'an app')}/secret`),
  // Every kind of row an import writes: an org, two people and their friendship, a course with a lesson, a class with a trainer and a student.
  adminImport: () =>
    admin(service.url, 'POST', '/admin/v1/import', {
      orgs: [{ orgId: 'org-cache-rule', name: 'Cache rule wing' }],
      users: ['a', 'b'].map((n) => ({
        userId: `usr-cache-rule-${n}`,
        handle: `@cache.rule.${n}`,
        firstName: 'Cache',
        lastName: n,
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        orgId: 'org-cache-rule',
      })),
      courses: [
        {
          courseId: 'crs-cache-rule',
          name: 'Rules',
          version: '1',
          orgId: 'org-cache-rule',
          lessons: [{ lessonId: 'les-cache-rule', name: 'One' }],
        },
      ],
      classes: [
        {
          classId: 'cls-cache-rule',
          name: 'Rules 26-A',
          courseId: 'crs-cache-rule',
          trainers: ['usr-cache-rule-a'],
          students: [{ studentId: 'stu-cache-rule-b', userId: 'usr-cache-rule-b' }],
        },
      ],
      friendships: [{ userId: 'usr-cache-rule-a', friendId: 'usr-cache-rule-b' }],
    }),
  async adminInviteUser() {
    const reply = await admin(service.url, 'POST', '/admin/v1/users/usr-cache-rule-a/invitation');
    arranged.linkPath = bodyOf(reply, passwordLinkSchema).path;
    return reply;
  },
  async adminResetPassword() {
    const reply = await admin(service.url, 'POST', '/admin/v1/users/usr-cache-rule-a/password-reset');
    arranged.linkPath = bodyOf(reply, passwordLinkSchema).path;
    return reply;
  },
  async passwordSubmit() {
    const path = needed(arranged.linkPath, 'a password link');
    const page = await openPasswordPage(service.url, path);
    const token = new URL(path, service.url).searchParams.get('token') ?? '';
    const done = await submitPasswordForm(
      service.url,
      { token, csrf_token: page.csrfToken, password: CACHE_RULE_PASSWORD },
      { cookie: page.cookie },
    );
    return { status: done.status, headers: done.headers, body: done.html };
  },
  async changePassword() {
    const reply = await call(service.url, 'POST', '/sandbox/v1/token', {
      body: { userId: 'usr-cache-rule-a', clientId: 'sandbox-trainer-dashboard' },
    });
    return call(service.url, 'POST', '/auth/v1/password', {
      token: bodyOf(reply, sessionSchema).token,
      body: { currentPassword: CACHE_RULE_PASSWORD, newPassword: 'granite lantern obeys quietly' },
    });
  },
  createBadge: () =>
    asPlugin(service.url, plugin()).post('/plugin/v2/ai/badge', {
      name: 'Steady hands',
      type: 'achievement',
      image: 'https://images.example/steady.png',
      proficiency: 1,
    }),
  createBadgeAssertion: async () =>
    asPlugin(service.url, plugin()).post('/plugin/v2/ai/badge/assertion', {
      userId: await visiblePerson(),
      badgeId: 'credly-network-plus',
      name: 'Network+',
      type: 'certification',
      image: 'https://images.example/netplus.png',
      issuedOn: '2025-11-20',
      issuerName: 'CompTIA',
    }),
  additionalInfo: async () =>
    asPlugin(service.url, plugin()).post('/plugin/v2/ai/additional-info', {
      userId: await visiblePerson(),
      additionalInfo: [{ title: 'Availability', description: 'From March' }],
    }),
  plannerCapabilities: () =>
    call(service.url, 'POST', '/mission-planner/v1/capabilities', {
      token: trainer(),
      body: {
        pluginIds: [plugin().clientId],
        positions: [{ title: 'Shift lead', knowledgeLevel: 'journeyman', afsc: '3D0X2', count: 1, exactMatch: false }],
      },
    }),
  plannerCandidates: () =>
    call(service.url, 'POST', '/mission-planner/v1/candidates', {
      token: trainer(),
      body: {
        pluginIds: [plugin().clientId],
        positions: [
          {
            title: 'Shift lead',
            count: 1,
            competencies: [
              { competencyId: 'c-1', title: 'Routing', minimumRequirement: 'basic', preferredRequirement: 'basic' },
            ],
          },
        ],
      },
    }),
  saveMissionPlan: () =>
    call(service.url, 'PUT', '/mission-planner/v1/plan', {
      token: trainer(),
      body: {
        plan: {
          version: 1,
          pluginId: plugin().clientId,
          positions: [
            { title: 'Shift lead', knowledgeLevel: 'journeyman', afsc: '3D0X2', count: '1', exactMatch: false },
          ],
          asked: [],
          shortlist: [],
          slots: [],
        },
      },
    }),
};

const observed = new Map<string, Observed>();

beforeAll(async () => {
  service = await startService({ env: { ADMIN_TOKEN } });
  world = await loadWorld(service.url);
  orgIds = adminOrgListSchema.parse((await admin(service.url, 'GET', '/admin/v1/orgs')).body).map((o) => o.orgId);
  const tables = (await service.db.q.introspection.getTables()).map((table) => table.name);
  await observeWrites(
    service.db,
    // The full-text index is written by its table's triggers only: a write to it is a write to that table.
    tables.filter(
      (table) => !(bookkeepingTables as readonly string[]).includes(table) && fullTextAreaOf(table) === undefined,
    ),
  );
  for (const [name, write] of Object.entries(writes)) observed.set(name, await observe(write));
  // Every write in turn, a few of them hashing passwords (scrypt): more than a hook's usual 10 s on a busy machine.
}, 60_000);
afterAll(() => service.close());

const areaOf = new Map<string, Area>(
  Object.entries(areaTables).flatMap(([area, tables]) => tables.map((table) => [table, area as Area])),
);
const keptReads = () => new Set(service.routes.flatMap((route) => route.reads ?? []));

describe('the answer cache’s rule', () => {
  it('gives every table of the database exactly one area, or none for bookkeeping', async () => {
    const tables = (await service.db.q.introspection.getTables())
      .map((table) => table.name)
      .filter((table) => table !== 'observed_writes' && fullTextAreaOf(table) === undefined);
    const declared = [...Object.values(areaTables).flat(), ...bookkeepingTables];
    expect(declared.length).toBe(new Set(declared).size);
    expect([...declared].sort()).toEqual(tables.sort());
  });

  it('runs every write endpoint of the service, each successfully', () => {
    const writeNames = Object.entries(endpoints)
      .filter(([, endpoint]) => endpoint.method !== 'GET')
      .map(([name]) => name);
    expect([...observed.keys()].sort()).toEqual(writeNames.sort());
    // A redirect is the success of an endpoint that answers with one (the sign-in form).
    const succeeded = (name: string, status: number) =>
      status < 300 || (endpoints[name as EndpointName] as Endpoint).status === status;
    const failed = [...observed].filter(([name, { reply }]) => !succeeded(name, reply.status));
    expect(failed.map(([name, { reply }]) => `${name}: ${reply.status} ${JSON.stringify(reply.body)}`)).toEqual([]);
  });

  it('bumps, in every write, the area of each table the write changed', () => {
    const unbumped = [...observed].flatMap(([name, { written, bumped }]) =>
      written.flatMap((table) => {
        const area = areaOf.get(table);
        return area && bumped.includes(area) ? [] : [`${name} writes ${table} without bumping ${area ?? 'its area'}`];
      }),
    );
    expect(unbumped).toEqual([]);
    // The observer sees the writes: without it, the check above would pass on nothing.
    expect(new Set([...observed.values()].flatMap(({ written }) => written)).size).toBeGreaterThan(5);
  });

  it('bumps only areas that a kept answer reads', () => {
    const reads = keptReads();
    const allowed = new Set<Area>(reads);
    const stray = [...observed].flatMap(([name, { bumped }]) =>
      bumped.filter((area) => !allowed.has(area)).map((area) => `${name} bumps ${area}`),
    );
    expect(stray).toEqual([]);
  });

  it('has every area read by some kept answer', () => {
    const reads = keptReads();
    expect(areas.filter((area) => !reads.has(area))).toEqual([]);
  });
});

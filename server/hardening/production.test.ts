/**
 * Safe in production, with the service as its own process (`server/main.ts`)
 * on a SQLite file, or PostgreSQL in the service-postgres project:
 * - a production start on an empty database creates the schema and nothing
 *   else, and every credential README.md and docs/demo-data.md publish (read
 *   from those files here, so the list cannot drift) is refused;
 * - the environment belongs to the database: a sandbox database started as
 *   production, or the other way round, refuses to start, naming both;
 * - DATABASE_URL without PLATFORM_ENV refuses to start;
 * - a production database holding a published plugin secret (a demo database
 *   from before the environment was recorded) refuses to start, naming each
 *   plugin and the command that rotates it; rotated, it starts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../../contract/basic-auth.ts';
import { demoPasswords } from '../../sandbox/demo-passwords.ts';
import { publishedCredentials } from '../../sandbox/published-credentials.ts';
import { type ChildService, freePort, repoRoot, spawnNode, startChildService } from '../../testkit/child-service.ts';
import { type ChildDatabase, databaseForChild, prepare } from '../../testkit/engine.ts';
import { call } from '../../testkit/harness.ts';
import { openSignin, pkce, submitSignin } from '../../testkit/oauth.ts';
import { ADMIN_TOKEN, admin } from '../../testkit/plugin-kit.ts';
import { migrations } from '../data/migrations/index.ts';
import { areaTables } from '../data/versions.ts';

const SECRETS_KEY = 'production-test-secrets-key-0123456789abcdef';
const production = { PLATFORM_ENV: 'production', SECRETS_KEY };

const dir = mkdtempSync(join(tmpdir(), 'hardening-production-'));
const databases: ChildDatabase[] = [];
const children: ChildService[] = [];
const running = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  for (const child of children) await child.stop();
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function database(options: { empty?: boolean } = {}): Promise<ChildDatabase> {
  const made = await databaseForChild(join(dir, String(databases.length)), options);
  databases.push(made);
  return made;
}

/** A database the demo was seeded into, as `npm start` leaves it (bound to the sandbox). */
async function sandboxDatabase(): Promise<ChildDatabase> {
  const made = await database();
  const db = await made.open();
  await prepare(db, 1);
  await db.close();
  return made;
}

/** `server/main.ts` with exactly `env`, expected to stop on its own: its exit code and everything it said. */
async function startRefused(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort(18520, 18539);
  const run = spawnNode(['--import', 'tsx', 'server/main.ts'], {
    env: { PORT: String(port), HOST: '127.0.0.1', ...env },
  });
  // A start that is not refused serves on: end it within the test's time, and at the end of the file in any case.
  running.add(run.child);
  // Long enough for a refused start on a busy machine (tsx compiles the service first); a start that serves is ended.
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 45_000);
  const code = await run.exited;
  clearTimeout(timer);
  running.delete(run.child);
  return { code, output: run.output() };
}

/** `server/admin-cli.ts` with exactly `env`. */
async function adminCli(args: readonly string[], env: Record<string, string>) {
  const run = spawnNode(['--import', 'tsx', 'server/admin-cli.ts', ...args], { env });
  return { code: await run.exited, output: run.output() };
}

const count = async (made: ChildDatabase, table: string) => {
  const db = await made.open();
  try {
    const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db.q);
    return Number(rows[0]?.n);
  } finally {
    await db.close();
  }
};

/** Backticked values of a markdown table cell. */
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

/**
 * The credentials a document publishes: every table with a client id column
 * (and a secret or password column beside it), a user id column, and every
 * `id:secret` pair in backticks.
 */
function publishedIn(file: string) {
  const lines = readFileSync(join(repoRoot, file), 'utf8').split('\n');
  const found = {
    pairs: [] as [string, string][],
    clientIds: [] as string[],
    userIds: [] as string[],
    /** Handle and password of a table with both columns. */
    passwords: [] as [string, string][],
    unknown: [] as string[],
  };
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = lines[i] ?? '';
    if (!header.startsWith('|') || !/^\|[\s|:-]+\|$/.test(lines[i + 1] ?? '')) continue;
    const names = header.split('|').map((cell) => cell.replaceAll('`', '').trim().toLowerCase());
    const idColumn = names.findIndex((name) => /^client ?id$/.test(name));
    const userColumn = names.findIndex((name) => /^user ?id$/.test(name));
    const secretColumn = names.findIndex((name) => /secret/.test(name));
    const handleColumn = names.indexOf('handle');
    const passwordColumn = names.indexOf('password');
    const other = names.filter(
      (name, at) => /password|token/.test(name) && !(at === passwordColumn && handleColumn >= 0),
    );
    if (other.length > 0) found.unknown.push(`${file}: ${other.join(', ')}`);
    for (let j = i + 2; (lines[j] ?? '').startsWith('|'); j++) {
      const cells = (lines[j] ?? '').split('|');
      const clientId = ticked(cells[idColumn] ?? '')[0];
      const secret = ticked(cells[secretColumn] ?? '')[0];
      if (idColumn >= 0 && clientId) {
        if (secretColumn >= 0 && secret) found.pairs.push([clientId, secret]);
        else found.clientIds.push(clientId);
      }
      const userId = ticked(cells[userColumn] ?? '')[0];
      if (userColumn >= 0 && userId) found.userIds.push(userId);
      const handle = ticked(cells[handleColumn] ?? '')[0];
      const password = ticked(cells[passwordColumn] ?? '')[0];
      if (handleColumn >= 0 && passwordColumn >= 0 && handle && password) found.passwords.push([handle, password]);
    }
  }
  for (const line of lines) {
    // `id:secret` pairs; an address (`https://…`) is not one.
    for (const [, id, secret] of line.matchAll(/`([a-z][a-z0-9._-]+):([^`\s:/][^`\s:]{7,})`/g))
      found.pairs.push([id ?? '', secret ?? '']);
  }
  return found;
}

describe('a production start on an empty database', () => {
  let empty: ChildDatabase;
  let service: ChildService;

  beforeAll(async () => {
    empty = await database({ empty: true });
    service = await startChildService({
      port: await freePort(18500, 18509),
      env: { ...empty.env, ...production, ADMIN_TOKEN },
      readyTimeoutMs: 45_000,
    });
    children.push(service);
    // The hook waits as long as the start may take (readyTimeoutMs), not the suite's default hook time.
  }, 60_000);

  it('creates the schema and no data', async () => {
    const db = await empty.open();
    try {
      const { rows } = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db.q);
      expect(rows.map((row) => row.version).sort()).toEqual(migrations.map((m) => m.version).sort());
      const { rows: settings } = await sql<{ value: string }>`
        SELECT value FROM service_settings WHERE name = 'environment'`.execute(db.q);
      expect(settings).toEqual([{ value: 'production' }]);
    } finally {
      await db.close();
    }
    for (const table of Object.values(areaTables).flat()) expect(await count(empty, table), table).toBe(0);
    expect(service.output()).not.toMatch(/Seeded/);
    expect((await admin(service.url, 'GET', '/admin/v1/plugins')).body).toEqual([]);
    expect((await call(service.url, 'GET', '/sandbox/v1/users')).status).toBe(404);
  });

  it('refuses every credential README.md and docs/demo-data.md publish', async () => {
    const docs = [publishedIn('README.md'), publishedIn('docs/demo-data.md')];
    // A column of a kind this test cannot try yet must be taught here, not pass unseen.
    expect(docs.flatMap((d) => d.unknown)).toEqual([]);
    const pairs = new Map<string, [string, string]>(
      docs.flatMap((d) => d.pairs).map(([id, secret]) => [`${id}:${secret}`, [id, secret]]),
    );
    const clientIds = new Set(docs.flatMap((d) => [...d.clientIds, ...d.pairs.map(([id]) => id)]));
    const userIds = new Set(docs.flatMap((d) => d.userIds));
    // What the documents publish today; fewer would mean the parsing lost them.
    expect(pairs.size).toBeGreaterThanOrEqual(3);
    expect(clientIds.size).toBeGreaterThanOrEqual(6);
    expect(userIds.size).toBeGreaterThanOrEqual(8);
    // Every documented secret is one the start check looks for.
    const checked = new Set(publishedCredentials.map((c) => c.value));
    for (const [, secret] of pairs.values()) expect(checked, secret).toContain(secret);
    const passwords = docs.flatMap((d) => d.passwords);
    expect(passwords.length).toBeGreaterThanOrEqual(8);
    for (const [, password] of passwords) expect(checked, password).toContain(password);

    // A production app to sign in to; no published handle and password opens a session on it.
    const app = await admin(service.url, 'POST', '/admin/v1/apps', {
      name: 'Production check',
      environment: 'production',
      redirectUris: ['https://app.example/callback'],
      confidential: false,
    });
    expect(app.status).toBe(201);
    const { clientId: appId } = (app.body as { app: { clientId: string } }).app;
    for (const [handle, password] of passwords) {
      const params = {
        client_id: appId,
        redirect_uri: 'https://app.example/callback',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      };
      const page = await openSignin(service.url, params);
      expect(page.status, handle).toBe(200);
      const tried = await submitSignin(
        service.url,
        {
          response_type: 'code',
          state: 'xyz',
          ...params,
          csrf_token: page.csrfToken,
          handle,
          password,
          action: 'password',
        },
        { cookie: page.cookie },
      );
      expect(tried.status, `${handle}:${password}`).toBe(401);
    }

    for (const [clientId, secret] of pairs.values()) {
      const reply = await call(service.url, 'GET', '/plugin/v2/ai/record-data', {
        headers: { Authorization: basicHeader(clientId, secret) },
      });
      expect([401, 403], `${clientId}:${secret}`).toContain(reply.status);
    }
    for (const clientId of clientIds) {
      const anonymous = await call(service.url, 'PUT', '/user/v1/my/profile', {
        headers: { 'X-Client-Id': clientId },
        body: {
          handle: `@anon-${clientId.slice(0, 40)}`,
          userType: 'adult',
          accountType: 'Adult',
          country: 'US',
          profilePic: null,
          coverPhoto: null,
          userId: `usr-anon-${clientId.slice(0, 40)}`,
          anonymous: true,
        },
      });
      expect([401, 403], clientId).toContain(anonymous.status);
      for (const userId of userIds) {
        const signIn = await call(service.url, 'POST', '/sandbox/v1/token', { body: { userId, clientId } });
        expect(signIn.status, `${userId} through ${clientId}`).toBe(404);
      }
    }
  });

  it('and the database refuses a sandbox start afterwards, naming both environments', async () => {
    const refused = await startRefused({ ...empty.env, PLATFORM_ENV: 'sandbox' });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('This database belongs to a production service');
    expect(refused.output).toContain('PLATFORM_ENV=sandbox');
    expect(await count(empty, 'users')).toBe(0);
  });
});

describe('the environment of a database', () => {
  it('refuses a production start on a sandbox database, naming both environments, and changes nothing', async () => {
    const demo = await sandboxDatabase();
    const users = await count(demo, 'users');
    const refused = await startRefused({ ...demo.env, ...production });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('This database belongs to a sandbox service');
    expect(refused.output).toContain('PLATFORM_ENV=production');
    expect(await count(demo, 'users')).toBe(users);
  });

  it('is never assumed for a shared database: DATABASE_URL without PLATFORM_ENV does not start', async () => {
    const refused = await startRefused({ DATABASE_URL: 'postgres://platform@127.0.0.1:1/platform' });
    expect(refused.code).toBe(2);
    expect(refused.output).toMatch(/PLATFORM_ENV: must be set \(sandbox or production\) when DATABASE_URL is set/);
  });
});

describe('a production database holding a published credential', () => {
  it('refuses to start, naming each plugin and demo password and how to replace it; replaced, it starts and the old secrets fail', async () => {
    // A demo database from before the environment was recorded: nothing says it was a sandbox.
    const legacy = await sandboxDatabase();
    const db = await legacy.open();
    await sql`DELETE FROM service_settings`.execute(db.q);
    await db.close();

    const refused = await startRefused({ ...legacy.env, ...production });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('This production database holds credentials published in this repository');
    const plugins = ['prod-plugin-coach', 'sandbox-plugin-coach', 'sandbox-plugin-limited'];
    for (const clientId of plugins) {
      expect(refused.output).toContain(`plugin ${clientId}: its client secret is a published one`);
      expect(refused.output).toContain(`npm run admin -- plugin rotate-secret ${clientId}`);
    }
    // The demo people's published passwords too, each named with the way to clear it.
    for (const { userId } of demoPasswords) {
      expect(refused.output).toContain(`user ${userId}: its password is a published demo password`);
    }
    // Refused before anything was written: not even the environment is recorded.
    expect(await count(legacy, 'service_settings')).toBe(0);

    const cleared = await legacy.open();
    await sql`UPDATE users SET password_hash = NULL WHERE password_hash IS NOT NULL`.execute(cleared.q);
    await cleared.close();

    for (const clientId of plugins) {
      const rotated = await adminCli(['plugin', 'rotate-secret', clientId], { ...legacy.env, ...production });
      expect(rotated.code, rotated.output).toBe(0);
      expect(rotated.output).toContain(`Client secret of ${clientId} (shown this once`);
    }
    const service = await startChildService({
      port: await freePort(18510, 18519),
      env: { ...legacy.env, ...production },
      readyTimeoutMs: 45_000,
    });
    children.push(service);
    const published = await call(service.url, 'GET', '/plugin/v2/ai/record-data', {
      headers: { Authorization: basicHeader('prod-plugin-coach', 'coach-secret-production-2026') },
    });
    expect(published.status).toBe(401);
  }, 180_000);
});

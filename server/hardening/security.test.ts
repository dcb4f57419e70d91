/**
 * Security checks a person relying on the service would want: credentials
 * never reach the logs or an error body, plugin and admin secrets are
 * compared in constant time, CORS answers only configured origins, the
 * dashboard's CSP allows no inline script, every response carries the
 * security headers, and the dashboard's files cannot be used to read others.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../../contract/basic-auth.ts';
import { errorBodySchema } from '../../contract/common.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { pluginWithSecretSchema } from '../../contract/plugin.ts';
import { sandboxClientsSchema } from '../../contract/sandbox.ts';
import { createAnonymousResponseSchema, sessionSchema } from '../../contract/users.ts';
import { type ChildService, freePort, repoRoot, startChildService } from '../../testkit/child-service.ts';
import { type ChildDatabase, databaseForChild, freshDatabase } from '../../testkit/engine.ts';
import { call, type Reply } from '../../testkit/harness.ts';
import { rawRequest } from '../../testkit/raw-http.ts';
import { hashesEqual, hashToken, secretsEqual } from '../access/authenticator.ts';
import { createApp } from '../app.ts';
import { readSettings } from '../config.ts';
import { hashSecret } from '../data/secrets.ts';

const ADMIN_TOKEN = 'admin-token-that-must-never-be-logged-42';

describe('hashesEqual', () => {
  it("tells a secret's hash from another's, and from a stored value of another length", () => {
    const stored = hashSecret('plugin-secret-1');
    expect(hashesEqual(hashSecret('plugin-secret-1'), stored)).toBe(true);
    expect(hashesEqual(hashSecret('plugin-secret-2'), stored)).toBe(false);
    expect(hashesEqual(hashSecret('plugin-secret-1'), stored.slice(0, -1))).toBe(false);
    expect(hashesEqual(hashSecret('plugin-secret-1'), '')).toBe(false);
  });
});

describe('secretsEqual', () => {
  it('tells equal secrets from different ones, whatever their length or script', () => {
    expect(secretsEqual('s3cret', 's3cret')).toBe(true);
    expect(secretsEqual('s3cret', 's3creT')).toBe(false);
    expect(secretsEqual('s3cret', 's3cret ')).toBe(false);
    expect(secretsEqual('', 's3cret')).toBe(false);
    expect(secretsEqual('s3cret', '')).toBe(false);
    expect(secretsEqual('', '')).toBe(true);
    expect(secretsEqual('pässwörd-🔑', 'pässwörd-🔑')).toBe(true);
    expect(secretsEqual('pässwörd-🔑', 'passwörd-🔑')).toBe(false);
    expect(secretsEqual('x'.repeat(10_000), 'x'.repeat(10_000))).toBe(true);
    expect(secretsEqual('x'.repeat(10_000), `${'x'.repeat(9_999)}y`)).toBe(false);
  });

  it('compares fixed-length hashes with timingSafeEqual, and every secret check goes through it', () => {
    const auth = readFileSync(join(repoRoot, 'server/access/authenticator.ts'), 'utf8');
    const body = /export function secretsEqual\([^)]*\)[^{]*\{([\s\S]*?)\n\}/.exec(auth)?.[1] ?? '';
    expect(body).toMatch(/hash\('sha256', given, 'buffer'\)/);
    expect(body).toMatch(/hash\('sha256', expected, 'buffer'\)/);
    expect(body).toMatch(/return timingSafeEqual\(a, b\)/);
    // The plugin check compares the presented secret's hash with the stored hash through hashesEqual, also for unknown ids.
    const hashes = /export function hashesEqual\([^)]*\)[^{]*\{([\s\S]*?)\n\}/.exec(auth)?.[1] ?? '';
    expect(hashes).toMatch(/return a\.length === b\.length && timingSafeEqual\(a, b\)/);
    const plugin = /\n {2}(?:async )?plugin\(authorization[\s\S]*?\n {2}\}/.exec(auth)?.[0] ?? '';
    expect(plugin).toMatch(/hashesEqual\(hashSecret\(clientSecret\), row\?\.secret_hash \?\? /);
    // Nowhere in the service is a secret or token compared with == / !=.
    const compared = /(secret|token|password)\w*\s*[!=]==?\s*\w|\w\s*[!=]==?\s*\w*(secret|token|password)\b/i;
    for (const file of [
      'server/access/authenticator.ts',
      'server/areas/admin/admin.handlers.ts',
      'contract/basic-auth.ts',
      'plugin/basic-auth.ts',
    ]) {
      const source = readFileSync(join(repoRoot, file), 'utf8')
        .split('\n')
        .filter(
          (line) =>
            !/^\s*(\*|\/\/|\/\*)/.test(line) && !/=== undefined|!== undefined|=== null|!== null|\.length/.test(line),
        );
      expect(
        source.filter((line) => compared.test(line)),
        file,
      ).toEqual([]);
    }
    // The admin token check, too.
    const admin = /\n {2}admin\(authorization[\s\S]*?\n {2}\}/.exec(auth)?.[0] ?? '';
    expect(admin).toMatch(/secretsEqual\(match\[1\], this\.adminToken\)/);
  });
});

describe('credentials in logs and error bodies', () => {
  let child: ChildService;
  let database: ChildDatabase | undefined;
  let dir: string;
  const secrets = new Set<string>();
  const replies: Reply[] = [];
  const BODY_MARKER = 'zz-body-marker-7d1f';
  const QUERY_MARKER = 'zz-query-marker-9c2e';
  const PATH_MARKER = 'zz-path-marker-4b8a';
  let reported: Reply;
  let unsafe: Reply;
  let tooLong: Reply;
  const keep = <T>(reply: Reply<T>): Reply<T> => {
    replies.push(reply);
    return reply;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hardening-logs-'));
    database = await databaseForChild(dir);
    child = await startChildService({
      port: await freePort(18460, 18469),
      env: { ...database.env, LOG_REQUESTS: '1', ADMIN_TOKEN },
      readyTimeoutMs: 45_000,
    });
    secrets.add(ADMIN_TOKEN);
    const url = child.url;
    const clients = sandboxClientsSchema.parse((await call(url, 'GET', '/sandbox/v1/clients')).body);
    const users = (await call<{ userId: string; teaches: unknown[] }[]>(url, 'GET', '/sandbox/v1/users')).body;
    const trainer = users.find((u) => u.teaches.length > 0) ?? users[0];
    if (!trainer) throw new Error('no demo user');

    const session = sessionSchema.parse(
      keep(
        await call(url, 'POST', '/sandbox/v1/token', {
          body: { userId: trainer.userId, clientId: 'sandbox-trainer-dashboard' },
        }),
      ).body,
    );
    secrets.add(session.token).add(session.refreshToken);
    const token = session.token;
    // The token where it belongs, and where it does not.
    keep(await call(url, 'GET', '/user/v1/my/profile', { token }));
    keep(await call(url, 'GET', '/user/v1/my/profile', { headers: { Authorization: token } }));
    keep(await call(url, 'GET', `/edu/v1/student/comment?token=${token}`, { token }));
    keep(await call(url, 'GET', `/edu/v1/note/list?access_token=${token}`));
    keep(
      await call(url, 'POST', '/edu/v1/student/comment', {
        token,
        body: { text: token, studentId: token, classId: 'x' },
      }),
    );
    keep(await call(url, 'POST', '/edu/v1/note/remove', { token, body: `{"noteId": "${token}", ` }));
    keep(await call(url, 'POST', '/edu/v1/note/remove', { token, body: `{"noteId": ${token}}` }));
    keep(await call(url, 'GET', '/user/v1/my/profile', { token: `${token}x` }));
    // Refresh tokens: used, reused, malformed.
    const renewed = sessionSchema.parse(
      keep(await call(url, 'POST', '/auth/v1/token/refresh', { body: { refreshToken: session.refreshToken } })).body,
    );
    secrets.add(renewed.token).add(renewed.refreshToken);
    keep(await call(url, 'POST', '/auth/v1/token/refresh', { body: { refreshToken: session.refreshToken } }));
    keep(await call(url, 'POST', '/auth/v1/token/refresh', { body: `{"refreshToken": ${renewed.refreshToken}}` }));
    keep(await call(url, 'POST', '/auth/v1/token/refresh', { body: `{"refreshToken": "${renewed.refreshToken}"` }));
    keep(await call(url, 'POST', '/auth/v1/token/refresh', { body: { refreshToken: renewed.refreshToken, x: 1 } }));
    // Plugin credentials: right, wrong, malformed.
    for (const plugin of clients.plugins) {
      secrets.add(plugin.clientSecret).add(basicHeader(plugin.clientId, plugin.clientSecret).slice(6));
      keep(
        await call(url, 'GET', '/plugin/v2/ai/record-data', {
          headers: { Authorization: basicHeader(plugin.clientId, plugin.clientSecret) },
        }),
      );
      keep(
        await call(url, 'GET', '/plugin/v2/ai/record-data', {
          headers: { Authorization: basicHeader(plugin.clientId, `${plugin.clientSecret}!`) },
        }),
      );
      keep(
        await call(url, 'GET', `/plugin/v2/ai/record-data?secret=${plugin.clientSecret}`, {
          headers: { Authorization: `Basic ${plugin.clientSecret}` },
        }),
      );
    }
    // Administration: the admin token, and a new plugin's secret and its rotation.
    const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
    keep(await call(url, 'GET', '/admin/v1/plugins', { headers: admin }));
    keep(await call(url, 'GET', '/admin/v1/plugins', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}x` } }));
    const created = keep(
      await call(url, 'POST', '/admin/v1/plugins', {
        headers: admin,
        body: { name: 'Log check', environment: 'sandbox' },
      }),
    );
    const made = pluginWithSecretSchema.safeParse(created.body);
    if (made.success) {
      secrets.add(made.data.clientSecret);
      const rotated = pluginWithSecretSchema.safeParse(
        keep(await call(url, 'POST', `/admin/v1/plugins/${made.data.plugin.clientId}/secret`, { headers: admin })).body,
      );
      if (rotated.success) secrets.add(rotated.data.clientSecret);
    }
    // An anonymous account's session.
    const anon = createAnonymousResponseSchema.safeParse(
      keep(
        await call(url, 'PUT', '/user/v1/my/profile', {
          headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
          body: {
            handle: '@anon-logcheck',
            userType: 'adult',
            accountType: 'Adult',
            country: 'US',
            profilePic: null,
            coverPhoto: null,
            userId: 'anon-logcheck',
            anonymous: true,
          },
        }),
      ).body,
    );
    if (anon.success) secrets.add(anon.data.session.token).add(anon.data.session.refreshToken);
    keep(await call(url, 'POST', '/auth/v1/sign-out', { token: renewed.token }));
    keep(await call(url, 'GET', '/user/v1/my/profile', { token: renewed.token }));
    // Bodies and query strings are never logged, whatever they hold (with a live token, so they are read).
    const live = sessionSchema.parse(
      keep(
        await call(url, 'POST', '/sandbox/v1/token', {
          body: { userId: trainer.userId, clientId: 'sandbox-trainer-dashboard' },
        }),
      ).body,
    );
    secrets.add(live.token).add(live.refreshToken);
    keep(
      await call(url, 'POST', '/edu/v1/student/comment', {
        token: live.token,
        body: { text: BODY_MARKER, studentId: 'x', classId: 'x' },
      }),
    );
    keep(await call(url, 'GET', `/edu/v1/student/comment?studentId=${QUERY_MARKER}`, { token: live.token }));
    keep(await call(url, 'GET', `/user/v1/pictures/${PATH_MARKER}`, { token: live.token }));
    // A caller's request id comes back in the header, the error body and the log line; an unsafe one is replaced.
    reported = keep(
      await call(url, 'GET', '/user/v1/my/profile', {
        token: `${live.token}-wrong`,
        headers: { 'X-Request-Id': 'support-ticket-4711' },
      }),
    );
    unsafe = keep(
      await call(url, 'GET', '/user/v1/my/profile', { headers: { 'X-Request-Id': `<b>${'x'.repeat(20)}</b>` } }),
    );
    tooLong = keep(await call(url, 'GET', '/user/v1/my/profile', { headers: { 'X-Request-Id': 'a'.repeat(129) } }));
    for (const secret of [...secrets]) secrets.add(hashToken(secret));
    // The log is written asynchronously: wait for the last request's line.
    const last = tooLong.headers.get('x-request-id');
    for (let waited = 0; waited < 5000 && !child.output().includes(`"requestId":"${last}"`); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 90_000);

  afterAll(async () => {
    await child?.stop();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const logLines = () =>
    child
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const requestLines = () => logLines().filter((line) => 'route' in line);

  it('logs one JSON object per line, each with time, level and message', () => {
    const lines = logLines();
    expect(lines.length).toBeGreaterThan(30);
    for (const line of lines) {
      expect(new Date(String(line.time)).toISOString()).toBe(line.time);
      expect(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).toContain(line.level);
      expect(typeof line.msg).toBe('string');
    }
    expect(lines.map((line) => line.msg)).toContain('Starting the platform service');
  });

  it('logged the requests with id, method, route pattern, status and duration (so the scan below reads real lines)', () => {
    const lines = requestLines();
    expect(lines).toContainEqual(
      expect.objectContaining({ method: 'GET', route: '/user/v1/my/profile', status: 200, level: 'info' }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ method: 'POST', route: '/auth/v1/token/refresh', status: 401 }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ route: '/user/v1/pictures/:pictureId', status: 404 }));
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(
        ['level', 'method', 'ms', 'msg', 'pid', 'requestId', 'route', 'status', 'time'].sort(),
      );
      expect(typeof line.ms).toBe('number');
      expect(String(line.route)).not.toContain('?');
    }
  });

  it('never writes a body, a query string or an id from the address', () => {
    const output = child.output();
    for (const marker of [BODY_MARKER, QUERY_MARKER, PATH_MARKER]) expect(output).not.toContain(marker);
  });

  it("echoes a caller's request id in the header, the error body and the log line", () => {
    expect(reported.status).toBe(401);
    expect(reported.headers.get('x-request-id')).toBe('support-ticket-4711');
    expect(errorBodySchema.parse(reported.body).error.requestId).toBe('support-ticket-4711');
    expect(requestLines()).toContainEqual(
      expect.objectContaining({ requestId: 'support-ticket-4711', route: '/user/v1/my/profile', status: 401 }),
    );
  });

  it('replaces a request id that is unsafe or too long with its own', () => {
    for (const reply of [unsafe, tooLong]) {
      const id = reply.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(errorBodySchema.parse(reply.body).error.requestId).toBe(id);
    }
    expect(child.output()).not.toContain('<b>');
    expect(child.output()).not.toContain('a'.repeat(129));
  });

  it('never writes a token, refresh token, plugin secret or admin token to stdout or stderr', () => {
    const output = child.output();
    const leaked = [...secrets].filter((secret) => secret.length >= 8 && output.includes(secret));
    expect(leaked).toEqual([]);
  });

  it('never puts a credential, or a piece of one, in an error body', () => {
    const errors = replies.filter((reply) => reply.status >= 400);
    expect(errors.length).toBeGreaterThan(10);
    // Any 10 characters in a row of a secret count: a quoted snippet of a malformed body is a leak too.
    const pieces = new Set<string>();
    for (const secret of secrets) for (let i = 0; i + 10 <= secret.length; i++) pieces.add(secret.slice(i, i + 10));
    for (const reply of errors) {
      expect(errorBodySchema.safeParse(reply.body).success, JSON.stringify(reply.body)).toBe(true);
      const text = JSON.stringify(reply.body);
      expect(
        [...pieces].filter((piece) => text.includes(piece)),
        text,
      ).toEqual([]);
    }
  });
});

describe('over HTTP, with the dashboard served', () => {
  let base: string;
  let close: () => Promise<void>;
  let root: string;
  let dashboardDir: string;
  const ALLOWED = 'https://dashboard.example';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hardening-dashboard-'));
    dashboardDir = join(root, 'dist');
    mkdirSync(join(dashboardDir, 'assets'), { recursive: true });
    writeFileSync(
      join(dashboardDir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>t</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dashboardDir, 'assets', 'app.js'), 'console.log(1);');
    // A sibling directory whose name starts with the dashboard directory's: nothing in it may be served.
    mkdirSync(join(root, 'dist-private'), { recursive: true });
    writeFileSync(join(root, 'dist-private', 'secret.txt'), 'private-file-content');
    writeFileSync(join(root, 'outside.txt'), 'outside-file-content');

    const settings = readSettings({
      DATABASE: ':memory:',
      DASHBOARD_DIR: dashboardDir,
      CORS_ORIGINS: `${ALLOWED}, https://other.example`,
      ADMIN_TOKEN,
    });
    const fresh = await freshDatabase({ seed: 1 });
    const app = createApp({ db: fresh.db, settings, serveDashboard: true });
    const port = await freePort(18470, 18479);
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () =>
      new Promise((resolve) =>
        server.close(() => {
          fresh.drop().then(resolve, resolve);
        }),
      );
  });
  afterAll(async () => {
    await close?.();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const headersOk = (headers: Headers, what: string) => {
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('x-frame-options'), what).toBe('DENY');
    // The platform's sign-in page keeps its Referer on its own origin, so its form post carries a real Origin.
    const signinPage =
      (what.includes('/oauth/signin') || what.includes('/oauth/password')) &&
      (headers.get('content-type') ?? '').startsWith('text/html');
    expect(headers.get('referrer-policy'), what).toBe(signinPage ? 'same-origin' : 'no-referrer');
    expect(headers.get('content-security-policy') ?? '', what).toMatch(/frame-ancestors 'none'/);
  };

  it("serves the dashboard with a CSP whose script-src has no 'unsafe-inline' or 'unsafe-eval'", async () => {
    for (const path of ['/', '/comments?studentId=x', '/notes/abc', '/sign-in']) {
      const response = await fetch(base + path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      const csp = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name = '', ...values]) => [name, values] as const),
      );
      const script = directives.get('script-src') ?? directives.get('default-src');
      expect(script, `${path}: ${csp}`).toBeDefined();
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toContain("'unsafe-eval'");
      expect(script).not.toContain('*');
      expect(directives.get('object-src')).toEqual(["'none'"]);
      headersOk(response.headers, path);
    }
  });

  it('puts the security headers on every response: API, errors, preflight, files, config', async () => {
    const all = Object.values(endpoints) as Endpoint[];
    for (const endpoint of all) {
      const path = endpoint.path.replace(/:(\w+)/g, 'x');
      const response = await fetch(base + path, {
        method: endpoint.method,
        ...(endpoint.method === 'GET' ? {} : { body: '{', headers: { 'Content-Type': 'application/json' } }),
      });
      await response.arrayBuffer();
      headersOk(response.headers, `${endpoint.method} ${endpoint.path} → ${response.status}`);
    }
    for (const [method, path, headers] of [
      ['GET', '/assets/app.js', {}],
      ['GET', '/config.json', {}],
      ['GET', '/openapi.json', {}],
      ['GET', '/edu/v1/nothing', {}],
      ['DELETE', '/edu/v1/student/comment', {}],
      ['OPTIONS', '/edu/v1/student/comment', { Origin: ALLOWED, 'Access-Control-Request-Method': 'POST' }],
      [
        'OPTIONS',
        '/edu/v1/student/comment',
        { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      ],
      ['GET', '/user/v1/pictures/%E0%A4%A', {}],
    ] as const) {
      const response = await fetch(base + path, { method, headers });
      await response.arrayBuffer();
      headersOk(response.headers, `${method} ${path} → ${response.status}`);
    }
  });

  it('answers cross-origin requests only for the configured origins', async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/edu/v1/student/comment`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight(ALLOWED);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    // The header the platform's SDKs name their app with.
    expect(allowed.headers.get('access-control-allow-headers')?.split(',')).toContain('clientId');
    expect((await preflight('https://other.example')).headers.get('access-control-allow-origin')).toBe(
      'https://other.example',
    );
    // The allowed page can read the next-page link, how long to wait when the service is busy, the request id to
    // quote, the platform's error headers and the tokens an anonymous sign-up answers in headers.
    const read = await fetch(`${base}/sandbox/v1/clients`, { headers: { Origin: ALLOWED } });
    await read.arrayBuffer();
    expect(read.headers.get('access-control-expose-headers')?.split(',').sort()).toEqual([
      'Link',
      'Retry-After',
      'X-Request-Id',
      'access_token',
      'errorcode',
      'errordescription',
      'refresh_token',
    ]);
    for (const origin of [
      'https://evil.example',
      'null',
      `${ALLOWED}.evil.example`,
      'https://dashboard.example:8443',
      'http://dashboard.example',
      ALLOWED.toUpperCase(),
    ]) {
      const refused = await preflight(origin);
      expect(refused.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(refused.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const simple = await fetch(`${base}/sandbox/v1/clients`, { headers: { Origin: origin } });
      await simple.arrayBuffer();
      expect(simple.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(simple.headers.get('access-control-expose-headers'), origin).toBeNull();
    }
  });

  it('serves only files inside the dashboard directory', async () => {
    const port = Number(new URL(base).port);
    const attempts = [
      '/%2F..%2Fdist-private/secret.txt',
      '/..%2Fdist-private/secret.txt',
      '/%2e%2e/dist-private/secret.txt',
      '/..%2F..%2Foutside.txt',
      '/%2F..%2Foutside.txt',
      '/assets/..%2F..%2Foutside.txt',
      '/..%5Coutside.txt',
      '/../outside.txt',
      '/assets/../../outside.txt',
    ];
    for (const target of attempts) {
      const reply = await rawRequest(port, { method: 'GET', target });
      expect(reply.body, target).not.toContain('private-file-content');
      expect(reply.body, target).not.toContain('outside-file-content');
      expect(reply.status, target).toBeLessThan(500);
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../testkit/child-service.ts';
import { call, startService, type TestService } from '../../testkit/harness.ts';
import { respond, securityHeaders, setHeader } from './response-headers.ts';

let service: TestService;
/** The same database served as production (behind TLS, as production is deployed). */
let production: TestService;
beforeAll(async () => {
  service = await startService({ env: { CORS_ORIGINS: 'http://allowed.example' } });
  production = await startService({
    db: service.db,
    env: { CORS_ORIGINS: 'http://allowed.example', PLATFORM_ENV: 'production' },
  });
});
afterAll(async () => {
  await production.close();
  await service.close();
});

/** The tokens of a Vary header, as a client reads them (several headers or one list are the same). */
const varyTokens = (headers: Headers) =>
  (headers.get('vary') ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);

const paths = ['/sandbox/v1/users', '/user/v1/my/profile', '/nowhere', '/openapi.json', '/docs', '/healthz'];

describe('every response', () => {
  it('carries the security headers, errors included', async () => {
    for (const path of paths) {
      const { headers } = await call(service.url, 'GET', path);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });

  it('switches off browser features no page of the service uses, errors included', async () => {
    for (const path of paths) {
      const policy = (await call(service.url, 'GET', path)).headers.get('permissions-policy') ?? '';
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
        expect(policy.split(/,\s*/), `${path}: ${feature}`).toContain(feature);
      }
    }
  });

  it('asks browsers for HTTPS only from a production service (HSTS), never from a sandbox on plain HTTP', async () => {
    for (const path of ['/user/v1/my/profile', '/nowhere', '/healthz']) {
      const prod = await call(production.url, 'GET', path);
      expect(prod.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      const sandbox = await call(service.url, 'GET', path);
      expect(sandbox.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('varies by Origin and by Accept-Encoding together, each named once', async () => {
    const headers = { Origin: 'http://allowed.example', 'Accept-Encoding': 'gzip' };
    // A JSON answer, a file of the API reference, and its page.
    for (const path of ['/sandbox/v1/users', '/docs/docs.js', '/docs']) {
      const tokens = varyTokens((await call(service.url, 'GET', path, { headers })).headers);
      expect(tokens, path).toContain('origin');
      expect(tokens, path).toContain('accept-encoding');
      expect(new Set(tokens).size, `${path}: ${tokens.join(', ')}`).toBe(tokens.length);
    }
  });

  it('allows cross-origin calls only from configured origins', async () => {
    const allowed = await call(service.url, 'GET', '/sandbox/v1/users', {
      headers: { Origin: 'http://allowed.example' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://allowed.example');
    const other = await call(service.url, 'GET', '/sandbox/v1/users', { headers: { Origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe("the service's code", () => {
  it('makes every response with respond() and sets its headers with setHeader(), which carry the security headers', () => {
    // Hono's own c.header() keeps headers respond() does not send, and c.body(), c.json() and the like do not send
    // the ones setHeader() keeps: either way a response would go without its security headers.
    // A Response made or changed anywhere else would not go through respond() either.
    const hono =
      /\b(c|context)\.(header|body|json|text|html|redirect|newResponse|notFound)\(|\b(c|context)\.res = |new Response\(|\.headers\.(set|append)\(/;
    const files = readdirSync(join(repoRoot, 'server'), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== join('http', 'response-headers.ts'),
    );
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => hono.test(readFileSync(join(repoRoot, 'server', file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('refuses a header value that cannot be sent while the route runs, so its error answer still goes out whole', async () => {
    const app = new Hono();
    app.use('*', securityHeaders({ hsts: false }));
    app.get('/', (c) => {
      setHeader(c, 'Location', 'https://example.com/\r\nSet-Cookie: stolen=1');
      return respond(c, null, 303);
    });
    app.onError((error, c) => respond(c, error.message, 500, { 'Content-Type': 'text/plain' }));
    const reply = await app.request('/');
    expect(reply.status).toBe(500);
    expect(reply.headers.get('set-cookie')).toBeNull();
    expect(reply.headers.get('location')).toBeNull();
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('error bodies', () => {
  it('never echo the credentials that were sent', async () => {
    const token = 'secret-token-value-123456';
    const reply = await call(service.url, 'GET', '/user/v1/my/profile', { token });
    expect(JSON.stringify(reply.body)).not.toContain(token);
    const basic = await call(service.url, 'GET', '/plugin/v2/ai/record-data', {
      headers: { Authorization: `Basic ${Buffer.from('someone:hunter2-secret').toString('base64')}` },
    });
    expect(JSON.stringify(basic.body)).not.toContain('hunter2-secret');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import { call, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

describe('the API reference', () => {
  it('is an OpenAPI 3.1 document with every endpoint of the contract, extensions marked', async () => {
    const reply = await call<{ openapi: string; paths: Record<string, Record<string, { 'x-extension'?: boolean }>> }>(
      service.url,
      'GET',
      '/openapi.json',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    for (const endpoint of Object.values(endpoints)) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const operation = reply.body.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation?.['x-extension'] === true).toBe('extension' in endpoint && endpoint.extension === true);
    }
  });

  it('documents the paging extension of the two long lists, and the busy answer of every operation', async () => {
    type Operation = {
      parameters: { name: string; in: string; 'x-extension'?: boolean }[];
      responses: Record<string, { headers?: Record<string, { 'x-extension'?: boolean }> }>;
    };
    const reply = await call<{ paths: Record<string, Record<string, Operation>> }>(service.url, 'GET', '/openapi.json');
    for (const path of ['/edu/v1/student/comment', '/edu/v1/note/list']) {
      const list = reply.body.paths[path]?.get;
      const paging = list?.parameters.filter((p) => p.name === 'limit' || p.name === 'cursor');
      expect(
        paging?.map((p) => [p.name, p.in, p['x-extension']]),
        path,
      ).toEqual([
        ['limit', 'query', true],
        ['cursor', 'query', true],
      ]);
      expect(list?.responses['200']?.headers?.Link?.['x-extension'], path).toBe(true);
    }
    // The interface's own filters are not marked as extensions.
    const filters = reply.body.paths['/edu/v1/student/comment']?.get?.parameters.filter((p) => p.name === 'studentId');
    expect(filters?.[0]?.['x-extension']).toBeUndefined();
    for (const operations of Object.values(reply.body.paths)) {
      for (const operation of Object.values(operations))
        expect(operation.responses['503']?.headers?.['Retry-After']).toBeDefined();
    }
  });

  it('says who may use the mission planner, as the service enforces it: trainers, through an app with the training scope', async () => {
    const reply = await call<{ paths: Record<string, Record<string, { description?: string }>> }>(
      service.url,
      'GET',
      '/openapi.json',
    );
    for (const [path, method] of [
      ['/mission-planner/v1/plugins', 'get'],
      ['/mission-planner/v1/capabilities', 'post'],
      ['/mission-planner/v1/candidates', 'post'],
      ['/mission-planner/v1/names', 'get'],
    ] as const) {
      const description = reply.body.paths[path]?.[method]?.description ?? '';
      expect(description, path).toContain('Requires the training scope on the calling app.');
      expect(description, path).toContain('Trainers only');
    }
  });

  it('is an interactive page of this origin only: Swagger UI under a CSP without inline script or other origins', async () => {
    const response = await fetch(`${service.url}/docs`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-|https?:|\*/);
    const html = await response.text();
    // No inline script or style: every script has a src, every stylesheet is a link, all on this origin.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/ src="\/docs\//);
      expect(body).toBe('');
    }
    expect(html).not.toMatch(/<style|style="/);
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      expect(url?.startsWith('/'), url).toBe(true);
      const file = await fetch(`${service.url}${url}`);
      expect(file.status, url).toBe(200);
      if (url?.endsWith('.js')) expect(file.headers.get('content-type')).toMatch(/^text\/javascript/);
      if (url?.endsWith('.css')) expect(file.headers.get('content-type')).toMatch(/^text\/css/);
    }
    expect(html).toMatch(/swagger-ui-bundle\.js/);
  });

  it('serves only the Swagger UI files it names', async () => {
    const page = await (await fetch(`${service.url}/docs`)).text();
    const base = /src="(\/docs\/swagger-ui\/[^"]+)\/swagger-ui-bundle\.js"/.exec(page)?.[1];
    expect(base).toBeDefined();
    for (const name of ['package.json', 'index.html', 'constructor', '..%2Fpackage.json', 'oauth2-redirect.html']) {
      const reply = await fetch(`${service.url}${base}/${name}`);
      expect(reply.status, name).toBe(404);
    }
  });
});

describe('where the API reference is served', () => {
  /** Every address of the reference: the page, its own files, and Swagger UI's (named by the page). */
  async function referenceAddresses(): Promise<string[]> {
    const page = await (await fetch(`${service.url}/docs`)).text();
    const files = [...page.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)].map((match) => match[1] as string);
    expect(files.length).toBeGreaterThan(2);
    return ['/docs', ...files];
  }

  it('is off on a production service unless DOCS=on: the page shares the dashboard’s origin and its stored tokens', async () => {
    const addresses = await referenceAddresses();
    const production = await startService({ db: service.db, env: { PLATFORM_ENV: 'production' } });
    const opted = await startService({ db: service.db, env: { PLATFORM_ENV: 'production', DOCS: 'on' } });
    try {
      for (const path of addresses) {
        const off = await call(production.url, 'GET', path);
        expect(off.status, path).toBe(404);
        expect(errorBodySchema.parse(off.body).error.code).toBe('not_found');
        expect((await fetch(`${opted.url}${path}`)).status, path).toBe(200);
      }
      // The document itself holds nothing a caller could not read from the contract: it stays.
      expect((await call(production.url, 'GET', '/openapi.json')).status).toBe(200);
    } finally {
      await opted.close();
      await production.close();
    }
  });

  it('is on in a sandbox unless DOCS=off', async () => {
    const addresses = await referenceAddresses();
    const off = await startService({ db: service.db, env: { DOCS: 'off' } });
    try {
      for (const path of addresses) expect((await call(off.url, 'GET', path)).status, path).toBe(404);
      expect((await call(off.url, 'GET', '/openapi.json')).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../../testkit/harness.ts';
import { createLogger } from '../../logger.ts';

let service: TestService;
let dir: string;
const script = `console.log(${JSON.stringify('dashboard '.repeat(2000))});\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dashboard-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>t</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), script);
  service = await startService({ env: { DASHBOARD_DIR: dir }, serveDashboard: true });
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET, so the test sees the bytes on the wire (fetch would decompress them). */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const url = new URL(path, service.url);
      const req = request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the dashboard files', () => {
  it('go out brotli-compressed to a browser that accepts it, and decompress to the file', async () => {
    const reply = await get('/assets/app.js', 'gzip, deflate, br');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toContain('Accept-Encoding');
    expect(reply.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(reply.body).toString()).toBe(script);
  });

  it('vary by Accept-Encoding and still by Origin, which CORS set', async () => {
    for (const path of ['/assets/app.js', '/students/usr-d04']) {
      const vary = String((await get(path, 'br')).headers.vary ?? '')
        .split(',')
        .map((token) => token.trim().toLowerCase());
      expect(vary, path).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
    }
  });

  it('go out gzipped to a client that accepts only gzip, and as they are to one that accepts neither', async () => {
    const gzipped = await get('/assets/app.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('serve every page path as index.html with the strict CSP, and hashed assets as immutable', async () => {
    const page = await get('/comments?classId=x', 'br');
    expect(page.status).toBe(200);
    expect(brotliDecompressSync(page.body).toString()).toContain('<script type="module"');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const asset = await get('/assets/app.js');
    expect(String(asset.headers['cache-control'])).toContain('immutable');
  });

  it('serve the sign-in callback, under the /auth/ prefix, as a page, and keep the rest of /auth/ for the API', async () => {
    const callback = await get('/auth/callback?code=c&state=s');
    expect(callback.status).toBe(200);
    expect(callback.body.toString()).toContain('<script type="module"');
    expect(String(callback.headers['content-security-policy'])).toContain("script-src 'self'");
    const api = await get('/auth/v1/session');
    expect(api.status).toBe(401);
    expect(api.body.toString()).not.toContain('<script');
  });
});

describe('a dashboard not built yet', () => {
  it('answers 503 with a line for the person and the platform’s error headers for a client', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'dashboard-unbuilt-'));
    const unbuilt = await startService({ env: { DASHBOARD_DIR: empty }, serveDashboard: true, seed: false });
    try {
      const response = await fetch(`${unbuilt.url}/students`);
      expect(response.status).toBe(503);
      expect(await response.text()).toMatch(/npm run build/);
      expect(response.headers.get('errorcode')).toBe('5003');
      expect(response.headers.get('errordescription')).toMatch(/^The dashboard is not built yet/);
    } finally {
      await unbuilt.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('a dashboard whose index.html inlines its first stylesheet', () => {
  it('allows that style element by its sha256 in style-src, and nothing inline besides', async () => {
    const css = 'body{margin:0;color:#1b2430}.standalone{padding:1rem}';
    const styled = mkdtempSync(join(tmpdir(), 'dashboard-inline-css-'));
    writeFileSync(
      join(styled, 'index.html'),
      `<!doctype html><title>t</title><style>${css}</style><script type="module" src="/assets/app.js"></script>`,
    );
    const app = await startService({ env: { DASHBOARD_DIR: styled }, serveDashboard: true, seed: false });
    try {
      const response = await fetch(`${app.url}/comments`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      const styleSrc = csp.split(';').find((directive) => directive.trim().startsWith('style-src')) ?? '';
      const hash = createHash('sha256').update(css).digest('base64');
      expect(styleSrc.trim()).toBe(`style-src 'self' 'sha256-${hash}'`);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("script-src 'self';");
    } finally {
      await app.close();
      rmSync(styled, { recursive: true, force: true });
    }
  });

  it('keeps style-src to its own files when index.html has no inline style', async () => {
    const page = await get('/comments');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'self';/);
  });
});

describe('a dashboard built without usable page links (route-preloads.json)', () => {
  const serveWith = async (preloads: string | undefined) => {
    const built = mkdtempSync(join(tmpdir(), 'dashboard-preloads-'));
    writeFileSync(
      join(built, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/assets/app.js"></script></body></html>',
    );
    if (preloads !== undefined) writeFileSync(join(built, 'route-preloads.json'), preloads);
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const app = await startService({ env: { DASHBOARD_DIR: built }, serveDashboard: true, seed: false, logger });
    const warnings = () =>
      lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.level === 'warn');
    return { app, built, warnings };
  };

  it.each([
    ['missing', undefined, 'there is no route-preloads.json beside index.html'],
    ['not JSON', '{"routes": [', 'route-preloads.json is not JSON'],
    [
      'pointing elsewhere',
      '{"routes":[{"path":"*","files":["https://cdn.example/x.js"]}]}',
      'route-preloads.json is not what the build writes at routes.0.files.0',
    ],
  ])('sends the pages as built, and says why in its log once (%s)', async (_case, preloads, problem) => {
    const { app, built, warnings } = await serveWith(preloads);
    try {
      for (const path of ['/comments', '/notes/n-1', '/comments']) {
        const response = await fetch(`${app.url}${path}`);
        expect(response.status, path).toBe(200);
        expect(await response.text(), path).not.toContain('modulepreload');
      }
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]).toMatchObject({ dashboardDir: built, problem: expect.stringContaining(problem) });
      expect(String(warnings()[0]?.msg)).toContain('npm run build');
    } finally {
      await app.close();
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('says nothing when the file is what the build writes', async () => {
    const { app, built, warnings } = await serveWith('{"routes":[{"path":"*","files":["/assets/app.js"]}]}');
    try {
      expect(await (await fetch(`${app.url}/comments`)).text()).toContain(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app.js">',
      );
      expect(warnings()).toEqual([]);
    } finally {
      await app.close();
      rmSync(built, { recursive: true, force: true });
    }
  });
});

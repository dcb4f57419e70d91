/**
 * `/openapi.json`, generated from the contract, and `/docs`, the interactive
 * API reference: Swagger UI (swagger-ui-dist, served from node_modules as
 * this service's own files) on that document, with "try it" against this
 * service. Every file comes from this origin; the page's CSP allows scripts,
 * styles and connections to it only (and `data:` images, which Swagger UI's
 * stylesheet uses for its icons, as the dashboard's CSP does).
 *
 * The page is off in production unless `DOCS=on`: it runs on the dashboard's
 * origin, whose storage holds a 30-day refresh token, and a 1.5 MB vendor
 * bundle there is more code that could read it. The document stays on: it
 * says nothing the contract does not.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { buildOpenApi } from '../../../contract/openapi.ts';
import type { Settings } from '../../config.ts';
import { DOCS_CSP, respond } from '../../http/response-headers.ts';
import { type Asset, sendAsset } from '../../http/static-files.ts';
import { docsCss, docsHtml, docsScript } from './docs-page.ts';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const swaggerUiVersion = (JSON.parse(readFileSync(join(swaggerUiDir, 'package.json'), 'utf8')) as { version: string })
  .version;

/** Swagger UI's files, under a path with its version: cached for good, replaced on an upgrade. */
const vendorFiles: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};
const vendorBase = `/docs/swagger-ui/${swaggerUiVersion}`;

const asset = (text: string): Asset => ({ raw: Buffer.from(text), compressible: true });

/** Whether the API reference page is served: `DOCS`, else on in a sandbox only. */
export function docsPageOn(settings: Pick<Settings, 'DOCS' | 'PLATFORM_ENV'>): boolean {
  return settings.DOCS === undefined ? settings.PLATFORM_ENV === 'sandbox' : settings.DOCS === 'on';
}

export function docsRoutes(app: Hono, settings: Settings): void {
  const doc = buildOpenApi({ sandbox: settings.PLATFORM_ENV === 'sandbox', extensions: settings.PLATFORM_EXTENSIONS });
  const json = JSON.stringify(doc);
  app.get('/openapi.json', (c) => respond(c, json, 200, { 'Content-Type': 'application/json' }));
  if (!docsPageOn(settings)) return;
  const page = asset(
    docsHtml({
      css: `${vendorBase}/swagger-ui.css`,
      bundle: `${vendorBase}/swagger-ui-bundle.js`,
      favicon: `${vendorBase}/favicon-32x32.png`,
    }),
  );
  const ours: Record<string, { asset: Asset; type: string }> = {
    '/docs/docs.js': { asset: asset(docsScript), type: 'text/javascript; charset=utf-8' },
    '/docs/docs.css': { asset: asset(docsCss), type: 'text/css; charset=utf-8' },
  };
  // Read on first use, not at start-up: the bundle is 1.5 MB.
  const vendor = new Map<string, Asset>();

  app.get('/docs', (c) =>
    sendAsset(c, page, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': DOCS_CSP,
    }),
  );
  for (const [path, file] of Object.entries(ours)) {
    app.get(path, (c) => sendAsset(c, file.asset, { 'Content-Type': file.type, 'Cache-Control': 'no-cache' }));
  }
  app.get(`${vendorBase}/:file`, (c, next) => {
    const name = c.req.param('file');
    const type = Object.hasOwn(vendorFiles, name) ? vendorFiles[name] : undefined;
    if (!type) return next();
    let file = vendor.get(name);
    if (!file) {
      file = { raw: readFileSync(join(swaggerUiDir, name)), compressible: !name.endsWith('.png') };
      vendor.set(name, file);
    }
    return sendAsset(c, file, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
}

/**
 * Serves the built dashboard: hashed assets cached for good, index.html for
 * every other page path (the SPA routes), and `/config.json`, the runtime
 * configuration, so one build serves every environment. The HTML goes out
 * with a strict Content-Security-Policy: no inline script, no eval.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { DashboardConfig } from '../../../contract/config.ts';
import type { Settings } from '../../config.ts';
import { errorHeaders } from '../../errors.ts';
import { dashboardCsp, respond, setHeader } from '../../http/response-headers.ts';
import { type Asset, sendAsset } from '../../http/static-files.ts';
import { type RoutePreloads, readRoutePreloads, routeFor, withPreloads } from './route-preloads.ts';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * The dashboard's own pages under an API prefix: the OAuth callback, the
 * address the platform's sign-in sends the person back to, lives beside the
 * `/auth/v1/*` extension because that is where apps conventionally put it.
 */
const pagePaths = new Set(['/auth/callback']);

/** API path prefixes: never answered with the SPA's index.html. */
const apiPrefixes = [
  '/edu/',
  '/user/',
  '/plugin/',
  '/sandbox/',
  '/auth/',
  '/admin/',
  '/mission-planner/',
  '/oauth/',
  '/openapi.json',
];

export function dashboardConfig(settings: Settings): DashboardConfig {
  const defaultClient = settings.PLATFORM_ENV === 'sandbox' ? 'sandbox-trainer-dashboard' : 'prod-trainer-dashboard';
  return {
    environment: settings.PLATFORM_ENV,
    platformUrl: settings.DASHBOARD_PLATFORM_URL,
    notesUrl: settings.DASHBOARD_NOTES_URL,
    clientId: settings.DASHBOARD_CLIENT_ID ?? defaultClient,
  };
}

/**
 * The sha256 (base64) of each inline `<style>` element's text in a page, as CSP hash sources take it:
 * the build inlines the first page's CSS into index.html (see vite.config.ts).
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((match) =>
    createHash('sha256')
      .update(match[1] ?? '', 'utf8')
      .digest('base64'),
  );
}

/** `logger`: where a build's unusable route-preloads.json is reported (pages then go out without their links). */
export function dashboardRoutes(app: Hono, settings: Settings, logger: Pick<Logger, 'warn'>): void {
  const root = resolve(settings.DASHBOARD_DIR);
  // Per index.html as read (it is read once and kept): its inline styles' hashes go into its CSP.
  const cspOf = new WeakMap<Asset, string>();
  const cspFor = (html: Asset): string => {
    let csp = cspOf.get(html);
    if (csp === undefined) {
      csp = dashboardCsp(settings, inlineStyleHashes(html.raw.toString('utf8')));
      cspOf.set(html, csp);
    }
    return csp;
  };
  const indexFile = join(root, 'index.html');
  const assets = new Map<string, Asset>();

  const readAsset = (path: string): Asset | undefined => {
    const file = normalize(join(root, path));
    // Inside root only (not a sibling such as `dist-private/`), one cache entry per file however it is spelt.
    if (!file.startsWith(root + sep)) return undefined;
    const cached = assets.get(file);
    if (cached) return cached;
    if (!existsSync(file) || !statSync(file).isFile()) return undefined;
    const asset: Asset = { raw: readFileSync(file), compressible: compressible.has(extname(file)) };
    assets.set(file, asset);
    return asset;
  };

  // index.html as sent for each route: with the links that fetch that page's code alongside the entry. The
  // build's list is read with the index.html it belongs to (once, as that is).
  const pages = new WeakMap<Asset, { preloads: RoutePreloads | undefined; byRoute: Map<string, Asset> }>();
  const pageHtml = (built: Asset, path: string): Asset => {
    let known = pages.get(built);
    if (!known) {
      const read = readRoutePreloads(readAsset('/route-preloads.json')?.raw.toString('utf8'));
      if ('problem' in read) {
        // Pages still work, only without their code fetched early: said once per index.html, for whoever deployed it.
        logger.warn(
          { dashboardDir: root, problem: read.problem },
          'Dashboard pages go out without their code links (slower first loads): rebuild with `npm run build`',
        );
      }
      known = { preloads: 'preloads' in read ? read.preloads : undefined, byRoute: new Map() };
      pages.set(built, known);
    }
    const route = known.preloads && routeFor(known.preloads, path);
    if (!route) return built;
    let page = known.byRoute.get(route.path);
    if (!page) {
      page = { raw: Buffer.from(withPreloads(built.raw.toString('utf8'), route.files)), compressible: true };
      known.byRoute.set(route.path, page);
    }
    return page;
  };

  app.get('/config.json', (c) => {
    setHeader(c, 'Cache-Control', 'no-cache');
    return respond(c, JSON.stringify(dashboardConfig(settings)), 200, { 'Content-Type': 'application/json' });
  });

  app.get('*', async (c, next) => {
    const path = decodeURIComponent(new URL(c.req.url).pathname);
    const lower = path.toLowerCase();
    const isPage = pagePaths.has(path);
    if (!isPage && (apiPrefixes.some((prefix) => lower.startsWith(prefix)) || lower === '/docs')) return next();
    const extension = extname(path);
    if (extension) {
      const asset = readAsset(path);
      if (!asset) return next();
      const immutable = path.startsWith('/assets/');
      return sendAsset(c, asset, {
        'Content-Type': types[extension] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (!existsSync(indexFile)) {
      const message = 'The dashboard is not built yet: run `npm run build`, then reload.';
      // Text for the person at the browser; the platform's error headers for a client that reads those.
      return respond(c, message, 503, {
        'Content-Type': 'text/plain; charset=UTF-8',
        ...errorHeaders('unavailable', message),
      });
    }
    const built = readAsset('/index.html');
    if (!built) return next();
    const html = pageHtml(built, path);
    return sendAsset(c, html, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': cspFor(html),
    });
  });
}

const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

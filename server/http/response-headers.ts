/**
 * Security headers and CORS, set on the context before the route runs, so
 * the response is built once with them. (Setting headers after `next()`
 * makes Hono rebuild the response as a web stream, which on
 * @hono/node-server costs about half the throughput of a small JSON answer.)
 * The dashboard's HTML and the API reference page replace the API's CSP with
 * their own when they answer.
 */
import type { MiddlewareHandler } from 'hono';
import type { Settings } from '../config.ts';

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The dashboard's pages: its own files only, no inline script, no eval; it calls this origin and its API bases. */
export function dashboardCsp(settings: Settings): string {
  const origins = [settings.DASHBOARD_PLATFORM_URL, settings.DASHBOARD_NOTES_URL]
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${origins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The API reference (/docs): Swagger UI from this origin, `data:` images for the icons its stylesheet holds. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('Content-Security-Policy', API_CSP);
    await next();
  };
}

export interface CorsOptions {
  readonly origins: readonly string[];
  readonly allowHeaders: readonly string[];
  readonly allowMethods: readonly string[];
  /** Response headers a page on an allowed origin may read. */
  readonly exposeHeaders?: readonly string[];
  readonly maxAge: number;
}

/** CORS for the configured origins only; a preflight is answered 204 here, with the allowance only for them. */
export function corsFor(options: CorsOptions): MiddlewareHandler {
  const allowed = new Set(options.origins);
  const methods = options.allowMethods.join(',');
  const headers = options.allowHeaders.join(',');
  const expose = (options.exposeHeaders ?? []).join(',');
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allow = origin !== undefined && allowed.has(origin);
    if (allow) {
      c.header('Access-Control-Allow-Origin', origin);
      if (expose) c.header('Access-Control-Expose-Headers', expose);
    }
    c.header('Vary', 'Origin');
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Max-Age', String(options.maxAge));
      c.header('Access-Control-Allow-Methods', methods);
      c.header('Access-Control-Allow-Headers', headers);
      c.header('Vary', 'Access-Control-Request-Headers', { append: true });
      return c.body(null, 204);
    }
    await next();
  };
}

/**
 * Security headers and CORS, set on the context before the route runs, so
 * the response is built once with them. (Setting headers after `next()`
 * makes Hono rebuild the response as a web stream, which on
 * @hono/node-server costs about half the throughput of a small JSON answer.)
 * The dashboard's HTML and the API reference page replace the API's CSP with
 * their own when they answer.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Settings } from '../config.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** The Vary tokens of the answer so far (see addVary). */
    vary: readonly string[];
  }
}

/**
 * Adds to the answer's Vary instead of replacing it: CORS varies by Origin,
 * compression by Accept-Encoding, and a cache that saw only one of them would
 * hand one origin's or one coding's answer to another. Each token once.
 */
export function addVary(c: Context, ...tokens: readonly string[]): void {
  const current = c.get('vary') ?? [];
  const known = new Set(current.map((token) => token.toLowerCase()));
  const added = tokens.filter((token) => !known.has(token.toLowerCase()));
  if (added.length === 0) return;
  const next = [...current, ...added];
  c.set('vary', next);
  c.header('Vary', next.join(', '));
}

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The dashboard's pages: its own files only, no inline script, no eval; it calls this origin and its API bases.
 * `styleHashes` allow the inline `<style>` elements of index.html (its critical CSS, inlined at build so it
 * does not block the first paint) by their sha256, never by 'unsafe-inline'.
 */
export function dashboardCsp(settings: Settings, styleHashes: readonly string[] = []): string {
  const origins = [settings.DASHBOARD_PLATFORM_URL, settings.DASHBOARD_NOTES_URL]
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes.map((hash) => `'sha256-${hash}'`)].join(' '),
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

/**
 * Browser features no page of the service uses, switched off for its pages
 * and anything they embed: a script that got in still cannot reach them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** HTTPS only for a year, subdomains too: sent by a production service, which is deployed behind TLS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /**
   * Send Strict-Transport-Security. Only in production: a sandbox runs on
   * plain http://localhost, where the header would be ignored at best and,
   * on a shared host name, would lock other plain-HTTP services out.
   */
  readonly hsts: boolean;
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    if (options.hsts) c.header('Strict-Transport-Security', HSTS);
    c.header('Permissions-Policy', PERMISSIONS_POLICY);
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
    addVary(c, 'Origin');
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Max-Age', String(options.maxAge));
      c.header('Access-Control-Allow-Methods', methods);
      c.header('Access-Control-Allow-Headers', headers);
      addVary(c, 'Access-Control-Request-Headers');
      return c.body(null, 204);
    }
    await next();
  };
}

/**
 * Security headers and CORS, set on the context before the route runs, so
 * the response is built once with them. (Setting headers after `next()`
 * makes Hono rebuild the response as a web stream, which on
 * @hono/node-server costs about half the throughput of a small JSON answer.)
 * The dashboard's HTML replaces the API's CSP with its own when it answers.
 */
import type { MiddlewareHandler } from 'hono';

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

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
  readonly maxAge: number;
}

/** CORS for the configured origins only; a preflight is answered 204 here, with the allowance only for them. */
export function corsFor(options: CorsOptions): MiddlewareHandler {
  const allowed = new Set(options.origins);
  const methods = options.allowMethods.join(',');
  const headers = options.allowHeaders.join(',');
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allow = origin !== undefined && allowed.has(origin);
    if (allow) {
      c.header('Access-Control-Allow-Origin', origin);
      // So a script on that origin can read the request id of an answer (to quote it in a report).
      c.header('Access-Control-Expose-Headers', 'X-Request-Id');
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

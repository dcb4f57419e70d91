/**
 * The answer's headers, and the security headers and CORS, set before the
 * route runs, so the response is built once with them. (Setting headers after
 * `next()` makes Hono rebuild the response as a web stream, which on
 * @hono/node-server costs about half the throughput of a small JSON answer.)
 * The dashboard's HTML and the API reference page replace the API's CSP with
 * their own when they answer.
 */
import { validateHeaderValue } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import type { Settings } from '../config.ts';

/** Header names in lower case, each once; a list is sent as one header line per value (Set-Cookie). */
type HeaderBag = Record<string, string | string[]>;

declare module 'hono' {
  interface ContextVariableMap {
    /** The headers of the answer being made (see setHeader). */
    answerHeaders: HeaderBag;
  }
}

function bagOf(c: Context): HeaderBag {
  let bag = c.get('answerHeaders');
  if (!bag) {
    bag = {};
    c.set('answerHeaders', bag);
  }
  return bag;
}

/**
 * Sets a header of the answer being made, for `respond` to send. Not Hono's `c.header`: that one keeps the headers
 * in a WHATWG Headers, whose every `set` goes through undici's checks, and @hono/node-server then copies them into
 * a plain object for Node's writeHead. Together they were 9% of the CPU of a kept answer of the notes list
 * (`npm run bench -- service`, profiled); a plain object goes to writeHead as it is, and Node checks each value.
 */
export function setHeader(c: Context, name: string, value: string, options?: { readonly append?: boolean }): void {
  // Refused here, in the route, so its error answer goes out whole; at writeHead it would end the connection.
  validateHeaderValue(name, value);
  const bag = bagOf(c);
  const key = name.toLowerCase();
  const prior = bag[key];
  if (options?.append && prior !== undefined) bag[key] = [...(Array.isArray(prior) ? prior : [prior]), value];
  else bag[key] = value;
}

/** A header of the answer being made, as set so far. */
export function headerOf(c: Context, name: string): string | undefined {
  const value = bagOf(c)[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The response: its body, status, the headers set so far and `headers` over them (the dashboard's page replaces
 * the API's CSP). Every response of the service is made here, so none goes without the security headers.
 */
export function respond(
  c: Context,
  body: string | Uint8Array<ArrayBuffer> | null,
  status: StatusCode,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const sent: HeaderBag = { ...bagOf(c) };
  for (const [name, value] of Object.entries(headers)) {
    validateHeaderValue(name, value);
    sent[name.toLowerCase()] = value;
  }
  return new Response(body, { status, headers: asHeadersInit(sent) });
}

/** A plain object where it can be (@hono/node-server hands it to writeHead as it is), a Headers for a list. */
function asHeadersInit(bag: HeaderBag): HeadersInit {
  const entries = Object.entries(bag);
  if (entries.every((entry): entry is [string, string] => typeof entry[1] === 'string')) {
    return bag as Record<string, string>;
  }
  const headers = new Headers();
  for (const [name, value] of entries) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/**
 * Adds to the answer's Vary instead of replacing it: CORS varies by Origin,
 * compression by Accept-Encoding, and a cache that saw only one of them would
 * hand one origin's or one coding's answer to another. Each token once.
 */
export function addVary(c: Context, token: string): void {
  const bag = bagOf(c);
  const vary = bag.vary;
  if (typeof vary !== 'string') bag.vary = token;
  else if (!`, ${vary.toLowerCase()}, `.includes(`, ${token.toLowerCase()}, `)) bag.vary = `${vary}, ${token}`;
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
  // The same for every answer: written into each answer's headers at once, as the names setHeader keeps.
  const headers: Readonly<Record<string, string>> = {
    ...(options.hsts ? { 'strict-transport-security': HSTS } : {}),
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': API_CSP,
  };
  return async (c, next) => {
    Object.assign(bagOf(c), headers);
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
      setHeader(c, 'Access-Control-Allow-Origin', origin);
      if (expose) setHeader(c, 'Access-Control-Expose-Headers', expose);
    }
    addVary(c, 'Origin');
    if (c.req.method === 'OPTIONS') {
      setHeader(c, 'Access-Control-Max-Age', String(options.maxAge));
      setHeader(c, 'Access-Control-Allow-Methods', methods);
      setHeader(c, 'Access-Control-Allow-Headers', headers);
      addVary(c, 'Access-Control-Request-Headers');
      return respond(c, null, 204);
    }
    await next();
  };
}

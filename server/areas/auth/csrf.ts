/**
 * The sign-in form's protection against cross-site posts, in three layers:
 *
 * 1. A cookie the page sets (`SameSite=Strict`, `HttpOnly`, `Secure` over
 *    https, path `/oauth`): a browser sends it only with requests from this
 *    site.
 * 2. The form's `csrf_token`: an HMAC, under a key every instance shares
 *    (`service_keys`), of the cookie's value and the sign-in request's
 *    parameters. A page on another site can read neither, so it cannot make
 *    a form that passes, and a token does not carry over to other parameters.
 * 3. The browser's own word on where the post comes from: an `Origin` of
 *    another host, or `Sec-Fetch-Site` other than `same-origin`, is refused
 *    before anything else is read.
 *
 * Nothing is kept in memory between the page and the post: any instance
 * checks a form any other instance made.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Db } from '../../data/database.ts';
import { serviceKey } from '../../data/service-keys.ts';
import { setHeader } from '../../http/response-headers.ts';
import type { CarriedParams } from './signin-page.ts';

export const CSRF_COOKIE = 'oauth_csrf';

const keys = new WeakMap<Db, Promise<Buffer>>();
function csrfKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serviceKey(db.q, 'oauth-csrf');
    // A failed read (the database was away) is not kept: the next request reads again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;
/** How long a browser keeps the cookie after its last visit of a form. */
const COOKIE_DAYS = 30;

/**
 * The value of the browser's CSRF cookie, if it sent a well-formed one. It
 * is also what the sign-in knows a browser by (`knownBrowserKey` in
 * server/access/throttle.ts): random, kept for 30 days and renewed by every
 * visit of the page.
 */
export function cookieOf(c: Context): string | undefined {
  const header = c.req.header('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === CSRF_COOKIE && COOKIE_VALUE.test(value)) return value;
  }
  return undefined;
}

/** Whether the browser reached the service over https (itself, or through a proxy that says so). */
export function overHttps(c: Context): boolean {
  return (
    new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  );
}

/** What a sign-in form's token is bound to: the request's parameters. */
const signinBinding = (params: CarriedParams): string[] => [
  params.client_id,
  params.response_type,
  params.redirect_uri,
  params.state,
  params.code_challenge ?? '',
  params.code_challenge_method ?? '',
  params.app_login ?? '',
];

/** What a password form's token is bound to: the link it sets a password with (its hash: no token is kept). */
export const passwordBinding = (linkTokenHash: string): string[] => ['password-link', linkTokenHash];

async function tokenFor(db: Db, cookie: string, binding: readonly string[]): Promise<string> {
  const bound = JSON.stringify([cookie, ...binding]);
  return createHmac('sha256', await csrfKey(db))
    .update(bound)
    .digest('base64url');
}

/**
 * The token for a form of this page, setting the cookie it is bound to
 * (the browser's own when it sent one, so two open tabs both work).
 */
export async function issueCsrf(c: Context, db: Db, params: CarriedParams | readonly string[]): Promise<string> {
  const cookie = cookieOf(c) ?? randomBytes(32).toString('base64url');
  const secure = overHttps(c) ? '; Secure' : '';
  setHeader(
    c,
    'Set-Cookie',
    `${CSRF_COOKIE}=${cookie}; Path=/oauth; HttpOnly; SameSite=Strict; Max-Age=${COOKIE_DAYS * 86_400}${secure}`,
  );
  return tokenFor(db, cookie, bindingOf(params));
}

const bindingOf = (params: CarriedParams | readonly string[]): readonly string[] =>
  Array.isArray(params) ? params : signinBinding(params as CarriedParams);

/** Whether the form's token matches the cookie the browser sent and the parameters it carries. */
export async function csrfHolds(
  c: Context,
  db: Db,
  params: CarriedParams | readonly string[],
  token: string,
): Promise<boolean> {
  const cookie = cookieOf(c);
  if (!cookie) return false;
  const expected = Buffer.from(await tokenFor(db, cookie, bindingOf(params)));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the browser says the post comes from another site. A browser sends
 * `Origin` with every form post (the string `null` from an opaque origin);
 * it must name this host. `Sec-Fetch-Site`, where sent, must be
 * `same-origin`.
 */
export function crossSite(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  if (!URL.canParse(origin)) return true;
  // The host only: behind a proxy that ends TLS the service sees http, the browser https.
  return new URL(origin).host !== (c.req.header('host') ?? new URL(c.req.url).host);
}

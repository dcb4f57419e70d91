/**
 * OAuth 2.0 sign-in as the platform's SDKs use it (RFC 6749, RFC 7636, the
 * OAuth 2.0 Security BCP): the sign-in page and its form, the token
 * endpoint, sign-out. Sessions made here are the service's one kind of
 * session (server/access/sessions.ts): the same scopes, expiry and
 * sandbox/production rule; each sign-in starts a family.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import {
  grantTypes,
  type OauthToken,
  type OauthTokenRequest,
  oauthLogoutBodySchema,
  oauthTokenRequestSchema,
  oidcCallbackQuerySchema,
  signinCredentialsSchema,
  signinLimits,
  signinQuerySchema,
} from '../../../contract/auth.ts';
import { readBasic } from '../../../contract/basic-auth.ts';
import type { ErrorCode } from '../../../contract/common.ts';
import { endpointUrl } from '../../../contract/endpoint-url.ts';
import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Session } from '../../../contract/users.ts';
import { hashToken, secretsEqual } from '../../access/authenticator.ts';
import { type Standing, verifyPassword } from '../../access/passwords.ts';
import { endFamily, issueSession, newFamilyId, refreshSession } from '../../access/sessions.ts';
import {
  failed,
  forgive,
  knownBrowserKey,
  type Recorded,
  recorded,
  remember,
  signinKeys,
  take,
} from '../../access/throttle.ts';
import type { Queryable } from '../../data/database.ts';
import type { Deps } from '../../deps.ts';
import { errorHeaders, HttpError } from '../../errors.ts';
import { clientAddressOf } from '../../http/client-address.ts';
import { type NodeEnv, parseInput, readJsonOrFormBody } from '../../http/request.ts';
import { respond } from '../../http/response-headers.ts';
import { authRepo, type OauthApp } from './auth.repo.ts';
import {
  type Checked,
  checkSignin,
  collect,
  hasControl,
  pickerAllowed,
  type SigninRequest,
  withParams,
} from './authorize.ts';
import { cookieOf, crossSite, csrfHolds, issueCsrf } from './csrf.ts';
import { openidRelyingParty } from './openid.ts';
import { problemPage, type SigninPageInput, signinPage } from './signin-page.ts';

/** How long an authorization code lives (RFC 6749 4.1.2: short; "about a minute"). */
export const CODE_TTL_SECONDS = 60;

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/**
 * The sign-in page's own policy: its stylesheet, its forms, and nothing
 * else. `form-action` names the app's redirect URI too, since browsers apply
 * it to the redirect that follows a form post.
 */
export function signinCsp(redirectUri?: string, providerOrigins: readonly string[] = []): string {
  let target = '';
  if (redirectUri !== undefined && URL.canParse(redirectUri)) {
    const url = new URL(redirectUri);
    target = url.origin === 'null' ? ` ${url.protocol}` : ` ${url.origin}`;
  }
  // "Continue with <name>" posts here, then is redirected to the provider: form-action covers that redirect too.
  for (const origin of providerOrigins) target += ` ${origin}`;
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self'${target}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The platform's error headers of a sign-in page answered as an error (a
 * person reads the page; an SDK or a log reads `errorcode`): 400 a request
 * this app may not make, 401 a wrong handle or password, 403 a refused post,
 * 429 too many failed attempts, 503 too many passwords being checked.
 */
const pageErrors = {
  400: ['invalid_request', 'The sign-in request cannot be served: see the page'],
  401: ['invalid_credentials', 'The handle or password is wrong'],
  403: ['forbidden', 'The sign-in form was refused: see the page'],
  429: ['too_many_requests', 'Too many failed sign-ins: wait as Retry-After says'],
  503: ['overloaded', 'The service is busy checking passwords: wait as Retry-After says'],
} as const satisfies Record<PageStatus, readonly [ErrorCode, string]>;

type PageStatus = 400 | 401 | 403 | 429 | 503;

function html(
  c: Context,
  status: 200 | PageStatus,
  body: string,
  redirectUri?: string,
  extra: {
    readonly providerOrigins?: readonly string[];
    readonly retryAfter?: number | undefined;
    readonly referrerPolicy?: 'same-origin' | 'no-referrer';
  } = {},
): Response {
  const { providerOrigins, retryAfter, referrerPolicy = 'same-origin' } = extra;
  return respond(c, body, status, {
    ...(status === 200 ? {} : errorHeaders(pageErrors[status][0], pageErrors[status][1])),
    ...(retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {}),
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': signinCsp(redirectUri, providerOrigins),
    // Not the service's no-referrer: under it a browser sends `Origin: null` with the form's post, and the
    // cross-site check needs the real origin. Other sites (the app included) still get no Referer.
    'Referrer-Policy': referrerPolicy,
    ...noStore,
  });
}

/**
 * A page answering the OpenID provider's callback: it has no form to post, and its address holds the
 * provider's code, so it keeps the service's no-referrer (the sign-in page's same-origin is for its posts).
 */
function callbackPage(c: Context, status: 400 | 403, body: string): Response {
  return html(c, status, body, undefined, { referrerPolicy: 'no-referrer' });
}

function redirect(c: Context, status: 302 | 303, location: string): Response {
  // A registered redirect URI may hold characters a header cannot: such an address goes as its URL, percent-encoded.
  const sent = /[^\x20-\x7e]/.test(location) && URL.canParse(location) ? new URL(location).href : location;
  return respond(c, null, status, { Location: sent, ...noStore });
}

const S256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const randomCode = () => randomBytes(32).toString('base64url');

/** An OAuth error of the token endpoint (RFC 6749 5.2), in the service's one error body. */
const oauthError = (
  status: 400 | 401,
  code: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type',
  message: string,
  issues?: { path: string; message: string }[],
) => new HttpError(status, code, message, issues);

/**
 * How a password sign-in stands for a hashing slot (see `Standing`): known
 * from a browser that signed in to this handle in the last 30 days and has
 * failed at it nothing since; clean with nothing counted against its address
 * or its handle and address; suspect otherwise. `record.hits` follows the
 * order of `signinKeys` (the address, the handle and address, the browser),
 * then the browser's known mark. `knownFree`: no known check of the handle
 * is running in this process.
 */
function standingOf(record: Recorded, knownFree: boolean): Standing {
  const [address = 0, pair = 0, browser = 0, known = 0] = record.hits;
  if (known > 0 && browser === 0 && knownFree) return 'known';
  return address === 0 && pair === 0 ? 'clean' : 'suspect';
}

/** A wait in words: seconds under two minutes, minutes beyond. */
function waitText(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export function authHandlers(deps: Deps) {
  const environment = deps.settings.PLATFORM_ENV;
  const openid = openidRelyingParty(deps);
  const clientAddress = clientAddressOf(deps.settings.TRUSTED_PROXIES);
  /** Handles (in lower case) with a password check of known standing running in this process. */
  const knownChecks = new Set<string>();

  function answerChecked(c: Context, checked: Exclude<Checked, { kind: 'ok' }>, redirectStatus: 302 | 303): Response {
    if (checked.kind === 'page')
      return html(c, checked.status, problemPage(checked.title, checked.message, environment, { fix: checked.fix }));
    return redirect(c, redirectStatus, checked.location);
  }

  async function page(
    c: Context,
    request: SigninRequest,
    status: 200 | PageStatus,
    extra: Pick<SigninPageInput, 'error' | 'handle'> = {},
    retryAfter?: number,
  ): Promise<Response> {
    const csrfToken = await issueCsrf(c, deps.db, request.params);
    const people = pickerAllowed(deps, request) ? await authRepo(deps.db.q).people() : undefined;
    // app_login asks for the handle and password form alone.
    const providers = request.appLogin ? [] : openid.providers;
    const body = signinPage({
      providers,
      appName: request.app.name,
      clientId: request.app.clientId,
      environment,
      params: request.params,
      csrfToken,
      people,
      ...extra,
    });
    return html(c, status, body, request.redirectUri, {
      providerOrigins: providers.length > 0 ? await openid.formTargets() : [],
      retryAfter,
    });
  }

  /** Signs `userId` in for the request: a code, or (implicit) a session; the redirect back to the app. */
  async function signIn(c: Context, request: SigninRequest, userId: string): Promise<Response> {
    const familyId = newFamilyId();
    const params = await deps.db.transaction(async (tx): Promise<Record<string, string>> => {
      if (request.responseType === 'implicit') {
        const session = await issueSession(tx, deps, userId, request.app.clientId, familyId);
        return {
          access_token: session.token,
          refresh_token: session.refreshToken,
          token_type: 'Bearer',
          expires_in: String(session.expiresIn),
          state: request.state,
        };
      }
      const code = randomCode();
      const now = deps.now();
      await authRepo(tx).createCode(
        code,
        {
          client_id: request.app.clientId,
          user_id: userId,
          redirect_uri: request.redirectUri,
          code_challenge: request.codeChallenge ?? null,
          family_id: familyId,
          expires_at: now + CODE_TTL_SECONDS,
        },
        now,
      );
      return { code, state: request.state };
    });
    return redirect(c, 303, withParams(request.redirectUri, params));
  }

  /** A confidential app's secret, or (public) nothing to prove; invalid_client otherwise. */
  function authenticateApp(app: OauthApp | undefined, secret: string | undefined): OauthApp {
    if (!app) throw oauthError(401, 'invalid_client', 'Unknown client_id');
    if (app.confidential) {
      const matches = secretsEqual(hashToken(secret ?? ''), app.secretHash ?? '\u0000no-secret');
      if (secret === undefined || !matches) {
        throw oauthError(401, 'invalid_client', 'This app is confidential: send its client_secret (or HTTP Basic)');
      }
    }
    return app;
  }

  async function knownApp(clientId: string, q: Queryable = deps.db.q): Promise<OauthApp | undefined> {
    const app = await authRepo(q).app(clientId);
    // The sandbox/production rule, as for every credential (403 sandbox_credential).
    if (app) await deps.auth.app(clientId, q);
    return app;
  }

  return {
    async signinPage(c: Context): Promise<Response> {
      const { values, repeated } = collect(new URLSearchParams(new URL(c.req.url).search));
      const checked = await checkSignin(deps, values, repeated);
      if (checked.kind !== 'ok') return answerChecked(c, checked, 302);
      return page(c, checked.request, 200);
    },

    async signinSubmit(c: Context): Promise<Response> {
      if (crossSite(c)) {
        return html(
          c,
          403,
          problemPage(
            'This form was sent from another site',
            'The platform accepts its sign-in form only from its own sign-in page.',
            environment,
          ),
        );
      }
      const fields = await readJsonOrFormBody(c.req.raw, c.env as NodeEnv | undefined, [
        'application/x-www-form-urlencoded',
      ]);
      const checked = await checkSignin(deps, fields, new Set());
      if (checked.kind !== 'ok') return answerChecked(c, checked, 303);
      const request = checked.request;
      const token = typeof fields.csrf_token === 'string' ? fields.csrf_token : '';
      if (!(await csrfHolds(c, deps.db, request.params, token))) {
        return page(c, request, 403, {
          error: {
            message:
              'This sign-in form has expired, or your browser did not send the platform’s cookie. Sign in again below.',
          },
        });
      }
      if (fields.action === 'cancel') {
        return redirect(
          c,
          303,
          withParams(request.redirectUri, {
            error: 'access_denied',
            error_description: 'The person cancelled the sign-in',
            state: request.state,
          }),
        );
      }
      if (typeof fields.provider === 'string' && !request.appLogin) {
        const started = await openid.start(c, fields.provider, request.params);
        if ('location' in started) return redirect(c, 303, started.location);
        return page(c, request, started.status, { error: { message: started.message } });
      }
      const userId = typeof fields.user_id === 'string' ? fields.user_id : undefined;
      if (userId !== undefined) {
        if (!pickerAllowed(deps, request)) {
          return page(c, request, 403, {
            error: {
              message: `Demo people sign in only to sandbox apps on the sandbox platform; sign in to ${request.app.name} with a handle and password.`,
            },
          });
        }
        const person = await authRepo(deps.db.q).person(userId);
        if (!person || person.anonymous === 1) {
          return page(c, request, 400, { error: { message: 'Pick one of the demo people listed.' } });
        }
        return signIn(c, request, person.user_id);
      }
      const typed = typeof fields.handle === 'string' ? fields.handle.trim() : '';
      const credentials = signinCredentialsSchema.safeParse({ handle: typed, password: fields.password });
      if (!credentials.success) {
        const field = credentials.error.issues.some((issue) => issue.path[0] === 'handle') ? 'handle' : 'password';
        return page(c, request, 400, {
          error: { message: field === 'handle' ? 'Enter your handle.' : 'Enter your password.', field },
          handle: typed.slice(0, signinLimits.handle),
        });
      }
      const { handle: handleInput, password } = credentials.data;
      const handle = handleInput.startsWith('@') ? handleInput : `@${handleInput}`;
      // The form's cookie is the browser (the form was checked above, so it is there).
      const browser = cookieOf(c);
      const keys = signinKeys(deps.settings, handle, clientAddress(c), browser);
      const known = browser === undefined ? undefined : knownBrowserKey(handle, browser);
      let outcome: { kind: 'wait'; retryAfter: number } | { kind: 'wrong' } | { kind: 'right'; userId: string };
      // A waiting key is answered before a hashing slot is asked for, so a flood that is already held back
      // (its addresses over their budget) takes no slot from the people signing in meanwhile.
      const record = await recorded(deps.db, known ? [...keys, known] : keys, deps.now());
      // One known check per handle at a time in this process: an account's owner signing in again and
      // again from a known browser holds one slot of the kept share, not all of it.
      const standing = standingOf(record, !knownChecks.has(handle.toLowerCase()));
      if (standing === 'known') knownChecks.add(handle.toLowerCase());
      try {
        // The slot first: a refusal for load counts nothing against the person.
        outcome =
          record.wait > 0
            ? { kind: 'wait', retryAfter: record.wait }
            : await deps.passwords.run(async () => {
                // Before the account is looked up, so a blocked attempt costs the same whether the handle exists or not.
                const taken = await take(deps.db, keys, deps.now());
                if (!taken.ok) return { kind: 'wait', retryAfter: taken.retryAfter };
                const account = hasControl(handle) ? undefined : await authRepo(deps.db.q).account(handle);
                // Checked even without an account, so the time taken does not tell which handles exist.
                const matches = await verifyPassword(
                  password,
                  account?.anonymous === 0 ? account.password_hash : undefined,
                );
                if (account && matches) return { kind: 'right', userId: account.user_id };
                await failed(deps.db, taken, deps.now());
                return { kind: 'wrong' };
              }, standing);
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 503)) throw error;
        return page(
          c,
          request,
          503,
          {
            error: { message: 'The platform is busy checking other sign-ins. Wait a second, then sign in again.' },
            handle: handleInput,
          },
          error.retryAfter,
        );
      } finally {
        if (standing === 'known') knownChecks.delete(handle.toLowerCase());
      }
      if (outcome.kind === 'wait') {
        return page(
          c,
          request,
          429,
          {
            error: {
              message: `Too many failed sign-ins. Wait ${waitText(outcome.retryAfter)}, then try again.`,
            },
            handle: handleInput,
          },
          outcome.retryAfter,
        );
      }
      if (outcome.kind === 'wrong') {
        return page(c, request, 401, {
          error: { message: 'The handle or the password is not right.', field: 'both' },
          handle: handleInput,
        });
      }
      await forgive(deps.db, keys);
      if (known) await remember(deps.db, known, deps.now());
      return signIn(c, request, outcome.userId);
    },

    /** The OpenID provider's answer: the app's sign-in finished as a password sign-in finishes it, or a page saying why not. */
    async oidcCallback(c: Context): Promise<Response> {
      const query = oidcCallbackQuerySchema.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
      if (!query.success) {
        return callbackPage(
          c,
          400,
          problemPage('This sign-in cannot be finished', 'The sign-in provider’s answer is malformed.', environment),
        );
      }
      const outcome = await openid.callback(c, query.data);
      if (outcome.kind === 'refused') {
        const request = signinQuerySchema.safeParse(outcome.params);
        const again = request.success ? endpointUrl(e.oauthSignin, { query: request.data }) : undefined;
        const { status, title, message } = outcome.refusal;
        return callbackPage(c, status, problemPage(title, message, environment, { signinAgain: again }));
      }
      // The app, its address and its rules are checked again: they may have changed while the person was away.
      const checked = await checkSignin(deps, { ...outcome.params }, new Set());
      if (checked.kind !== 'ok') return answerChecked(c, checked, 303);
      return signIn(c, checked.request, outcome.userId);
    },

    async token(c: Context): Promise<OauthToken> {
      const query = collect(new URLSearchParams(new URL(c.req.url).search));
      // RFC 6749 2.3.1: a secret in the address ends up in logs and histories. Refused before the body is read.
      if (Object.hasOwn(query.values, 'client_secret')) {
        throw oauthError(
          400,
          'invalid_request',
          'client_secret must not be sent in the address: send it in the body or with HTTP Basic (RFC 6749 2.3.1)',
          [{ path: 'query.client_secret', message: 'is not accepted in the query string' }],
        );
      }
      const body = await readJsonOrFormBody(c.req.raw, c.env as NodeEnv | undefined, [
        'application/json',
        'application/x-www-form-urlencoded',
      ]);
      const twice = [...query.repeated, ...Object.keys(query.values).filter((name) => Object.hasOwn(body, name))];
      if (twice.length > 0) {
        throw oauthError(400, 'invalid_request', `The parameter "${twice[0]?.slice(0, 64)}" is given more than once`);
      }
      const params: Record<string, unknown> = Object.assign(Object.create(null), query.values, body);
      const basic = readBasic(c.req.header('authorization'));
      if (typeof basic === 'object') {
        if (params.client_secret !== undefined) {
          throw oauthError(
            400,
            'invalid_request',
            'Authenticate the app one way: HTTP Basic or client_secret, not both',
          );
        }
        if (params.client_id !== undefined && params.client_id !== basic.clientId) {
          throw oauthError(400, 'invalid_request', 'client_id differs from the HTTP Basic client id');
        }
        params.client_id = basic.clientId;
        params.client_secret = basic.clientSecret;
      }
      const grant = params.grant_type;
      if (grant === undefined) {
        throw oauthError(400, 'invalid_request', 'grant_type is required', [
          { path: 'body.grant_type', message: 'is required' },
        ]);
      }
      if (typeof grant !== 'string' || !(grantTypes as readonly string[]).includes(grant)) {
        throw oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
      }
      const where = Object.keys(body).length > 0 ? 'body' : 'query';
      const input = parseInput(where, oauthTokenRequestSchema, params, 'invalid_request');
      const session =
        input.grant_type === 'authorization_code' ? await exchangeCode(input) : await exchangeRefresh(input);
      return {
        access_token: session.token,
        refresh_token: session.refreshToken,
        token_type: 'Bearer',
        expires_in: session.expiresIn,
      };
    },

    /** Ends the session of the Bearer token, whose refresh token the body names: its whole family. */
    async logout(c: Context): Promise<{ success: boolean }> {
      const fields = await readJsonOrFormBody(c.req.raw, c.env as NodeEnv | undefined, [
        'application/json',
        'application/x-www-form-urlencoded',
      ]);
      const body = parseInput('body', oauthLogoutBodySchema, fields);
      const token = (c.req.header('authorization') ?? '').trim().replace(/^bearer\s+/i, '');
      await deps.db.transaction(async (tx) => {
        const family = await authRepo(tx).familyOfPair(token, body.refresh_token);
        if (family === undefined) {
          throw new HttpError(400, 'invalid_input', 'The refresh token is not the one of this session', [
            { path: 'body.refresh_token', message: 'is not the refresh token of the Bearer token’s session' },
          ]);
        }
        await endFamily(tx, family);
      });
      return { success: true };
    },
  };

  async function exchangeCode(input: OauthTokenRequest) {
    const missing = (['code', 'client_id'] as const).filter((name) => input[name] === undefined);
    if (missing.length > 0) {
      throw oauthError(
        400,
        'invalid_request',
        `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} required`,
        missing.map((name) => ({ path: `body.${name}`, message: 'is required' })),
      );
    }
    const code = input.code as string;
    const clientId = input.client_id as string;
    const app = authenticateApp(await knownApp(clientId), input.client_secret);
    // A confidential app proves itself with its secret; a public one also names where the code went (RFC 6749 4.1.3).
    if (!app.confidential && input.redirect_uri === undefined) {
      throw oauthError(400, 'invalid_request', 'redirect_uri is required: the one the sign-in was sent to', [
        { path: 'body.redirect_uri', message: 'is required' },
      ]);
    }
    const outcome = await deps.db.transaction(async (tx): Promise<{ error: string } | { session: Session }> => {
      const repo = authRepo(tx);
      const now = deps.now();
      const spent = await repo.spendCode(code, now);
      if (!spent) {
        const family = await repo.usedCodeFamily(code);
        if (family === undefined) return { error: 'The code is not valid' };
        // RFC 6749 4.1.2: a code used twice ends what was issued from it.
        await endFamily(tx, family);
        return { error: 'The code was already used; the sessions issued from it have been ended' };
      }
      // Any faulty exchange spends the code: whoever tried it first, it is of no more use.
      if (spent.expires_at <= now) return { error: 'The code has expired; sign in again' };
      if (spent.client_id !== app.clientId) return { error: 'The code was issued to another app' };
      if (input.redirect_uri !== undefined && input.redirect_uri !== spent.redirect_uri) {
        return { error: 'redirect_uri is not the one the code was sent to' };
      }
      if (spent.code_challenge !== null) {
        if (input.code_verifier === undefined)
          return { error: 'The code was issued with PKCE: send its code_verifier' };
        if (!secretsEqual(S256(input.code_verifier), spent.code_challenge)) {
          return { error: 'code_verifier does not match the code_challenge' };
        }
      } else if (input.code_verifier !== undefined) {
        // The Security BCP: a verifier without a challenge is a downgrade attempt.
        return { error: 'The code was issued without PKCE; a code_verifier is not expected' };
      }
      return { session: await issueSession(tx, deps, spent.user_id, spent.client_id, spent.family_id) };
    });
    if ('error' in outcome) throw oauthError(400, 'invalid_grant', outcome.error);
    return outcome.session;
  }

  async function exchangeRefresh(input: OauthTokenRequest) {
    if (input.refresh_token === undefined) {
      throw oauthError(400, 'invalid_request', 'refresh_token is required', [
        { path: 'body.refresh_token', message: 'is required' },
      ]);
    }
    const named =
      input.client_id === undefined ? undefined : authenticateApp(await knownApp(input.client_id), input.client_secret);
    const refreshed = await refreshSession(deps, input.refresh_token, async (tx, clientId) => {
      // What is thrown here rolls the spend back: the refresh token stays good for its own app.
      if (named !== undefined && named.clientId !== clientId) {
        throw oauthError(400, 'invalid_grant', 'The refresh token was issued to another app');
      }
      if (named === undefined) authenticateApp(await knownApp(clientId, tx), input.client_secret);
      else await deps.auth.app(clientId, tx);
    });
    if (!refreshed.ok) {
      throw oauthError(
        400,
        'invalid_grant',
        refreshed.reused
          ? 'The refresh token was already used; every session of that sign-in has been ended. Sign in again'
          : 'The refresh token is not valid or has expired; sign in again',
      );
    }
    return refreshed.session;
  }
}

/**
 * OAuth sign-in as a browser and an app go through it, over real HTTP: open
 * the sign-in page (keeping its cookie and the form's token, as a browser
 * does), post its form from the page's own origin, follow nothing (the
 * redirect back to the app is read, not fetched), and trade the code at the
 * token endpoint. PKCE pairs are made as an app makes them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { call, type Reply } from './harness.ts';

export const DASHBOARD_CALLBACK = 'http://localhost:5173/auth/callback';

export interface SigninParams {
  readonly client_id: string;
  readonly redirect_uri: string;
  readonly response_type?: string;
  readonly state?: string;
  readonly code_challenge?: string;
  readonly code_challenge_method?: string;
  readonly app_login?: string;
  readonly [name: string]: string | undefined;
}

export interface Page {
  readonly status: number;
  readonly headers: Headers;
  readonly html: string;
  /** `name=value` of the CSRF cookie the page set, to send back as a browser would. */
  readonly cookie: string | undefined;
  /** The token of the page's forms, when it has forms. */
  readonly csrfToken: string | undefined;
  /** Where a redirect sends the browser. */
  readonly location: string | null;
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value);
  return search;
};

async function asPage(response: Response): Promise<Page> {
  const html = await response.text();
  const setCookie = response.headers.get('set-cookie');
  return {
    status: response.status,
    headers: response.headers,
    html,
    cookie: setCookie ? setCookie.split(';')[0] : undefined,
    csrfToken: /name="csrf_token" value="([^"]*)"/.exec(html)?.[1],
    location: response.headers.get('location'),
  };
}

/** GET /oauth/signin with these parameters (a raw query string is sent verbatim). */
export async function openSignin(base: string, params: SigninParams | string): Promise<Page> {
  const search = typeof params === 'string' ? params : query({ response_type: 'code', state: 'xyz', ...params });
  return asPage(await fetch(`${base}/oauth/signin?${search}`, { redirect: 'manual' }));
}

/** POSTs the sign-in form as the page's own browser tab would (its cookie, its origin), unless told otherwise. */
export async function submitSignin(
  base: string,
  fields: Record<string, string | undefined>,
  options: { cookie?: string | undefined; headers?: Record<string, string> } = {},
): Promise<Page> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Origin: new URL(base).origin,
    'Sec-Fetch-Site': 'same-origin',
    ...(options.cookie ? { Cookie: options.cookie } : {}),
    ...options.headers,
  };
  return asPage(
    await fetch(`${base}/oauth/signin`, {
      method: 'POST',
      headers,
      body: query(fields).toString(),
      redirect: 'manual',
    }),
  );
}

/** GET the page behind an invitation or reset link (its path, as the administration API answers it). */
export async function openPasswordPage(base: string, path: string): Promise<Page> {
  return asPage(await fetch(`${base}${path}`, { redirect: 'manual' }));
}

/** POSTs the password page's form as its own browser tab would (its cookie, its origin), unless told otherwise. */
export async function submitPasswordForm(
  base: string,
  fields: { token: string; csrf_token: string | undefined; password: string; password_again?: string },
  options: { cookie?: string | undefined; headers?: Record<string, string> } = {},
): Promise<Page> {
  return asPage(
    await fetch(`${base}/oauth/password`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: new URL(base).origin,
        'Sec-Fetch-Site': 'same-origin',
        ...(options.cookie ? { Cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: query({ password_again: fields.password, ...fields }).toString(),
      redirect: 'manual',
    }),
  );
}

/** The parameters a redirect back to the app carries. */
export function redirectParams(location: string | null): URLSearchParams {
  if (!location) throw new Error('no redirect');
  return new URL(location).searchParams;
}

export type Who = { readonly userId: string } | { readonly handle: string; readonly password: string };

/** Opens the page and signs `who` in on it; answers the redirect's parameters (code or tokens, state). */
export async function authorize(base: string, params: SigninParams, who: Who): Promise<URLSearchParams> {
  const full = { response_type: 'code', state: 'state-1', ...params };
  const page = await openSignin(base, full);
  if (page.status !== 200) throw new Error(`the sign-in page answered ${page.status}: ${page.location ?? page.html}`);
  const credentials = 'userId' in who ? { user_id: who.userId } : { ...who, action: 'password' };
  const done = await submitSignin(
    base,
    { ...full, csrf_token: page.csrfToken, ...credentials },
    { cookie: page.cookie },
  );
  if (done.status !== 303) throw new Error(`sign-in answered ${done.status}: ${done.html}`);
  return redirectParams(done.location);
}

export interface Tokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly token_type: string;
  readonly expires_in: number;
}

/** POST /oauth/token with a JSON body. */
export function tokenRequest(base: string, body: Record<string, string>, headers?: Record<string, string>) {
  return call<Tokens>(base, 'POST', '/oauth/token', { body, ...(headers ? { headers } : {}) });
}

/** Signs `who` in to a public app with code and PKCE, as the dashboard does; answers the tokens. */
export async function signInWithCode(
  base: string,
  clientId: string,
  who: Who,
  redirectUri = DASHBOARD_CALLBACK,
): Promise<Tokens> {
  const { verifier, challenge } = pkce();
  const back = await authorize(
    base,
    { client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256' },
    who,
  );
  const code = back.get('code');
  if (!code) throw new Error(`no code in the redirect: ${back}`);
  const reply: Reply<Tokens> = await tokenRequest(base, {
    grant_type: 'authorization_code',
    code,
    client_id: clientId,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  if (reply.status !== 200)
    throw new Error(`the code exchange answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

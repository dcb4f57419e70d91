/**
 * The sign-in page as a browser meets it, over real HTTP: a plain HTML form
 * under a strict CSP, that never sends anyone to an address the app did not
 * register, tells the app of every other fault, and takes posts only from
 * itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { startService, type TestService } from '../../../testkit/harness.ts';
import {
  DASHBOARD_CALLBACK,
  openSignin,
  type Page,
  pkce,
  redirectParams,
  type SigninParams,
  submitSignin,
} from '../../../testkit/oauth.ts';
import { readSettings } from '../../config.ts';

let sandbox: TestService;
let production: TestService;

beforeAll(async () => {
  sandbox = await startService();
  production = await startService({ db: sandbox.db, env: { PLATFORM_ENV: 'production' } });
});
afterAll(async () => {
  await production.close();
  await sandbox.close();
});

const training = demoIds.apps.training;
const prodApp = demoIds.apps.production;
const trainer = demoIds.users.trainer;

/** A complete, valid code request of a sandbox app with PKCE. */
function request(overrides: Partial<SigninParams> = {}): SigninParams {
  return {
    client_id: training,
    redirect_uri: DASHBOARD_CALLBACK,
    response_type: 'code',
    state: 'st-1',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
}

/** The page stops the sign-in itself: an HTML page, no redirect. */
function expectStopped(page: Page, status: number, says: RegExp): void {
  expect(page.status).toBe(status);
  expect(page.location).toBeNull();
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.html).toMatch(says);
  expect(page.html).not.toContain('<form');
}

/** Posts the page's forms as its own tab would, with these fields added. */
async function post(
  page: Page,
  params: SigninParams,
  fields: Record<string, string>,
  headers?: Record<string, string>,
) {
  return submitSignin(
    sandbox.url,
    { ...params, csrf_token: page.csrfToken, ...fields },
    { cookie: page.cookie, ...(headers ? { headers } : {}) },
  );
}

describe('the sign-in page', () => {
  it('is a plain HTML form under a strict CSP: no script, no inline style, labelled fields, one h1, landmarks', async () => {
    const page = await openSignin(sandbox.url, request());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The browser applies form-action to the redirect after the post: the app's own origin is named.
    expect(csp).toMatch(/form-action 'self' http:\/\/localhost:5173(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|script-src/);
    // A browser posts the form with its real Origin (under no-referrer it would send `Origin: null`).
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.html).not.toMatch(/<script|\sstyle=|<style|\son[a-z]+=/i);
    expect(page.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page.html).toMatch(/<title>Sign in to [^<]+<\/title>/);
    expect(page.html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(page.html).toMatch(/<header class="banner">/);
    expect(page.html).toMatch(/<main id="main"/);
    // Every field a person fills in has a label naming it.
    const visible = [...page.html.matchAll(/<input (?![^>]*type="hidden")[^>]*id="([^"]+)"/g)].map((m) => m[1]);
    expect(visible).toEqual(['handle', 'password']);
    for (const id of visible) expect(page.html).toContain(`<label for="${id}">`);
    // Every demo person's button names who it signs in.
    expect(page.html).toContain('Sign in<span class="visually-hidden"> as Dana Okafor (@dokafor)</span>');
    const cookie = page.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^oauth_csrf=[A-Za-z0-9_-]{43}; Path=\/oauth; HttpOnly; SameSite=Strict/);

    // Its icon, from this origin, which the policy's img-src 'self' lets the browser load.
    expect(page.html).toContain('<link rel="icon" href="/oauth/favicon.svg" type="image/svg+xml">');
    expect(csp).toContain("img-src 'self'");
    const icon = await fetch(`${sandbox.url}/oauth/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);

    const css = await fetch(`${sandbox.url}/oauth/signin.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('.visually-hidden');
  });

  it('escapes a hostile state on the page and hands it back to the app unchanged', async () => {
    const state = '"><script>alert(1)</script><img src=x onerror=alert(2)>&amp;';
    const params = request({ state });
    const page = await openSignin(sandbox.url, params);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>');
    expect(page.html).not.toContain('<img');
    expect(page.html).toContain(
      'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&amp;amp;"',
    );
    const done = await post(page, params, { user_id: trainer });
    expect(done.status).toBe(303);
    expect(redirectParams(done.location).get('state')).toBe(state);
  });

  it('never redirects when the app is unknown or the redirect_uri is not exactly one it registered', async () => {
    expectStopped(await openSignin(sandbox.url, request({ client_id: 'no-such-app' })), 400, /not known/);
    expectStopped(await openSignin(sandbox.url, request({ client_id: undefined })), 400, /not known/);
    for (const redirect_uri of [
      'https://evil.example/auth/callback',
      `${DASHBOARD_CALLBACK}/`,
      `${DASHBOARD_CALLBACK}?next=https://evil.example`,
      'http://LOCALHOST:5173/auth/callback',
    ]) {
      expectStopped(await openSignin(sandbox.url, request({ redirect_uri })), 400, /not registered/);
    }
    const twice = `${new URLSearchParams(request() as Record<string, string>)}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`;
    expectStopped(await openSignin(sandbox.url, twice), 400, /not registered/);
  });

  it('tells the app of any other fault, by redirect with error and state (RFC 6749 4.1.2.1)', async () => {
    const cases: [Partial<SigninParams>, string, string | null][] = [
      [{ response_type: undefined }, 'invalid_request', 'st-1'],
      [{ response_type: 'token' }, 'unsupported_response_type', 'st-1'],
      [{ state: undefined }, 'invalid_request', null],
      [{ code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request', 'st-1'],
      [{ code_challenge_method: 'plain' }, 'invalid_request', 'st-1'],
      [{ code_challenge_method: undefined }, 'invalid_request', 'st-1'],
      [{ code_challenge: 'too-short' }, 'invalid_request', 'st-1'],
      [{ app_login: 'maybe' }, 'invalid_request', 'st-1'],
    ];
    for (const [overrides, error, state] of cases) {
      const page = await openSignin(sandbox.url, request(overrides));
      expect(page.status, JSON.stringify(overrides)).toBe(302);
      expect(page.location?.startsWith(`${DASHBOARD_CALLBACK}?`)).toBe(true);
      const back = redirectParams(page.location);
      expect(back.get('error'), JSON.stringify(overrides)).toBe(error);
      expect(back.get('state')).toBe(state);
      expect(back.get('code')).toBeNull();
    }
  });

  it('signs a demo person in as a plain form post, and sends the code back with the state', async () => {
    const params = request();
    const page = await openSignin(sandbox.url, params);
    const done = await post(page, params, { user_id: trainer });
    expect(done.status).toBe(303);
    expect(done.headers.get('cache-control')).toBe('no-store');
    expect(done.location?.startsWith(`${DASHBOARD_CALLBACK}?`)).toBe(true);
    const back = redirectParams(done.location);
    expect(back.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(back.get('state')).toBe('st-1');
  });

  it('sends the person back with access_denied when they cancel', async () => {
    const params = request();
    const page = await openSignin(sandbox.url, params);
    const done = await post(page, params, { action: 'cancel' });
    expect(done.status).toBe(303);
    const back = redirectParams(done.location);
    expect(back.get('error')).toBe('access_denied');
    expect(back.get('state')).toBe('st-1');
    expect(back.get('code')).toBeNull();
  });

  it('refuses a post from another site, and one without the page’s cookie or token', async () => {
    const params = request();
    const page = await openSignin(sandbox.url, params);
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const refused = await post(page, params, { user_id: trainer }, headers);
      expectStopped(refused, 403, /another site/);
    }
    const noCookie = await submitSignin(sandbox.url, { ...params, csrf_token: page.csrfToken, user_id: trainer });
    expect(noCookie.status).toBe(403);
    expect(noCookie.location).toBeNull();
    expect(noCookie.html).toMatch(/role="alert"[\s\S]*expired/);
    const forged = await post(page, params, { user_id: trainer, csrf_token: 'A'.repeat(43) });
    expect(forged.status).toBe(403);
    expect(forged.location).toBeNull();
    // A token is bound to the request it was made for: another state, another token.
    const other = await post(page, { ...params, state: 'another-state' }, { user_id: trainer });
    expect(other.status).toBe(403);
    expect(other.location).toBeNull();
    // The page answered again carries a fresh token that works.
    const retried = await submitSignin(
      sandbox.url,
      { ...params, csrf_token: noCookie.csrfToken, user_id: trainer },
      { cookie: noCookie.cookie },
    );
    expect(retried.status).toBe(303);
  });

  it('signs in with a handle and password; a wrong one answers the page again, keeping the handle', async () => {
    const params = request();
    const page = await openSignin(sandbox.url, params);
    const wrong = await post(page, params, { action: 'password', handle: '@dokafor', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.location).toBeNull();
    expect(wrong.html).toMatch(
      /<div class="alert" role="alert" id="signin-error"><p>The handle or the password is not right/,
    );
    expect(wrong.html).toContain('value="@dokafor" aria-invalid="true"');
    // An unknown handle gets the very same answer.
    const unknown = await post(page, params, { action: 'password', handle: '@nobody', password: 'x' });
    expect(unknown.status).toBe(401);
    expect(unknown.html).toContain('The handle or the password is not right');
    const empty = await post(page, params, { action: 'password', handle: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('Enter your handle.');
    // The handle with or without its @.
    const right = await post(page, params, { action: 'password', handle: 'dokafor', password: 'dokafor-sandbox-2026' });
    expect(right.status).toBe(303);
    expect(redirectParams(right.location).get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses a handle or password beyond the form's limits before looking anyone up, naming the field", async () => {
    const params = request();
    const page = await openSignin(sandbox.url, params);
    const password = 'dokafor-sandbox-2026';
    const longHandle = await post(page, params, { action: 'password', handle: `dokafor${'x'.repeat(60)}`, password });
    expect(longHandle.status).toBe(400);
    expect(longHandle.html).toContain('Enter your handle.');
    // Shown again as far as the field takes it.
    expect(longHandle.html).toContain(`value="dokafor${'x'.repeat(58)}" aria-invalid="true"`);
    const longPassword = await post(page, params, {
      action: 'password',
      handle: 'dokafor',
      password: 'p'.repeat(1025),
    });
    expect(longPassword.status).toBe(400);
    expect(longPassword.html).toContain('Enter your password.');
    expect(longPassword.html).toContain('value="dokafor"');
    // Spaces around the handle are not part of it, and a password at the limit is a password.
    const spaced = await post(page, params, { action: 'password', handle: '  dokafor  ', password: 'p'.repeat(1024) });
    expect(spaced.status).toBe(401);
    expect(spaced.html).toContain('value="dokafor"');
    const right = await post(page, params, { action: 'password', handle: ' @dokafor ', password });
    expect(right.status).toBe(303);
  });

  it('offers the demo people to sandbox apps only: a production app, or app_login=true, signs in with a password', async () => {
    const prodParams = request({ client_id: prodApp });
    const prodPage = await openSignin(sandbox.url, prodParams);
    expect(prodPage.status).toBe(200);
    expect(prodPage.html).not.toContain('name="user_id"');
    expect(prodPage.html).toContain('name="password"');
    // A post naming a demo person anyway is refused, and nobody is sent back with a code.
    const forced = await post(prodPage, prodParams, { user_id: trainer });
    expect(forced.status).toBe(403);
    expect(forced.location).toBeNull();
    expect(forced.html).toMatch(/sandbox apps/);
    const withPassword = await post(prodPage, prodParams, {
      action: 'password',
      handle: '@dokafor',
      password: 'dokafor-sandbox-2026',
    });
    expect(withPassword.status).toBe(303);

    const appLogin = request({ app_login: 'true' });
    const appLoginPage = await openSignin(sandbox.url, appLogin);
    expect(appLoginPage.html).not.toContain('name="user_id"');
    expect((await post(appLoginPage, appLogin, { user_id: trainer })).status).toBe(403);
    const plainPage = await openSignin(sandbox.url, request({ app_login: 'false' }));
    expect(plainPage.html).toContain('name="user_id" value="usr-d01"');
  });

  it('does not offer or sign in an anonymous account', async () => {
    const created = await fetch(`${sandbox.url}/user/v1/my/profile`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Client-Id': training },
      body: JSON.stringify({
        handle: '@anon-signin',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-signin',
        anonymous: true,
      }),
    });
    expect(created.status).toBe(201);
    const params = request();
    const page = await openSignin(sandbox.url, params);
    expect(page.html).not.toContain('anon-signin');
    const picked = await post(page, params, { user_id: 'anon-signin' });
    expect(picked.status).toBe(400);
    expect(picked.location).toBeNull();
  });

  it('on a production service: a sandbox app gets a page, never a redirect; a production app signs in with a password', async () => {
    const sandboxApp = await openSignin(production.url, request());
    expectStopped(sandboxApp, 403, /sandbox app/);
    const params = request({ client_id: prodApp });
    const page = await openSignin(production.url, params);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('name="user_id"');
    expect(page.html).not.toContain('Sandbox</span>');
    const done = await submitSignin(
      production.url,
      {
        ...params,
        csrf_token: page.csrfToken,
        action: 'password',
        handle: '@dokafor',
        password: 'dokafor-sandbox-2026',
      },
      { cookie: page.cookie },
    );
    expect(done.status).toBe(303);
  });
});

describe('the dashboard’s callback on the service’s own PORT', () => {
  const on3000 = ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:3000/auth/callback`);

  it('signs a sandbox app in with no setting, as PORT=3000 npm start does', async () => {
    // The default port's service does not answer to 3000: the page says why, what to set, and offers a way back.
    const stopped = await openSignin(sandbox.url, request({ redirect_uri: on3000[0] }));
    expectStopped(stopped, 400, /not registered/);
    expect(stopped.html).toContain('SANDBOX_REDIRECT_URIS');
    expect(stopped.html).toContain('<a class="back" href="/">Back to the start page</a>');
    const own = await startService({ db: sandbox.db, env: { PORT: '3000' } });
    try {
      for (const redirect_uri of on3000) {
        const params = request({ redirect_uri });
        const page = await openSignin(own.url, params);
        expect(page.status, redirect_uri).toBe(200);
        const done = await submitSignin(
          own.url,
          { ...params, csrf_token: page.csrfToken, user_id: trainer },
          { cookie: page.cookie },
        );
        expect(done.location?.startsWith(`${redirect_uri}?code=`), redirect_uri).toBe(true);
      }
      // Only the dashboard's callback path, and not for a production app.
      expectStopped(
        await openSignin(own.url, request({ redirect_uri: 'http://localhost:3000/elsewhere' })),
        400,
        /not registered/,
      );
      expectStopped(
        await openSignin(own.url, request({ client_id: prodApp, redirect_uri: on3000[0] })),
        400,
        /not registered/,
      );
    } finally {
      await own.close();
    }
  });

  it('is not served by a production service: the page names the admin command that registers it', async () => {
    const own = await startService({ db: sandbox.db, env: { PLATFORM_ENV: 'production', PORT: '3000' } });
    try {
      const stopped = await openSignin(own.url, request({ client_id: prodApp, redirect_uri: on3000[0] }));
      expectStopped(stopped, 400, /not registered/);
      expect(stopped.html).toContain(`npm run admin -- app set-redirect-uris ${prodApp}`);
      expect(stopped.html).not.toContain('SANDBOX_REDIRECT_URIS');
      expect(stopped.html).toContain('href="/"');
    } finally {
      await own.close();
    }
  });
});

describe('SANDBOX_REDIRECT_URIS', () => {
  it('adds redirect URIs every sandbox app answers to (the e2e dashboard on its own port)', async () => {
    const extra = 'http://127.0.0.1:18200/auth/callback';
    expectStopped(await openSignin(sandbox.url, request({ redirect_uri: extra })), 400, /not registered/);
    const widened = await startService({
      db: sandbox.db,
      env: { SANDBOX_REDIRECT_URIS: `${extra}, http://localhost:18200/auth/callback` },
    });
    try {
      expect((await openSignin(widened.url, request({ redirect_uri: extra }))).status).toBe(200);
      // Not for a production app.
      expectStopped(
        await openSignin(widened.url, request({ client_id: prodApp, redirect_uri: extra })),
        400,
        /not registered/,
      );
    } finally {
      await widened.close();
    }
  });

  it('are checked at start: addresses a redirect URI may be, on a sandbox only', () => {
    expect(() => readSettings({ SANDBOX_REDIRECT_URIS: 'http://evil.example/cb' })).toThrow(
      /SANDBOX_REDIRECT_URIS: each must be/,
    );
    expect(() =>
      readSettings({ PLATFORM_ENV: 'production', SANDBOX_REDIRECT_URIS: 'http://localhost:9000/auth/callback' }),
    ).toThrow(/SANDBOX_REDIRECT_URIS: is for a sandbox service only/);
    expect(
      readSettings({ SANDBOX_REDIRECT_URIS: ' http://localhost:9000/cb ,,https://a.example/cb' }).SANDBOX_REDIRECT_URIS,
    ).toEqual(['http://localhost:9000/cb', 'https://a.example/cb']);
  });
});

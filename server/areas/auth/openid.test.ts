/**
 * Sign-in through the organization's own OpenID provider, against a real
 * OpenID Provider (oidc-provider) in this process, over real HTTP: the
 * sign-in page's "Continue with <name>", the provider's login, the callback
 * that finishes the app's sign-in with a code, as a password sign-in does.
 * And every answer the service must refuse: a person the import does not
 * know, an unverified email, a state it did not start, a callback played
 * twice, an ID token with another nonce or for another audience.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullProfileSchema } from '../../../contract/users.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, startService, type TestService } from '../../../testkit/harness.ts';
import {
  DASHBOARD_CALLBACK,
  openSignin,
  type Page,
  pkce,
  redirectParams,
  submitSignin,
  tokenRequest,
} from '../../../testkit/oauth.ts';
import { startOpenidProvider, type TestOpenidProvider } from '../../../testkit/openid-provider.ts';
import { ADMIN_TOKEN, admin } from '../../../testkit/plugin-kit.ts';

const training = demoIds.apps.training;
const corp = { id: 'corp', name: 'Corp ID', clientId: 'platform-by-email', clientSecret: 'corp-secret-0123456789' };
const directory = {
  id: 'directory',
  name: 'Wing Directory',
  clientId: 'platform-by-id',
  clientSecret: 'directory-secret-0123456789',
  match: 'externalId',
  externalIdClaim: 'employee_id',
  scope: 'openid employee',
};

/** The provider's people: Dana (the demo trainer, by email), an imported person by id, and two it must not let in. */
const accounts = {
  dana: { email: 'Dana.Okafor@example.mil', email_verified: true, employee_id: 'nobody-has-this' },
  rivet: { email: 'r.rivet@elsewhere.example', email_verified: true, employee_id: 'E-40417' },
  stranger: { email: 'stranger@example.org', email_verified: true, employee_id: 'E-99999' },
  unverified: { email: 'dana.okafor@example.mil', email_verified: false },
};
const imported = { userId: 'usr-oidc-rivet', handle: '@rrivet', externalId: 'E-40417' };

let op: TestOpenidProvider;
let service: TestService;

beforeAll(async () => {
  op = await startOpenidProvider({ interactions: 'auto', accounts });
  service = await startService({
    env: {
      ADMIN_TOKEN,
      OIDC_PROVIDERS: JSON.stringify([
        { ...corp, issuer: op.issuer },
        { ...directory, issuer: op.issuer },
      ]),
    },
  });
  const callback = `${service.url}/oauth/oidc/callback`;
  op.serve(
    [corp, directory].map((p) => ({ clientId: p.clientId, clientSecret: p.clientSecret, redirectUris: [callback] })),
  );
  const reply = await admin(service.url, 'POST', '/admin/v1/import', {
    users: [
      {
        userId: imported.userId,
        handle: imported.handle,
        firstName: 'Robin',
        lastName: 'Rivet',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        externalId: imported.externalId,
      },
    ],
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
});
afterAll(async () => {
  await service?.close();
  await op?.close();
});

interface Started {
  readonly providerUrl: string;
  /** `name=value` of the cookie that ties the callback to this browser. */
  readonly cookie: string;
  readonly verifier: string;
}

function pkceParams() {
  const { challenge } = pkce();
  return { code_challenge: challenge, code_challenge_method: 'S256' };
}

/** Opens the dashboard's sign-in page and presses "Continue with <name>". */
async function continueWith(provider: { id: string; name: string }): Promise<Started> {
  const { verifier, challenge } = pkce();
  const params = {
    client_id: training,
    redirect_uri: DASHBOARD_CALLBACK,
    response_type: 'code',
    state: 'the-apps-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  const page = await openSignin(service.url, params);
  expect(page.status).toBe(200);
  expect(page.html).toContain(`>Continue with ${provider.name}</button>`);
  // The form's redirect to the provider is allowed by the page's policy.
  expect(page.headers.get('content-security-policy')).toContain(
    `form-action 'self' http://localhost:5173 ${op.issuer}`,
  );
  const started = await submitSignin(
    service.url,
    { ...params, csrf_token: page.csrfToken, provider: provider.id },
    { cookie: page.cookie },
  );
  expect(started.status, started.html).toBe(303);
  const setCookie = started.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^oidc_state=[\w-]+; Path=\/oauth\/oidc\/callback; HttpOnly; SameSite=Lax; Max-Age=600$/);
  return { providerUrl: started.location ?? '', cookie: setCookie.split(';')[0] ?? '', verifier };
}

/** Goes through the provider's login as `accountId`, as a browser follows its redirects; answers the callback address. */
async function loginAt(providerUrl: string, accountId: string | undefined): Promise<string> {
  op.loginAs(accountId);
  const jar = new Map<string, string>();
  let url = providerUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    const next = new URL(location, url).href;
    if (next.startsWith(`${service.url}/oauth/oidc/callback`)) return next;
    url = next;
  }
  throw new Error('the provider never sent the browser back');
}

async function callback(url: string, cookie: string | undefined): Promise<Page> {
  const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return {
    status: response.status,
    headers: response.headers,
    html: await response.text(),
    cookie: undefined,
    csrfToken: undefined,
    location: response.headers.get('location'),
  };
}

/** The person the app's code signs in, by trading it as the dashboard does. */
async function personSignedIn(done: Page, verifier: string): Promise<string> {
  expect(done.status, done.html).toBe(303);
  const back = redirectParams(done.location);
  expect(done.location?.startsWith(`${DASHBOARD_CALLBACK}?`)).toBe(true);
  expect(back.get('state')).toBe('the-apps-state');
  const tokens = await tokenRequest(service.url, {
    grant_type: 'authorization_code',
    code: back.get('code') ?? '',
    client_id: training,
    redirect_uri: DASHBOARD_CALLBACK,
    code_verifier: verifier,
  });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  const profile = await call(service.url, 'GET', '/user/v1/my/profile', { token: tokens.body.access_token });
  expect(profile.status).toBe(200);
  return fullProfileSchema.parse(profile.body).userId;
}

/** A refusal page: the status, its heading, no script, the strict policy, and nobody signed in. */
function expectRefused(page: Page, status: number, heading: string): void {
  expect(page.status, page.html).toBe(status);
  expect(page.location).toBeNull();
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(page.html).toContain(`<h1>${heading}</h1>`);
  expect(page.html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toMatch(/unsafe-inline|script-src/);
  // Its address may hold the provider's code: no page it links to is told it.
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
}

const userCount = async () =>
  Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM users`.execute(service.db.q)).rows[0]?.n);

describe('signing in through the organization’s OpenID provider', () => {
  it('signs a person in by their verified email, whatever its case, and finishes the app’s sign-in with a code', async () => {
    const started = await continueWith(corp);
    expect(new URL(started.providerUrl).origin).toBe(op.issuer);
    const query = new URL(started.providerUrl).searchParams;
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);
    const done = await callback(await loginAt(started.providerUrl, 'dana'), started.cookie);
    // The cookie is spent with the callback.
    expect(done.headers.get('set-cookie')).toContain(
      'oidc_state=; Path=/oauth/oidc/callback; HttpOnly; SameSite=Lax; Max-Age=0',
    );
    expect(await personSignedIn(done, started.verifier)).toBe(demoIds.users.trainer);
  });

  it('signs a person in by the externalId the people import carries', async () => {
    const started = await continueWith(directory);
    const done = await callback(await loginAt(started.providerUrl, 'rivet'), started.cookie);
    expect(await personSignedIn(done, started.verifier)).toBe(imported.userId);
  });

  it('refuses a person the import does not know, with a page, and creates nobody', async () => {
    const before = await userCount();
    for (const provider of [corp, directory]) {
      const started = await continueWith(provider);
      const done = await callback(await loginAt(started.providerUrl, 'stranger'), started.cookie);
      expectRefused(done, 403, 'You are not known here');
      expect(done.html).toContain('Ask your administrator to add you');
      // A way back to the same sign-in, to try another way.
      expect(done.html).toMatch(
        /<a href="\/oauth\/signin\?client_id=sandbox-trainer-dashboard&amp;[^"]*">Sign in another way<\/a>/,
      );
    }
    expect(await userCount()).toBe(before);
  });

  it('tells the person when they cancelled at the provider, and signs nobody in', async () => {
    const started = await continueWith(corp);
    const back = await loginAt(started.providerUrl, undefined);
    expect(new URL(back).searchParams.get('error')).toBe('access_denied');
    const done = await callback(back, started.cookie);
    expectRefused(done, 403, 'Corp ID did not sign you in');
    expect(done.html).toContain('The sign-in at Corp ID was cancelled.');
  });

  it('does not match an email the provider has not verified', async () => {
    const started = await continueWith(corp);
    const done = await callback(await loginAt(started.providerUrl, 'unverified'), started.cookie);
    expectRefused(done, 403, 'Email address not verified');
  });

  it('refuses a state it did not start, or one started in another browser', async () => {
    const started = await continueWith(corp);
    const back = new URL(await loginAt(started.providerUrl, 'dana'));
    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-of-nobodys');
    expectRefused(
      await callback(forged.href, 'oidc_state=a-state-of-nobodys'),
      400,
      'This sign-in was not started here',
    );
    // The real answer, in a browser without the cookie (a login forced on someone else).
    expectRefused(await callback(back.href, undefined), 400, 'This sign-in was not started here');
    expectRefused(
      await callback(back.href, 'oidc_state=another-browsers-state'),
      400,
      'This sign-in was not started here',
    );
  });

  it('answers a callback once: played again, it is refused', async () => {
    const started = await continueWith(corp);
    const back = await loginAt(started.providerUrl, 'dana');
    expect(await personSignedIn(await callback(back, started.cookie), started.verifier)).toBe(demoIds.users.trainer);
    expectRefused(await callback(back, started.cookie), 400, 'This sign-in was not started here');
  });

  it('refuses an ID token with another sign-in’s nonce, or made for another relying party', async () => {
    try {
      for (const how of ['wrong-nonce', 'foreign-audience'] as const) {
        op.misbehave(how);
        const started = await continueWith(corp);
        const done = await callback(await loginAt(started.providerUrl, 'dana'), started.cookie);
        expectRefused(done, 403, 'Corp ID’s answer could not be verified');
      }
    } finally {
      op.misbehave('none');
    }
    // The same provider, behaving, still signs people in.
    const started = await continueWith(corp);
    const done = await callback(await loginAt(started.providerUrl, 'dana'), started.cookie);
    expect(await personSignedIn(done, started.verifier)).toBe(demoIds.users.trainer);
  });

  it('says so when the provider cannot be reached, and keeps the other ways to sign in', async () => {
    const closed = await startOpenidProvider({ interactions: 'auto', accounts });
    const issuer = closed.issuer;
    await closed.close();
    const lonely = await startService({
      db: service.db,
      env: { OIDC_PROVIDERS: JSON.stringify([{ ...corp, issuer }]) },
    });
    try {
      const params = { client_id: training, redirect_uri: DASHBOARD_CALLBACK, ...pkceParams() };
      const page = await openSignin(lonely.url, params);
      expect(page.status).toBe(200);
      const started = await submitSignin(
        lonely.url,
        { ...params, response_type: 'code', state: 'xyz', csrf_token: page.csrfToken, provider: corp.id },
        { cookie: page.cookie },
      );
      expect(started.status).toBe(403);
      expect(started.html).toContain('The platform could not reach Corp ID just now.');
      expect(started.html).toContain('>Sign in with your handle and password</h2>');
    } finally {
      await lonely.close();
    }
  });

  it('is not offered to an app that asks for the handle and password form alone (app_login)', async () => {
    const { challenge } = pkce();
    const page = await openSignin(service.url, {
      client_id: training,
      redirect_uri: DASHBOARD_CALLBACK,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      app_login: 'true',
    });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('Continue with');
  });
});

/**
 * The token endpoint and sign-out as the platform's SDKs call them, over real
 * HTTP (docs/interface-decisions.md, "OAuth 2.0 sign-in"): the dashboard's
 * code with PKCE, the Unity SDK's JSON and response headers, the Swift SDK's
 * refresh in query parameters and its implicit sign-in; single-use codes
 * and refresh tokens, and the families they end when presented again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithSecretSchema } from '../../../contract/apps.ts';
import { oauthTokenSchema } from '../../../contract/auth.ts';
import { basicHeader } from '../../../contract/basic-auth.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import { sessionInfoSchema, sessionSchema } from '../../../contract/users.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, type Reply, startService, type TestService } from '../../../testkit/harness.ts';
import {
  authorize,
  DASHBOARD_CALLBACK,
  openSignin,
  pkce,
  signInWithCode,
  type Tokens,
  tokenRequest,
} from '../../../testkit/oauth.ts';
import { ADMIN_TOKEN, admin } from '../../../testkit/plugin-kit.ts';
import { unknownKeys } from '../../../testkit/unknown-keys.ts';

let service: TestService;
let production: TestService;

beforeAll(async () => {
  service = await startService({ env: { ADMIN_TOKEN } });
  production = await startService({ db: service.db, env: { PLATFORM_ENV: 'production' } });
});
afterAll(async () => {
  await production.close();
  await service.close();
});

const training = demoIds.apps.training;
const trainer = { userId: demoIds.users.trainer };
const dana = { handle: '@dokafor', password: 'dokafor-sandbox-2026' };

/** The tokens of a 200 answer, parsed strictly (an unknown key fails). */
function tokensOf(reply: Reply): Tokens {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(unknownKeys(oauthTokenSchema, reply.body)).toEqual([]);
  return oauthTokenSchema.parse(reply.body);
}

function oauthError(reply: Reply, status: number, code: string): string {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const { error } = errorBodySchema.parse(reply.body);
  expect(error.code).toBe(code);
  return error.message;
}

const profile = (token: string) => call(service.url, 'GET', '/user/v1/my/profile', { token });

/** A code for `who`, signed in to the dashboard app with PKCE; the verifier to trade it with. */
async function codeFor(who = trainer, clientId: string = training) {
  const { verifier, challenge } = pkce();
  const back = await authorize(
    service.url,
    { client_id: clientId, redirect_uri: DASHBOARD_CALLBACK, code_challenge: challenge, code_challenge_method: 'S256' },
    who,
  );
  return { code: back.get('code') as string, verifier };
}

const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  tokenRequest(service.url, {
    grant_type: 'authorization_code',
    code,
    client_id: training,
    redirect_uri: DASHBOARD_CALLBACK,
    code_verifier: verifier,
    ...extra,
  });

describe('the authorization code', () => {
  it('is traded once for a session of the app, with the tokens in the body and in the headers', async () => {
    const { code, verifier } = await codeFor();
    const reply = await exchange(code, verifier);
    const tokens = tokensOf(reply);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: service.settings.TOKEN_TTL_SECONDS });
    // RFC 6749 5.1; the Unity SDK reads the tokens from the headers.
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('pragma')).toBe('no-cache');
    expect(reply.headers.get('access_token')).toBe(tokens.access_token);
    expect(reply.headers.get('refresh_token')).toBe(tokens.refresh_token);
    const session = sessionInfoSchema.parse(
      (await call(service.url, 'GET', '/auth/v1/session', { token: tokens.access_token })).body,
    );
    expect(session).toEqual({ userId: trainer.userId, clientId: training, scopes: ['training'], anonymous: false });
    expect((await profile(tokens.access_token)).status).toBe(200);
  });

  it('replayed, is refused, and the sessions issued from it end', async () => {
    const { code, verifier } = await codeFor();
    const first = tokensOf(await exchange(code, verifier));
    const replay = await exchange(code, verifier);
    expect(oauthError(replay, 400, 'invalid_grant')).toMatch(/already used/);
    expect(replay.headers.get('access_token')).toBeNull();
    const ended = await profile(first.access_token);
    expect(ended.status).toBe(401);
    expect(errorBodySchema.parse(ended.body).error.code).toBe('invalid_token');
    oauthError(
      await tokenRequest(service.url, { grant_type: 'refresh_token', refresh_token: first.refresh_token }),
      400,
      'invalid_grant',
    );
  });

  it('refuses a wrong code_verifier, a missing one, and a wrong redirect_uri; each spends the code', async () => {
    const wrongVerifier = await codeFor();
    expect(oauthError(await exchange(wrongVerifier.code, pkce().verifier), 400, 'invalid_grant')).toMatch(
      /code_verifier/,
    );
    // Spent by the failed try: the right verifier no longer helps.
    oauthError(await exchange(wrongVerifier.code, wrongVerifier.verifier), 400, 'invalid_grant');

    const noVerifier = await codeFor();
    const missing = await tokenRequest(service.url, {
      grant_type: 'authorization_code',
      code: noVerifier.code,
      client_id: training,
      redirect_uri: DASHBOARD_CALLBACK,
    });
    expect(oauthError(missing, 400, 'invalid_grant')).toMatch(/PKCE/);

    const wrongRedirect = await codeFor();
    const elsewhere = await exchange(wrongRedirect.code, wrongRedirect.verifier, {
      redirect_uri: 'http://localhost:8080/auth/callback',
    });
    expect(oauthError(elsewhere, 400, 'invalid_grant')).toMatch(/redirect_uri/);
    oauthError(await exchange(wrongRedirect.code, wrongRedirect.verifier), 400, 'invalid_grant');

    // A public app names where the code went: without redirect_uri the request is incomplete (nothing spent).
    const noRedirect = await codeFor();
    const incomplete = await tokenRequest(service.url, {
      grant_type: 'authorization_code',
      code: noRedirect.code,
      client_id: training,
      code_verifier: noRedirect.verifier,
    });
    oauthError(incomplete, 400, 'invalid_request');
    tokensOf(await exchange(noRedirect.code, noRedirect.verifier));
  });

  it('is bound to its app and lives about a minute', async () => {
    const other = await codeFor();
    const stolen = await exchange(other.code, other.verifier, { client_id: demoIds.apps.noTraining });
    expect(oauthError(stolen, 400, 'invalid_grant')).toMatch(/another app/);

    const late = await codeFor();
    service.advanceClock(61);
    try {
      expect(oauthError(await exchange(late.code, late.verifier), 400, 'invalid_grant')).toMatch(/expired/);
    } finally {
      service.advanceClock(-61);
    }
    oauthError(await exchange('not-a-code-the-platform-issued', pkce().verifier), 400, 'invalid_grant');
  });

  it('of a sandbox app is refused on a production service, and stays good on the sandbox', async () => {
    const { code, verifier } = await codeFor();
    const refused = await tokenRequest(production.url, {
      grant_type: 'authorization_code',
      code,
      client_id: training,
      redirect_uri: DASHBOARD_CALLBACK,
      code_verifier: verifier,
    });
    expect(oauthError(refused, 403, 'sandbox_credential')).toMatch(/sandbox/);
    tokensOf(await exchange(code, verifier));
  });
});

describe('the refresh token', () => {
  it('is single use and rotated, sent as JSON (Unity), query parameters (Swift) or a form (RFC 6749)', async () => {
    const first = await signInWithCode(service.url, training, trainer);
    const unity = await tokenRequest(service.url, {
      refresh_token: first.refresh_token,
      client_id: training,
      client_secret: 'what-the-unity-sdk-sends',
      grant_type: 'refresh_token',
    });
    const second = tokensOf(unity);
    expect(unity.headers.get('refresh_token')).toBe(second.refresh_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await profile(first.access_token)).status).toBe(401);
    expect((await profile(second.access_token)).status).toBe(200);

    // The Swift SDK: every field in the address of a POST with no body, its access token among them. A
    // secret there is refused (RFC 6749 2.3.1) and spends nothing; the public app's refresh needs none.
    const swift = {
      access_token: second.access_token,
      refresh_token: second.refresh_token,
      client_id: training,
      grant_type: 'refresh_token',
    };
    const withSecret = new URLSearchParams({ ...swift, client_secret: 'what-the-swift-sdk-sends' });
    const refused = await call(service.url, 'POST', `/oauth/token?${withSecret}`);
    expect(oauthError(refused, 400, 'invalid_request')).toMatch(/client_secret/);
    expect(errorBodySchema.parse(refused.body).error.issues?.map((i) => i.path)).toEqual(['query.client_secret']);
    expect((await profile(second.access_token)).status).toBe(200);
    const third = tokensOf(await call(service.url, 'POST', `/oauth/token?${new URLSearchParams(swift)}`));

    const form = await fetch(`${service.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: third.refresh_token }).toString(),
    });
    expect(form.status).toBe(200);
    const fourth = oauthTokenSchema.parse(await form.json());
    expect((await profile(fourth.access_token)).status).toBe(200);
  });

  it('used twice is refused, and every session of that sign-in ends; another sign-in is untouched', async () => {
    const first = await signInWithCode(service.url, training, trainer);
    const untouched = await signInWithCode(service.url, training, trainer);
    const refresh = (refresh_token: string) =>
      tokenRequest(service.url, { grant_type: 'refresh_token', refresh_token, client_id: training });
    const second = tokensOf(await refresh(first.refresh_token));
    const third = tokensOf(await refresh(second.refresh_token));
    expect((await profile(third.access_token)).status).toBe(200);

    // The thief (or the victim) presents a spent one: the whole chain dies.
    expect(oauthError(await refresh(first.refresh_token), 400, 'invalid_grant')).toMatch(/already used/);
    expect((await profile(third.access_token)).status).toBe(401);
    oauthError(await refresh(third.refresh_token), 400, 'invalid_grant');
    expect((await profile(untouched.access_token)).status).toBe(200);
  });

  it('presented again through /auth/v1/token/refresh ends its family too', async () => {
    const start = sessionSchema.parse(
      (
        await call(service.url, 'POST', '/sandbox/v1/token', {
          body: { userId: trainer.userId, clientId: training },
        })
      ).body,
    );
    const refresh = (refreshToken: string) =>
      call(service.url, 'POST', '/auth/v1/token/refresh', { body: { refreshToken } });
    const next = sessionSchema.parse((await refresh(start.refreshToken)).body);
    const reused = await refresh(start.refreshToken);
    expect(reused.status).toBe(401);
    expect(errorBodySchema.parse(reused.body).error.code).toBe('invalid_token');
    expect((await profile(next.token)).status).toBe(401);
  });

  it('outlives its access token: an expired token is told to refresh, and the refresh works', async () => {
    const tokens = await signInWithCode(service.url, training, trainer);
    service.advanceClock(service.settings.TOKEN_TTL_SECONDS + 1);
    try {
      const expired = await profile(tokens.access_token);
      expect(expired.status).toBe(401);
      expect(errorBodySchema.parse(expired.body).error.code).toBe('token_expired');
      const renewed = tokensOf(
        await tokenRequest(service.url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
      );
      expect((await profile(renewed.access_token)).status).toBe(200);
    } finally {
      service.advanceClock(-(service.settings.TOKEN_TTL_SECONDS + 1));
    }
  });

  it('is bound to its app; a wrong app leaves it unspent', async () => {
    const tokens = await signInWithCode(service.url, training, trainer);
    const wrongApp = await tokenRequest(service.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: demoIds.apps.noTraining,
    });
    expect(oauthError(wrongApp, 400, 'invalid_grant')).toMatch(/another app/);
    tokensOf(await tokenRequest(service.url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }));
  });

  it('of an anonymous account refreshes as anyone’s', async () => {
    const created = await call<{ session: { refreshToken: string } }>(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': training },
      body: {
        handle: '@anon-oauth',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-oauth',
        anonymous: true,
      },
    });
    expect(created.status).toBe(201);
    const tokens = tokensOf(
      await tokenRequest(service.url, {
        grant_type: 'refresh_token',
        refresh_token: created.body.session.refreshToken,
        client_id: training,
      }),
    );
    const info = sessionInfoSchema.parse(
      (await call(service.url, 'GET', '/auth/v1/session', { token: tokens.access_token })).body,
    );
    expect(info).toMatchObject({ userId: 'anon-oauth', anonymous: true });
  });
});

describe('a confidential app', () => {
  let clientId: string;
  let clientSecret: string;
  const redirectUri = 'https://unity-app.example/oauth/callback';

  /** A confidential sandbox app, registered by the administrator for `uri`. */
  const registerApp = async (name: string, uri: string) =>
    appWithSecretSchema.parse(
      (
        await admin(service.url, 'POST', '/admin/v1/apps', {
          name,
          environment: 'sandbox',
          redirectUris: [uri],
          confidential: true,
        })
      ).body,
    );

  beforeAll(async () => {
    const created = await registerApp('Unity trainer app', redirectUri);
    clientId = created.app.clientId;
    clientSecret = created.clientSecret as string;
  });

  const codeOfApp = async () =>
    (await authorize(service.url, { client_id: clientId, redirect_uri: redirectUri }, trainer)).get('code') as string;

  it('sends the code to a redirect URI that holds characters a header cannot carry, percent-encoded', async () => {
    const unicode = 'https://unity-app.example/回调';
    const { app } = await registerApp('App with a Chinese callback path', unicode);
    const back = await authorize(service.url, { client_id: app.clientId, redirect_uri: unicode }, trainer);
    expect(back.get('code')).toMatch(/.{20,}/);
    expect(back.get('state')).toBe('state-1');
  });

  it('trades a code as the Unity SDK sends it: JSON with client_secret, no redirect_uri, no PKCE', async () => {
    const code = await codeOfApp();
    const tokens = tokensOf(
      await tokenRequest(service.url, {
        code,
        client_id: clientId,
        client_secret: clientSecret,
        grant_type: 'authorization_code',
      }),
    );
    expect((await profile(tokens.access_token)).status).toBe(200);
  });

  it('must prove its secret (body or HTTP Basic); a wrong or missing one leaves the code unspent', async () => {
    const code = await codeOfApp();
    for (const secret of [undefined, 'not-the-secret']) {
      const refused = await tokenRequest(service.url, {
        code,
        client_id: clientId,
        grant_type: 'authorization_code',
        ...(secret ? { client_secret: secret } : {}),
      });
      oauthError(refused, 401, 'invalid_client');
      expect(refused.headers.get('www-authenticate')).toMatch(/^Basic/);
    }
    const basic = await tokenRequest(
      service.url,
      { code, grant_type: 'authorization_code', redirect_uri: redirectUri },
      { Authorization: basicHeader(clientId, clientSecret) },
    );
    const tokens = tokensOf(basic);
    // Refreshing needs the secret too.
    oauthError(
      await tokenRequest(service.url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
      401,
      'invalid_client',
    );
    tokensOf(
      await tokenRequest(service.url, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    );
  });

  it('refuses a code_verifier when the code was issued without a challenge (PKCE downgrade)', async () => {
    const code = await codeOfApp();
    const reply = await tokenRequest(service.url, {
      code,
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: 'authorization_code',
      code_verifier: pkce().verifier,
    });
    expect(oauthError(reply, 400, 'invalid_grant')).toMatch(/without PKCE/);
  });
});

/** Opens an implicit sign-in for `clientId`: where the service sends the browser at once. */
async function implicitAttempt(clientId: string): Promise<string> {
  const page = await openSignin(service.url, {
    client_id: clientId,
    redirect_uri: DASHBOARD_CALLBACK,
    response_type: 'implicit',
    state: 's',
  });
  expect(page.status, page.html).toBe(302);
  return page.location as string;
}

describe('implicit sign-in (legacy, as the Swift SDK does it)', () => {
  it('is only for an app registered for it: others are told so at their address, with no token', async () => {
    // The production app, on a sandbox service that otherwise serves it.
    const back = new URL(await implicitAttempt(demoIds.apps.production)).searchParams;
    expect(back.get('error')).toBe('unauthorized_client');
    expect(back.get('state')).toBe('s');
    expect(back.get('access_token')).toBeNull();
    const registered = appWithSecretSchema.parse(
      (
        await admin(service.url, 'POST', '/admin/v1/apps', {
          name: 'Not registered for implicit',
          environment: 'sandbox',
          redirectUris: [DASHBOARD_CALLBACK],
          confidential: false,
        })
      ).body,
    ).app;
    expect(registered.implicit).toBe(false);
    expect(new URL(await implicitAttempt(registered.clientId)).searchParams.get('error')).toBe('unauthorized_client');
  });

  it('sends the tokens back in the redirect’s query, with the state', async () => {
    const back = await authorize(
      service.url,
      {
        client_id: training,
        redirect_uri: DASHBOARD_CALLBACK,
        response_type: 'implicit',
        state: 'swift-state',
        app_login: 'false',
        client_secret: 'what-the-swift-sdk-sends',
      },
      dana,
    );
    expect(back.get('state')).toBe('swift-state');
    expect(back.get('token_type')).toBe('Bearer');
    expect(back.get('expires_in')).toBe(String(service.settings.TOKEN_TTL_SECONDS));
    expect(back.get('code')).toBeNull();
    const token = back.get('access_token') as string;
    expect((await profile(token)).status).toBe(200);
    // The Swift SDK signs out with the Bearer token and the refresh token as JSON.
    const out = await call(service.url, 'POST', '/oauth/logout', {
      token,
      body: { refresh_token: back.get('refresh_token') },
    });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect((await profile(token)).status).toBe(401);
  });
});

describe('sign-out', () => {
  it('needs the refresh token of the Bearer token’s own session; otherwise nothing ends', async () => {
    const mine = await signInWithCode(service.url, training, trainer);
    const other = await signInWithCode(service.url, training, trainer);
    const mismatched = await call(service.url, 'POST', '/oauth/logout', {
      token: mine.access_token,
      body: { refresh_token: other.refresh_token },
    });
    expect(mismatched.status).toBe(400);
    expect(errorBodySchema.parse(mismatched.body).error.issues?.map((i) => i.path)).toEqual(['body.refresh_token']);
    expect((await profile(mine.access_token)).status).toBe(200);
    expect((await profile(other.access_token)).status).toBe(200);

    const form = await fetch(`${service.url}/oauth/logout`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${mine.access_token}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ refresh_token: mine.refresh_token }).toString(),
    });
    expect(form.status).toBe(200);
    expect((await profile(mine.access_token)).status).toBe(401);
    oauthError(
      await tokenRequest(service.url, { grant_type: 'refresh_token', refresh_token: mine.refresh_token }),
      400,
      'invalid_grant',
    );
    expect((await profile(other.access_token)).status).toBe(200);
    expect((await call(service.url, 'POST', '/oauth/logout', { body: { refresh_token: 'x' } })).status).toBe(401);
    const withQuery = await call(service.url, 'POST', '/oauth/logout?refresh_token=x', {
      token: other.access_token,
      body: { refresh_token: other.refresh_token },
    });
    expect(errorBodySchema.parse(withQuery.body).error.issues?.map((i) => i.path)).toEqual(['query.refresh_token']);
    expect((await profile(other.access_token)).status).toBe(200);
  });
});

describe('bad input to the token endpoint', () => {
  it('gets a 4xx with the one error body, its code RFC 6749’s', async () => {
    const { code, verifier } = await codeFor();
    const cases: [string, RequestInit, number, string][] = [
      ['no grant_type', { body: JSON.stringify({ code }) }, 400, 'invalid_request'],
      ['a grant of another kind', { body: JSON.stringify({ grant_type: 'password' }) }, 400, 'unsupported_grant_type'],
      ['malformed JSON', { body: '{"grant_type":' }, 400, 'malformed_json'],
      ['a JSON array', { body: '[1]' }, 400, 'invalid_input'],
      [
        'a number for a string',
        { body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 7 }) },
        400,
        'invalid_request',
      ],
      [
        'NUL in a field',
        { body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'a\u0000b' }) },
        400,
        'invalid_request',
      ],
      [
        'an unknown client',
        {
          body: JSON.stringify({
            grant_type: 'authorization_code',
            code,
            client_id: 'nope',
            redirect_uri: DASHBOARD_CALLBACK,
          }),
        },
        401,
        'invalid_client',
      ],
      [
        'a body of another type',
        { body: 'grant_type=refresh_token', headers: { 'Content-Type': 'text/plain' } },
        415,
        'unsupported_media_type',
      ],
      ['no refresh_token', { body: JSON.stringify({ grant_type: 'refresh_token' }) }, 400, 'invalid_request'],
    ];
    for (const [what, init, status, errorCode] of cases) {
      const response = await fetch(`${service.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
        body: init.body ?? null,
      });
      expect(response.status, what).toBe(status);
      expect(errorBodySchema.parse(await response.json()).error.code, what).toBe(errorCode);
    }
    const twice = await call(service.url, 'POST', `/oauth/token?grant_type=refresh_token`, {
      body: { grant_type: 'refresh_token', refresh_token: 'x' },
    });
    expect(oauthError(twice, 400, 'invalid_request')).toMatch(/more than once/);
    // None of it spent the code.
    tokensOf(await exchange(code, verifier));
  });
});

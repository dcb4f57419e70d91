/** App administration: register apps with redirect URIs, replace them, rotate a confidential app's secret. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAppListSchema, adminAppSchema, appWithSecretSchema } from '../../../contract/apps.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, startService, type TestService } from '../../../testkit/harness.ts';
import { authorize, openSignin, tokenRequest } from '../../../testkit/oauth.ts';
import { ADMIN_TOKEN, admin } from '../../../testkit/plugin-kit.ts';

let service: TestService;
let url: string;

beforeAll(async () => {
  service = await startService({ env: { ADMIN_TOKEN } });
  url = service.url;
});
afterAll(() => service.close());

const trainer = { userId: demoIds.users.trainer };

describe('app administration', () => {
  it('is for administrators only', async () => {
    const missing = await call(url, 'GET', '/admin/v1/apps');
    expect(missing.status).toBe(401);
    const wrong = await call(url, 'POST', '/admin/v1/apps', {
      token: 'not-the-admin-token-at-all',
      body: { name: 'Sneaky', environment: 'sandbox', redirectUris: [], confidential: false },
    });
    expect(wrong.status).toBe(401);
    const apps = adminAppListSchema.parse((await admin(url, 'GET', '/admin/v1/apps')).body);
    expect(apps.map((app) => app.name)).not.toContain('Sneaky');
  });

  it('lists the demo apps with their scopes and redirect URIs, never a secret', async () => {
    const reply = await admin(url, 'GET', '/admin/v1/apps');
    expect(reply.status).toBe(200);
    const apps = adminAppListSchema.parse(reply.body);
    const dashboard = apps.find((app) => app.clientId === demoIds.apps.training);
    expect(dashboard).toEqual({
      clientId: demoIds.apps.training,
      name: 'Trainer dashboard (sandbox)',
      environment: 'sandbox',
      scopes: ['training'],
      redirectUris: [
        'http://127.0.0.1:8080/auth/callback',
        'http://localhost:5173/auth/callback',
        'http://localhost:8080/auth/callback',
      ],
      confidential: false,
      implicit: true,
    });
    expect(apps.find((app) => app.clientId === demoIds.apps.production)?.implicit).toBe(false);
    expect(JSON.stringify(reply.body)).not.toMatch(/secret/i);
  });

  it('registers a public app whose redirect URIs sign-in then honours, exactly', async () => {
    const created = await admin(url, 'POST', '/admin/v1/apps', {
      name: 'Field app',
      environment: 'sandbox',
      redirectUris: ['com.example.fieldapp:/oauth'],
      confidential: false,
      implicit: true,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { app, clientSecret } = appWithSecretSchema.parse(created.body);
    expect(clientSecret).toBeUndefined();
    expect(app.clientId.startsWith('sandbox-')).toBe(true);
    expect(app).toMatchObject({
      scopes: [],
      confidential: false,
      implicit: true,
      redirectUris: ['com.example.fieldapp:/oauth'],
    });
    const implicit = { client_id: app.clientId, response_type: 'implicit' };
    expect((await openSignin(url, { ...implicit, redirect_uri: 'com.example.fieldapp:/oauth' })).status).toBe(200);
    expect((await openSignin(url, { ...implicit, redirect_uri: 'https://app.example/cb' })).status).toBe(400);

    const replaced = await admin(url, 'PUT', `/admin/v1/apps/${app.clientId}/redirect-uris`, {
      redirectUris: ['https://app.example/cb'],
    });
    expect(adminAppSchema.parse(replaced.body).redirectUris).toEqual(['https://app.example/cb']);
    expect((await openSignin(url, { ...implicit, redirect_uri: 'https://app.example/cb' })).status).toBe(200);
    expect((await openSignin(url, { ...implicit, redirect_uri: 'com.example.fieldapp:/oauth' })).status).toBe(400);
    expect(adminAppSchema.parse((await admin(url, 'GET', `/admin/v1/apps/${app.clientId}`)).body)).toEqual(
      adminAppSchema.parse(replaced.body),
    );
  });

  it('registers the implicit grant for a public sandbox app only, never a confidential or production one', async () => {
    const base = { name: 'Legacy SDK app', redirectUris: ['https://legacy.example/cb'] };
    for (const body of [
      { ...base, environment: 'sandbox', confidential: true, implicit: true },
      { ...base, environment: 'production', confidential: false, implicit: true },
    ]) {
      const refused = await admin(url, 'POST', '/admin/v1/apps', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(errorBodySchema.parse(refused.body).error.issues?.map((i) => i.path)).toEqual(['body.implicit']);
    }
    const apps = adminAppListSchema.parse((await admin(url, 'GET', '/admin/v1/apps')).body);
    expect(apps.map((app) => app.name)).not.toContain('Legacy SDK app');
  });

  it('answers a confidential app’s secret once; rotating it stops the old one at once', async () => {
    const redirect_uri = 'https://confidential.example/cb';
    const created = appWithSecretSchema.parse(
      (
        await admin(url, 'POST', '/admin/v1/apps', {
          clientId: 'sandbox-confidential-test',
          name: 'Confidential',
          environment: 'sandbox',
          scopes: ['training'],
          redirectUris: [redirect_uri],
          confidential: true,
        })
      ).body,
    );
    expect(created.app).toMatchObject({
      clientId: 'sandbox-confidential-test',
      confidential: true,
      scopes: ['training'],
    });
    const first = created.clientSecret as string;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const exchange = async (secret: string) => {
      const back = await authorize(url, { client_id: 'sandbox-confidential-test', redirect_uri }, trainer);
      return tokenRequest(url, {
        grant_type: 'authorization_code',
        code: back.get('code') as string,
        client_id: 'sandbox-confidential-test',
        client_secret: secret,
      });
    };
    expect((await exchange(first)).status).toBe(200);
    const rotated = appWithSecretSchema.parse(
      (await admin(url, 'POST', '/admin/v1/apps/sandbox-confidential-test/secret')).body,
    );
    expect(rotated.clientSecret).not.toBe(first);
    expect((await exchange(first)).status).toBe(401);
    expect((await exchange(rotated.clientSecret as string)).status).toBe(200);
    // The secret is kept only as a hash: the database does not hold it.
    const row = await service.db.q
      .selectFrom('apps')
      .select('secret_hash')
      .where('client_id', '=', 'sandbox-confidential-test')
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toBe(rotated.clientSecret);
    expect(row.secret_hash).not.toContain(rotated.clientSecret as string);
  });

  it('refuses bad input with the one error body', async () => {
    const cases: [string, string, unknown, number, string][] = [
      [
        'POST',
        '/admin/v1/apps',
        { name: ' ', environment: 'sandbox', redirectUris: [], confidential: false },
        400,
        'body.name',
      ],
      [
        'POST',
        '/admin/v1/apps',
        { name: 'x', environment: 'staging', redirectUris: [], confidential: false },
        400,
        'body.environment',
      ],
      [
        'POST',
        '/admin/v1/apps',
        {
          name: 'x',
          environment: 'production',
          clientId: 'sandbox-looks-wrong',
          redirectUris: [],
          confidential: false,
        },
        400,
        'body.clientId',
      ],
      [
        'POST',
        '/admin/v1/apps',
        { name: 'x', environment: 'sandbox', redirectUris: [], confidential: false, scopes: ['all'] },
        400,
        'body.scopes.0',
      ],
      ['POST', '/admin/v1/apps', { name: 'x', environment: 'sandbox', redirectUris: [] }, 400, 'body.confidential'],
    ];
    for (const uri of [
      'javascript:alert(1)',
      'http://app.example/cb',
      'https://app.example/cb#fragment',
      'https://user:pass@app.example/cb',
      'data:text/html,hi',
      'not a uri',
      '/relative/cb',
    ]) {
      cases.push([
        'PUT',
        `/admin/v1/apps/${demoIds.apps.training}/redirect-uris`,
        { redirectUris: [uri] },
        400,
        'body.redirectUris.0',
      ]);
    }
    for (const [method, path, body, status, issuePath] of cases) {
      const reply = await admin(url, method, path, body);
      expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(errorBodySchema.parse(reply.body).error.issues?.map((i) => i.path)).toContain(issuePath);
    }
    expect((await admin(url, 'PUT', '/admin/v1/apps/no-such-app/redirect-uris', { redirectUris: [] })).status).toBe(
      404,
    );
    expect((await admin(url, 'GET', '/admin/v1/apps/no-such-app')).status).toBe(404);
    const taken = await admin(url, 'POST', '/admin/v1/apps', {
      clientId: demoIds.apps.training,
      name: 'Duplicate',
      environment: 'sandbox',
      redirectUris: [],
      confidential: false,
    });
    expect(taken.status).toBe(409);
    const publicSecret = await admin(url, 'POST', `/admin/v1/apps/${demoIds.apps.training}/secret`);
    expect(publicSecret.status).toBe(409);
    expect(errorBodySchema.parse(publicSecret.body).error.message).toMatch(/public/);
    // The registered list was not touched by the refused changes.
    const dashboard = adminAppSchema.parse((await admin(url, 'GET', `/admin/v1/apps/${demoIds.apps.training}`)).body);
    expect(dashboard.redirectUris).toHaveLength(3);
  });
});

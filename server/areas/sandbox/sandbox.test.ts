import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import { sandboxClientsSchema, sandboxUserListSchema } from '../../../contract/sandbox.ts';
import { createAnonymousResponseSchema, sessionSchema } from '../../../contract/users.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';
import { signInWithCode } from '../../../testkit/oauth.ts';

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

describe('the sandbox extension', () => {
  it('lists demo users with roles, enrollments and the classes they teach', async () => {
    const users = sandboxUserListSchema.parse((await call(sandbox.url, 'GET', '/sandbox/v1/users')).body);
    expect(users.some((u) => u.roles.includes('trainer') && u.teaches.length > 0)).toBe(true);
    expect(users.some((u) => u.roles.includes('trainee') && u.enrollments.length > 0)).toBe(true);
    expect(users.every((u) => u.handle.startsWith('@'))).toBe(true);
  });

  it('lists the demo apps and plugin credentials', async () => {
    const clients = sandboxClientsSchema.parse((await call(sandbox.url, 'GET', '/sandbox/v1/clients')).body);
    const training = clients.apps.find((a) => a.clientId === 'sandbox-trainer-dashboard');
    expect(training?.scopes).toContain('training');
    expect(clients.apps.find((a) => a.clientId === 'sandbox-no-training')?.scopes).toEqual([]);
    expect(clients.apps.some((a) => a.environment === 'production')).toBe(true);
    expect(clients.plugins.length).toBeGreaterThan(0);
    // Only sandbox plugins: a production plugin's secret is never handed out.
    expect(clients.plugins.every((p) => p.clientId.startsWith('sandbox-'))).toBe(true);
  });

  it('signs a demo user in and refreshes the session once', async () => {
    const users = sandboxUserListSchema.parse((await call(sandbox.url, 'GET', '/sandbox/v1/users')).body);
    const user = users[0];
    if (!user) throw new Error('no users');
    const reply = await call(sandbox.url, 'POST', '/sandbox/v1/token', {
      body: { userId: user.userId, clientId: 'sandbox-trainer-dashboard' },
    });
    expect(reply.status).toBe(200);
    // Tokens: no cache may keep them (RFC 6749 5.1).
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const session = sessionSchema.parse(reply.body);
    expect(session.expiresIn).toBe(sandbox.settings.TOKEN_TTL_SECONDS);

    const refreshed = await call(sandbox.url, 'POST', '/auth/v1/token/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
    const next = sessionSchema.parse(refreshed.body);
    expect(next.token).not.toBe(session.token);
    expect((await call(sandbox.url, 'GET', '/user/v1/my/profile', { token: next.token })).status).toBe(200);
    // The old pair is spent.
    expect((await call(sandbox.url, 'GET', '/user/v1/my/profile', { token: session.token })).status).toBe(401);
    const again = await call(sandbox.url, 'POST', '/auth/v1/token/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(again.status).toBe(401);
  });

  it('signs people in to sandbox apps only: a production app’s users sign in with a password', async () => {
    const reply = await call(sandbox.url, 'POST', '/sandbox/v1/token', {
      body: { userId: 'usr-d01', clientId: 'prod-trainer-dashboard' },
    });
    expect(reply.status).toBe(403);
    const { error } = errorBodySchema.parse(reply.body);
    expect(error.code).toBe('forbidden');
    expect(error.message).toMatch(/sandbox apps only.*\/oauth\/signin/);
    expect(error.issues?.map((i) => i.path)).toEqual(['body.clientId']);
  });

  it('refuses an unknown user or app', async () => {
    const unknownUser = await call(sandbox.url, 'POST', '/sandbox/v1/token', {
      body: { userId: 'usr-nobody', clientId: 'sandbox-trainer-dashboard' },
    });
    expect(unknownUser.status).toBe(404);
    const unknownApp = await call(sandbox.url, 'POST', '/sandbox/v1/token', {
      body: { userId: 'x', clientId: 'nope' },
    });
    expect(unknownApp.status).toBe(401);
    errorBodySchema.parse(unknownApp.body);
  });
});

describe('an anonymous account (section 3)', () => {
  it('cannot be signed in again through the sandbox: the person creates a new anonymous profile', async () => {
    const created = await call(sandbox.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body: {
        handle: '@anon-resume',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-resume-1',
        anonymous: true,
      },
    });
    expect(created.status).toBe(201);
    const { session } = createAnonymousResponseSchema.parse(created.body);
    expect((await call(sandbox.url, 'POST', '/auth/v1/sign-out', { token: session.token })).status).toBe(200);

    const resumed = await call(sandbox.url, 'POST', '/sandbox/v1/token', {
      body: { userId: 'anon-resume-1', clientId: 'sandbox-trainer-dashboard' },
    });
    expect(resumed.status).toBe(403);
    const { error } = errorBodySchema.parse(resumed.body);
    // The platform's own code for what an anonymous account may not do.
    expect(error.code).toBe('anonymous_not_allowed');
    expect(resumed.headers.get('errorcode')).toBe('4035');
    expect(error.message).toMatch(/new anonymous profile/);
    expect(error.issues?.map((i) => i.path)).toEqual(['body.userId']);
    // Nor is it listed among the demo users one could pick.
    const users = sandboxUserListSchema.parse((await call(sandbox.url, 'GET', '/sandbox/v1/users')).body);
    expect(users.some((u) => u.userId === 'anon-resume-1')).toBe(false);
  });
});

describe('a production service', () => {
  it('hides the sandbox extension', async () => {
    for (const path of ['/sandbox/v1/users', '/sandbox/v1/clients']) {
      const reply = await call(production.url, 'GET', path);
      expect(reply.status).toBe(404);
      expect(errorBodySchema.parse(reply.body).error.code).toBe('not_found');
    }
  });

  it('refuses a token issued to a sandbox app, saying why', async () => {
    const users = sandboxUserListSchema.parse((await call(sandbox.url, 'GET', '/sandbox/v1/users')).body);
    const trainer = users.find((u) => u.teaches.length > 0);
    if (!trainer) throw new Error('no trainer');
    const token = await signIn(sandbox.url, trainer.userId);
    for (const path of ['/edu/v1/student/comment', '/user/v1/my/profile', '/edu/v1/note/list']) {
      const reply = await call(production.url, 'GET', path, { token });
      expect(reply.status).toBe(403);
      const { error } = errorBodySchema.parse(reply.body);
      expect(error.code).toBe('sandbox_credential');
      expect(error.message).toMatch(/sandbox/);
    }
    // The same user through the production app (signed in with a password) is served.
    const prod = await signInWithCode(production.url, 'prod-trainer-dashboard', {
      handle: '@dokafor',
      password: 'dokafor-sandbox-2026',
    });
    expect((await call(production.url, 'GET', '/edu/v1/student/comment', { token: prod.access_token })).status).toBe(
      200,
    );
  });

  it('refuses to refresh a session of a sandbox app, and leaves the refresh token unspent', async () => {
    const users = sandboxUserListSchema.parse((await call(sandbox.url, 'GET', '/sandbox/v1/users')).body);
    const user = users[0];
    if (!user) throw new Error('no users');
    const session = sessionSchema.parse(
      (
        await call(sandbox.url, 'POST', '/sandbox/v1/token', {
          body: { userId: user.userId, clientId: 'sandbox-trainer-dashboard' },
        })
      ).body,
    );
    const refused = await call(production.url, 'POST', '/auth/v1/token/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refused.status).toBe(403);
    const { error } = errorBodySchema.parse(refused.body);
    expect(error.code).toBe('sandbox_credential');
    expect(error.message).toMatch(/sandbox/);
    // The sandbox still honours it: the refusal spent nothing.
    const refreshed = await call(sandbox.url, 'POST', '/auth/v1/token/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.status).toBe(200);
  });

  it('refuses anonymous sign-up through a sandbox client id', async () => {
    const reply = await call(production.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body: {
        handle: '@anon-prod',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-prod',
        anonymous: true,
      },
    });
    expect(reply.status).toBe(403);
    expect(errorBodySchema.parse(reply.body).error.code).toBe('sandbox_credential');
  });
});

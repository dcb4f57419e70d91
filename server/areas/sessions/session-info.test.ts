/** The session extension tells a client what its token stands for: the person, the app, its scopes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import { createAnonymousResponseSchema, sessionInfoSchema } from '../../../contract/users.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const session = (token?: string) => call(service.url, 'GET', '/auth/v1/session', token ? { token } : {});

describe('the current session', () => {
  it('names the user, the app and the app’s scopes', async () => {
    const training = await session(await signIn(service.url, demoIds.users.student, demoIds.apps.training));
    expect(training.status).toBe(200);
    expect(training.headers.get('cache-control')).toBe('no-store');
    expect(sessionInfoSchema.parse(training.body)).toEqual({
      userId: demoIds.users.student,
      clientId: demoIds.apps.training,
      scopes: ['training'],
      anonymous: false,
    });
    const plain = sessionInfoSchema.parse(
      (await session(await signIn(service.url, demoIds.users.trainer, demoIds.apps.noTraining))).body,
    );
    expect(plain).toMatchObject({ userId: demoIds.users.trainer, clientId: demoIds.apps.noTraining, scopes: [] });
  });

  it('says when the account is anonymous', async () => {
    const created = createAnonymousResponseSchema.parse(
      (
        await call(service.url, 'PUT', '/user/v1/my/profile', {
          headers: { 'X-Client-Id': demoIds.apps.training },
          body: {
            handle: '@anon-session',
            userType: 'adult',
            accountType: 'Adult',
            country: 'US',
            profilePic: null,
            coverPhoto: null,
            userId: 'anon-session',
            anonymous: true,
          },
        })
      ).body,
    );
    const info = sessionInfoSchema.parse((await session(created.session.token)).body);
    expect(info).toMatchObject({ userId: 'anon-session', anonymous: true });
  });

  it('needs a valid token', async () => {
    expect((await session()).status).toBe(401);
    const bad = await session('not-a-token');
    expect(bad.status).toBe(401);
    expect(errorBodySchema.parse(bad.body).error.code).toBe('invalid_token');
  });
});

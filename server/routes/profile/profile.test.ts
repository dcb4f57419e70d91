import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import {
  base64JpegSchema,
  createAnonymousResponseSchema,
  friendListSchema,
  fullProfileSchema,
} from '../../../contract/users.ts';
import { call, signIn, startService, type TestService } from '../../test/harness.ts';
import { loadWorld, type World } from '../../test/world.ts';

let service: TestService;
let world: World;

beforeAll(async () => {
  service = await startService();
  world = await loadWorld(service.url);
});
afterAll(() => service.close());

const isJpeg = (base64: string) => {
  const bytes = Buffer.from(base64, 'base64');
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;
};

describe('my profile', () => {
  it('has the full profile with trainer and trainee flags, and is not stored by caches', async () => {
    const reply = await call(service.url, 'GET', '/user/v1/my/profile', { token: world.trainer.token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const profile = fullProfileSchema.parse(reply.body);
    expect(profile.userId).toBe(world.trainer.userId);
    expect(profile.trainer).toBe(true);
    expect(profile.handle.startsWith('@')).toBe(true);
    expect(profile).not.toHaveProperty('anonymous');

    const student = fullProfileSchema.parse(
      (
        await call(service.url, 'GET', '/user/v1/my/profile', {
          token: await signIn(service.url, world.student.userId),
        })
      ).body,
    );
    expect(student.trainee).toBe(true);
  });

  it('serves my picture and cover photo as base64 JPEG data', async () => {
    for (const path of ['/user/v1/my/profile/picture', '/user/v1/my/profile/cover']) {
      const reply = await call(service.url, 'GET', path, { token: world.trainer.token });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(isJpeg(base64JpegSchema.parse(reply.body))).toBe(true);
    }
  });

  it('needs a user token', async () => {
    for (const path of ['/user/v1/my/profile', '/user/v1/my/friends', '/user/v1/my/profile/picture']) {
      const reply = await call(service.url, 'GET', path);
      expect(reply.status).toBe(401);
      errorBodySchema.parse(reply.body);
    }
  });
});

describe('my friends', () => {
  it('lists friends with parent flags, optional fields only where they have values', async () => {
    const withFriends = world.users.find((u) => u.roles.includes('parent')) ?? world.users[0];
    if (!withFriends) throw new Error('no users');
    const token = await signIn(service.url, withFriends.userId);
    const reply = await call(service.url, 'GET', '/user/v1/my/friends', { token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const friends = friendListSchema.parse(reply.body);
    expect(friends.length).toBeGreaterThan(0);
    for (const friend of friends) {
      expect(typeof friend.parentFlags.cameraDisabled).toBe('boolean');
      for (const value of Object.values(friend)) expect(value).not.toBeUndefined();
    }
  });

  it('lets a friend’s picture be read by its id, but not a stranger’s', async () => {
    const everyone = world.users;
    for (const user of everyone) {
      const token = await signIn(service.url, user.userId);
      const friends = friendListSchema.parse((await call(service.url, 'GET', '/user/v1/my/friends', { token })).body);
      const friend = friends.find((f) => f.profilePic !== null);
      if (!friend?.profilePic) continue;
      const reply = await call(service.url, 'GET', `/user/v1/pictures/${friend.profilePic}`, { token });
      expect(reply.status).toBe(200);
      expect(isJpeg(base64JpegSchema.parse(reply.body))).toBe(true);
      // An anonymous newcomer shares nothing with that friend.
      const anon = await createAnonymous();
      const stranger = await call(service.url, 'GET', `/user/v1/pictures/${friend.profilePic}`, {
        token: anon.session.token,
      });
      expect(stranger.status).toBe(404);
      return;
    }
    throw new Error('no user with a friend who has a picture');
  });
});

let anonymousCount = 0;
async function createAnonymous(clientId = 'sandbox-trainer-dashboard') {
  anonymousCount += 1;
  const reply = await call(service.url, 'PUT', '/user/v1/my/profile', {
    headers: { 'X-Client-Id': clientId },
    body: {
      handle: `@anon-test${anonymousCount}`,
      userType: 'adult',
      accountType: 'Adult',
      country: 'US',
      profilePic: null,
      coverPhoto: null,
      userId: `anon-test-${anonymousCount}`,
      anonymous: true,
    },
  });
  expect(reply.status).toBe(201);
  return createAnonymousResponseSchema.parse(reply.body);
}

describe('anonymous accounts', () => {
  it('are created without a sign-in and come with a session that works', async () => {
    const created = await createAnonymous();
    expect(created.profile.anonymous).toBe(true);
    expect(created.profile.handle).toMatch(/^@anon-/);
    const profile = await call(service.url, 'GET', '/user/v1/my/profile', { token: created.session.token });
    expect(profile.status).toBe(200);
    expect(fullProfileSchema.parse(profile.body).userId).toBe(created.profile.userId);
    const noPicture = await call(service.url, 'GET', '/user/v1/my/profile/picture', { token: created.session.token });
    expect(noPicture.status).toBe(404);
  });

  it('refuse a handle without @anon-, a taken id, a missing client id and a false anonymous flag', async () => {
    const body = {
      handle: '@someone',
      userType: 'adult',
      accountType: 'Adult',
      country: 'US',
      profilePic: null,
      coverPhoto: null,
      userId: 'anon-x',
      anonymous: true,
    };
    const wrongHandle = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body,
    });
    expect(wrongHandle.status).toBe(400);
    expect(errorBodySchema.parse(wrongHandle.body).error.issues?.[0]?.path).toBe('body.handle');

    const taken = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body: { ...body, handle: '@anon-fresh', userId: world.trainer.userId },
    });
    expect(taken.status).toBe(409);

    const noClient = await call(service.url, 'PUT', '/user/v1/my/profile', { body: { ...body, handle: '@anon-y' } });
    expect(noClient.status).toBe(401);

    const notAnonymous = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body: { ...body, handle: '@anon-z', anonymous: false },
    });
    expect(notAnonymous.status).toBe(400);
  });

  it('end with sign-out: the token stops working', async () => {
    const created = await createAnonymous();
    const out = await call(service.url, 'POST', '/auth/v1/sign-out', { token: created.session.token });
    expect(out.status).toBe(200);
    const after = await call(service.url, 'GET', '/user/v1/my/profile', { token: created.session.token });
    expect(after.status).toBe(401);
    const refreshed = await call(service.url, 'POST', '/auth/v1/token/refresh', {
      body: { refreshToken: created.session.refreshToken },
    });
    expect(refreshed.status).toBe(401);
  });
});

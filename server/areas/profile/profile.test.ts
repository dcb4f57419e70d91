import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema } from '../../../contract/comments.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import { learningRecordListSchema } from '../../../contract/plugin.ts';
import {
  base64JpegSchema,
  createAnonymousResponseSchema,
  friendListSchema,
  fullProfileSchema,
} from '../../../contract/users.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { loadWorld, type World } from '../../../testkit/fixtures.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';
import { asPlugin, demoPlugins } from '../../../testkit/plugin-kit.ts';

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

  it('gives a person one userId in every app, the one plugins read too (decided: userIds are global)', async () => {
    const profileIn = async (clientId: string) =>
      fullProfileSchema.parse(
        (
          await call(service.url, 'GET', '/user/v1/my/profile', {
            token: await signIn(service.url, world.student.userId, clientId),
          })
        ).body,
      ).userId;
    expect(await profileIn('sandbox-trainer-dashboard')).toBe(world.student.userId);
    expect(await profileIn('sandbox-no-training')).toBe(world.student.userId);
    const coach = (await demoPlugins(service.url)).find((p) => p.clientId === demoIds.plugins.coach.clientId);
    if (!coach) throw new Error('no coach plugin');
    const records = learningRecordListSchema.parse(
      (await asPlugin(service.url, coach).get('/plugin/v2/ai/record-data')).body,
    );
    expect(records.map((r) => r.userId)).toContain(world.student.userId);
  });

  it('serves my picture and cover photo as base64 JPEG data', async () => {
    for (const path of ['/user/v1/my/profile/picture', '/user/v1/my/profile/cover']) {
      const reply = await call(service.url, 'GET', path, { token: world.trainer.token });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(isJpeg(base64JpegSchema.parse(reply.body))).toBe(true);
    }
  });

  it('answers 404 with the one error body for a picture or cover photo the user does not have', async () => {
    // The demo student without pictures (profilePic and coverPhoto null), and a brand-new anonymous account.
    const without = world.users.find((u) => u.userId === demoIds.users.studentNoPicture);
    if (!without) throw new Error('no user without pictures');
    const token = await signIn(service.url, without.userId);
    const own = fullProfileSchema.parse((await call(service.url, 'GET', '/user/v1/my/profile', { token })).body);
    expect(own).toMatchObject({ profilePic: null, coverPhoto: null });
    const anonymous = await createAnonymous();
    for (const who of [token, anonymous.session.token]) {
      for (const [path, what] of [
        ['/user/v1/my/profile/picture', /profile picture/],
        ['/user/v1/my/profile/cover', /cover photo/],
      ] as const) {
        const reply = await call(service.url, 'GET', path, { token: who });
        expect(reply.status, path).toBe(404);
        const { error } = errorBodySchema.parse(reply.body);
        expect(error.code).toBe('not_found');
        expect(error.message).toMatch(what);
      }
    }
  });

  it('needs a user token', async () => {
    for (const path of [
      '/user/v1/my/profile',
      '/user/v1/my/friends',
      '/user/v1/my/profile/picture',
      '/user/v1/my/profile/cover',
    ]) {
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

  it('never carries trainer or trainee on a friend, though friends are trainers and trainees', async () => {
    const token = await signIn(service.url, demoIds.users.student);
    const reply = await call<Record<string, unknown>[]>(service.url, 'GET', '/user/v1/my/friends', { token });
    const roles = new Map(world.users.map((u) => [u.userId, u.roles]));
    const ids = reply.body.map((friend) => String(friend.userId));
    // The demo student's friends include a trainer and trainees, so the flags would have values to leak.
    expect(ids.some((id) => roles.get(id)?.includes('trainer'))).toBe(true);
    expect(ids.some((id) => roles.get(id)?.includes('trainee'))).toBe(true);
    for (const friend of reply.body) {
      expect(friend).not.toHaveProperty('trainer');
      expect(friend).not.toHaveProperty('trainee');
    }
  });

  it('leaves an optional friend field out when the friend has no value, never an empty string', async () => {
    const token = await signIn(service.url, demoIds.users.student);
    const reply = await call<Record<string, unknown>[]>(service.url, 'GET', '/user/v1/my/friends', { token });
    const optional = [
      'displayDutyTitle',
      'gender',
      'civilianGrade',
      'civilianBand',
      'jobSeriesNumber',
      'jobTitle',
      'militaryGrade',
      'displayRank',
    ];
    // Sam Patel has no gender and no duty title; the Rivera children have no grade or rank.
    const sam = reply.body.find((f) => f.userId === demoIds.users.studentNoPicture);
    if (!sam) throw new Error('Sam Patel is not among the demo student’s friends');
    expect(sam).not.toHaveProperty('gender');
    expect(sam).not.toHaveProperty('displayDutyTitle');
    expect(sam).toHaveProperty('militaryGrade');
    const kid = reply.body.find((f) => f.userId === demoIds.users.kid);
    expect(kid).not.toHaveProperty('militaryGrade');
    for (const friend of reply.body) {
      for (const field of optional) {
        if (field in friend) expect(friend[field], `${String(friend.userId)}.${field}`).not.toBe('');
      }
    }
  });

  it('does not show a classmate’s picture to a student who is not their friend', async () => {
    const me = world.users.find((u) => u.userId === demoIds.users.student);
    if (!me) throw new Error('no demo student');
    const token = await signIn(service.url, me.userId);
    const friends = new Set(
      friendListSchema
        .parse((await call(service.url, 'GET', '/user/v1/my/friends', { token })).body)
        .map((f) => f.userId),
    );
    const myClasses = new Set(me.enrollments.map((e) => e.classId));
    const classmates = world.users.filter(
      (u) => u.userId !== me.userId && !friends.has(u.userId) && u.enrollments.some((e) => myClasses.has(e.classId)),
    );
    // Their picture ids, as their trainer sees them on comments.
    const trainerOf = world.users.find((u) => u.teaches.some((t) => myClasses.has(t.classId)));
    if (!trainerOf) throw new Error('no trainer of the demo student');
    const trainerToken = await signIn(service.url, trainerOf.userId);
    const comments = commentListSchema.parse(
      (await call(service.url, 'GET', '/edu/v1/student/comment', { token: trainerToken })).body,
    );
    const classmateIds = new Set(classmates.map((u) => u.userId));
    const pictured = comments.map((c) => c.student).find((st) => classmateIds.has(st.userId) && st.profilePic !== null);
    if (!pictured?.profilePic) throw new Error('no classmate with a picture who is not a friend');
    const path = `/user/v1/pictures/${pictured.profilePic}`;
    expect((await call(service.url, 'GET', path, { token: trainerToken })).status).toBe(200);
    const refused = await call(service.url, 'GET', path, { token });
    expect(refused.status).toBe(404);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('not_found');
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

    const first = await createAnonymous();
    const taken = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body: { ...body, handle: '@anon-fresh', userId: first.profile.userId },
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

  it('take only an anon- userId, so whether a signed-up person’s userId exists cannot be asked', async () => {
    const body = {
      handle: '@anon-probe',
      userType: 'adult',
      accountType: 'Adult',
      country: 'US',
      profilePic: null,
      coverPhoto: null,
      anonymous: true,
    };
    for (const userId of [world.trainer.userId, 'usr-unknown-probe', 'anonymous-1', 'ANON-1']) {
      const reply = await call(service.url, 'PUT', '/user/v1/my/profile', {
        headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
        body: { ...body, userId },
      });
      expect(reply.status, userId).toBe(400);
      const { error } = errorBodySchema.parse(reply.body);
      expect(error.issues?.map((issue) => issue.path)).toEqual(['body.userId']);
    }
    const anon = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body: { ...body, userId: 'anon-probe' },
    });
    expect(anon.status).toBe(201);
  });

  it('refuse a taken handle, pictures that are not null and a country that is not a two-letter code', async () => {
    const first = await createAnonymous();
    const base = {
      handle: first.profile.handle,
      userType: 'adult',
      accountType: 'Adult',
      country: 'US',
      profilePic: null,
      coverPhoto: null,
      userId: 'anon-second-try',
      anonymous: true,
    };
    const send = (body: unknown) =>
      call(service.url, 'PUT', '/user/v1/my/profile', {
        headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
        body,
      });
    const taken = await send(base);
    expect(taken.status).toBe(409);
    const { error } = errorBodySchema.parse(taken.body);
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(first.profile.handle);
    const cases: [Record<string, unknown>, string][] = [
      [{ profilePic: 'pic-mine' }, 'body.profilePic'],
      [{ coverPhoto: 'pic-cover' }, 'body.coverPhoto'],
      [{ country: 'USA' }, 'body.country'],
      [{ country: 'us' }, 'body.country'],
      [{ country: '' }, 'body.country'],
    ];
    for (const [change, path] of cases) {
      const reply = await send({ ...base, handle: '@anon-unused', ...change });
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(errorBodySchema.parse(reply.body).error.issues?.map((i) => i.path)).toEqual([path]);
    }
    // None of those made an account: the handle and the id are still free.
    const made = await send({ ...base, handle: '@anon-unused' });
    expect(made.status).toBe(201);
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

describe('anonymous sign-up as the platform’s SDKs do it', () => {
  const body = (n: string) => ({
    handle: `@anon-sdk${n}`,
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    profilePic: null,
    coverPhoto: null,
    userId: `anon-sdk-${n}`,
    anonymous: true,
  });

  it('takes the app from the clientId header and answers the tokens in access_token / refresh_token headers too', async () => {
    const reply = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { clientId: 'sandbox-trainer-dashboard' },
      body: body('1'),
    });
    expect(reply.status).toBe(201);
    const { session } = createAnonymousResponseSchema.parse(reply.body);
    expect(reply.headers.get('access_token')).toBe(session.token);
    expect(reply.headers.get('refresh_token')).toBe(session.refreshToken);
    // The token read from the header is the session: it signs the new account in.
    const profile = await call(service.url, 'GET', '/user/v1/my/profile', {
      token: reply.headers.get('access_token') ?? '',
    });
    expect(fullProfileSchema.parse(profile.body).userId).toBe('anon-sdk-1');
  });

  it('accepts clientId and X-Client-Id together when they name the same app, and refuses two apps at once', async () => {
    const same = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { clientId: 'sandbox-trainer-dashboard', 'X-Client-Id': 'sandbox-trainer-dashboard' },
      body: body('2'),
    });
    expect(same.status).toBe(201);
    const two = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { clientId: 'sandbox-trainer-dashboard', 'X-Client-Id': 'sandbox-no-training' },
      body: body('3'),
    });
    expect(two.status).toBe(400);
    expect(errorBodySchema.parse(two.body).error.issues?.map((i) => i.path)).toEqual(['headers.clientId']);
    // Refused before anything was made: the id is still free.
    const after = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { clientId: 'sandbox-trainer-dashboard' },
      body: body('3'),
    });
    expect(after.status).toBe(201);
  });
});

/**
 * Invitation and reset links, and changing one's own password, as an
 * operator, a person with the link, and an attacker meet them over real
 * HTTP: the link is made once and kept hashed, works once and for 72 hours,
 * a newer link ends the older, a weak password is refused with the reason
 * and leaves the link working, and a post from another site sets nothing.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePasswordResultSchema, type PasswordLink, passwordLinkSchema } from '../../../contract/passwords.ts';
import { createAnonymousResponseSchema } from '../../../contract/users.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';
import {
  DASHBOARD_CALLBACK,
  openPasswordPage,
  openSignin,
  pkce,
  redirectParams,
  signInWithCode,
  submitPasswordForm,
  submitSignin,
} from '../../../testkit/oauth.ts';
import { ADMIN_TOKEN, admin } from '../../../testkit/plugin-kit.ts';

let service: TestService;
let withPublicUrl: TestService;

beforeAll(async () => {
  service = await startService({ env: { ADMIN_TOKEN } });
  withPublicUrl = await startService({
    db: service.db,
    env: { ADMIN_TOKEN, PUBLIC_URL: 'https://platform.example/', PASSWORD_LINK_TTL_HOURS: '2' },
  });
});
afterAll(async () => {
  await withPublicUrl.close();
  await service.close();
});

const app = demoIds.apps.training;
// Demo trainers with documented demo passwords (docs/demo-data.md); each test takes its own person.
const person = { userId: 'usr-d02', handle: '@mwebb' };

async function invite(userId: string, kind: 'invitation' | 'password-reset' = 'invitation', on = service) {
  const reply = await admin(on.url, 'POST', `/admin/v1/users/${userId}/${kind}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  expect(reply.headers.get('cache-control')).toBe('no-store');
  return passwordLinkSchema.parse(reply.body);
}

const tokenOf = (link: PasswordLink) => new URL(link.path, 'http://x').searchParams.get('token') ?? '';

/** Opens the link's page and posts its form as the page's own tab would. */
async function setPassword(link: PasswordLink, password: string, again = password) {
  const page = await openPasswordPage(service.url, link.path);
  expect(page.status, page.html).toBe(200);
  return submitPasswordForm(
    service.url,
    { token: tokenOf(link), csrf_token: page.csrfToken, password, password_again: again },
    { cookie: page.cookie },
  );
}

/** Whether the sign-in form takes this handle and password: a code comes back to the app. */
async function signsIn(handle: string, password: string): Promise<boolean> {
  const params = {
    client_id: app,
    redirect_uri: DASHBOARD_CALLBACK,
    response_type: 'code',
    state: 'xyz',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  };
  const page = await openSignin(service.url, params);
  const done = await submitSignin(
    service.url,
    { ...params, csrf_token: page.csrfToken, action: 'password', handle, password },
    { cookie: page.cookie },
  );
  return done.status === 303 && redirectParams(done.location).get('code') !== null;
}

describe('invitation and reset links', () => {
  it('are answered once, for 72 hours, for a known person who is not anonymous, and kept only as a hash', async () => {
    const before = Date.now();
    const link = await invite('usr-d03');
    expect(link).toMatchObject({ userId: 'usr-d03', purpose: 'invite', url: null });
    expect(link.path).toMatch(/^\/oauth\/password\?token=[A-Za-z0-9_-]{43}$/);
    const lifetime = (Date.parse(link.expiresAt) - before) / 3600_000;
    expect(lifetime).toBeGreaterThan(71.99);
    expect(lifetime).toBeLessThan(72.01);

    const rows = await service.db.q.selectFrom('password_links').selectAll().where('user_id', '=', 'usr-d03').execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link));
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(tokenOf(link)).digest('base64url'));

    expect((await admin(service.url, 'POST', '/admin/v1/users/usr-nobody/invitation')).status).toBe(404);
    const reply = await call(service.url, 'POST', '/admin/v1/users/usr-d03/invitation', { token: 'not-the-token' });
    expect(reply.status).toBe(401);
  });

  it('are built on PUBLIC_URL and last PASSWORD_LINK_TTL_HOURS when set', async () => {
    const before = Date.now();
    const link = await invite('usr-d03', 'password-reset', withPublicUrl);
    expect(link.purpose).toBe('reset');
    expect(link.url).toBe(`https://platform.example${link.path}`);
    expect((Date.parse(link.expiresAt) - before) / 3600_000).toBeLessThan(2.01);
  });

  it('open a plain, labelled page under a strict CSP', async () => {
    const link = await invite('usr-d03');
    const page = await openPasswordPage(service.url, link.path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).not.toContain('<script');
    expect(page.html).toContain('<label for="password">New password</label>');
    expect(page.html).toContain('<label for="password_again">New password again</label>');
    expect(page.html).toContain('<h1>Choose your password</h1>');
  });

  it('refuse a short, common or guessable password with the reason, and the link still works', async () => {
    const link = await invite('usr-d04');
    const short = await setPassword(link, 'short-one');
    expect(short.status).toBe(400);
    expect(short.html).toContain('at least 12 characters');
    const common = await setPassword(link, 'password1234');
    expect(common.status).toBe(400);
    expect(common.html).toContain('This is similar to a commonly used password.');
    expect(common.html).toContain('role="alert"');
    const keyboard = await setPassword(link, 'qwertyuiop123');
    expect(keyboard.status).toBe(400);
    expect(keyboard.html).toContain('too easy to guess');
    const mismatch = await setPassword(link, 'tangerine ladder whistles north', 'tangerine ladder whistles south');
    expect(mismatch.status).toBe(400);
    expect(mismatch.html).toContain('not the same');

    const done = await setPassword(link, 'tangerine ladder whistles north');
    expect(done.status, done.html).toBe(200);
    expect(await signsIn('@jlee', 'tangerine ladder whistles north')).toBe(true);
  });

  it('set the password once: the link is spent, the old password and sessions end, the new one signs in', async () => {
    const before = await signInWithCode(service.url, app, { handle: person.handle, password: 'mwebb-sandbox-2026' });
    const link = await invite(person.userId, 'password-reset');
    const done = await setPassword(link, 'copper kettle sings at dawn');
    expect(done.status).toBe(200);
    expect(done.html).toContain('You can now sign in as @mwebb with your new password.');
    expect(done.html).toContain('does not know which app');

    expect((await openPasswordPage(service.url, link.path)).status).toBe(404);
    const again = await submitPasswordForm(service.url, {
      token: tokenOf(link),
      csrf_token: 'x',
      password: 'another fine password here',
    });
    expect(again.status).toBe(404);
    expect(await signsIn(person.handle, 'mwebb-sandbox-2026')).toBe(false);
    expect(await signsIn(person.handle, 'copper kettle sings at dawn')).toBe(true);
    expect((await call(service.url, 'GET', '/auth/v1/session', { token: before.access_token })).status).toBe(401);
  });

  it('end when a newer link is made for the same person', async () => {
    const older = await invite('usr-d03');
    const newer = await invite('usr-d03', 'password-reset');
    expect((await openPasswordPage(service.url, older.path)).status).toBe(404);
    const page = await openPasswordPage(service.url, newer.path);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Choose a new password');
  });

  it('expire after their lifetime', async () => {
    const link = await invite('usr-d03');
    service.advanceClock(72 * 3600 - 60);
    expect((await openPasswordPage(service.url, link.path)).status).toBe(200);
    service.advanceClock(120);
    const page = await openPasswordPage(service.url, link.path);
    expect(page.status).toBe(404);
    expect(page.html).toContain('This link no longer works');
    service.advanceClock(-(72 * 3600 + 60));
  });

  it('refuse a post from another site, or without the page’s cookie, and the link still works', async () => {
    const link = await invite('usr-d03');
    const page = await openPasswordPage(service.url, link.path);
    const fields = { token: tokenOf(link), csrf_token: page.csrfToken, password: 'velvet harbor drums at noon' };
    const crossSite = await submitPasswordForm(service.url, fields, {
      cookie: page.cookie,
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const noCookie = await submitPasswordForm(service.url, fields);
    expect(noCookie.status).toBe(403);
    const otherLink = await submitPasswordForm(
      service.url,
      { ...fields, csrf_token: (await openPasswordPage(service.url, (await invite('usr-d05')).path)).csrfToken },
      { cookie: page.cookie },
    );
    expect(otherLink.status).toBe(403);
    expect(await signsIn('@lchen', 'velvet harbor drums at noon')).toBe(false);
    expect((await openPasswordPage(service.url, link.path)).status).toBe(200);
  });
});

describe('changing one’s own password', () => {
  const handle = '@dokafor';
  const current = 'dokafor-sandbox-2026';

  it('needs the current password and a strong new one; the other sessions end, this one stays', async () => {
    const mine = await signInWithCode(service.url, app, { handle, password: current });
    const other = await signInWithCode(service.url, app, { handle, password: current });
    const change = (body: unknown) =>
      call(service.url, 'POST', '/auth/v1/password', { token: mine.access_token, body });

    const wrong = await change({ currentPassword: 'not-it', newPassword: 'saffron pilot crosses rivers' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('body.currentPassword');
    const weak = await change({ currentPassword: current, newPassword: 'password1234' });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.body)).toContain('body.newPassword');
    expect(JSON.stringify(weak.body)).toContain('commonly used password');
    const short = await change({ currentPassword: current, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(await signsIn(handle, current)).toBe(true);

    const done = await change({ currentPassword: current, newPassword: 'saffron pilot crosses rivers' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(changePasswordResultSchema.parse(done.body).endedSessions).toBeGreaterThanOrEqual(1);
    expect((await call(service.url, 'GET', '/auth/v1/session', { token: other.access_token })).status).toBe(401);
    expect((await call(service.url, 'GET', '/auth/v1/session', { token: mine.access_token })).status).toBe(200);
    expect(await signsIn(handle, current)).toBe(false);
    expect(await signsIn(handle, 'saffron pilot crosses rivers')).toBe(true);
  });

  it('counts wrong current passwords as failed sign-ins: past the limit, 429 with Retry-After, and the sign-in form waits too', async () => {
    const kmensah = '@kmensah';
    const password = 'kmensah-sandbox-2026';
    const { access_token } = await signInWithCode(service.url, app, { handle: kmensah, password });
    const change = (currentPassword: string) =>
      call(service.url, 'POST', '/auth/v1/password', {
        token: access_token,
        body: { currentPassword, newPassword: 'saffron pilot crosses rivers' },
      });
    // The sign-in form's limit (SIGNIN_FAILURES_PER_HANDLE, 5 by default) of consecutive failures.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await change(`guess number ${attempt}`)).status).toBe(400);
    }
    const held = await change(password);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.stringify(held.body)).toContain('too_many_requests');
    // Held back: the right password changed nothing, and the same count holds the sign-in form.
    expect(await signsIn(kmensah, 'saffron pilot crosses rivers')).toBe(false);
    expect(await signsIn(kmensah, password)).toBe(false);
  });

  it('says so to a person who has no password (signs in through their organization), rather than "not right"', async () => {
    const imported = await admin(service.url, 'POST', '/admin/v1/import', {
      users: [
        {
          userId: 'usr-no-password',
          handle: '@no.password',
          firstName: 'Noor',
          lastName: 'Provider',
          userType: 'adult',
          accountType: 'Adult',
          country: 'US',
        },
      ],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBeLessThan(300);
    const token = await signIn(service.url, 'usr-no-password', app);
    const refused = await call(service.url, 'POST', '/auth/v1/password', {
      token,
      body: { currentPassword: 'anything at all', newPassword: 'saffron pilot crosses rivers' },
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('no password here');
    expect(await signsIn('@no.password', 'saffron pilot crosses rivers')).toBe(false);
  });

  it('is refused without a session and for an anonymous account', async () => {
    const body = { currentPassword: 'x', newPassword: 'saffron pilot crosses rivers' };
    expect((await call(service.url, 'POST', '/auth/v1/password', { body })).status).toBe(401);
    const anon = await call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': app },
      body: {
        handle: '@anon-password',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-password',
        anonymous: true,
      },
    });
    expect(anon.status, JSON.stringify(anon.body)).toBeLessThan(300);
    const token = createAnonymousResponseSchema.parse(anon.body).session.token;
    const refused = await call(service.url, 'POST', '/auth/v1/password', { token, body });
    expect(refused.status).toBe(403);
    expect((await admin(service.url, 'POST', '/admin/v1/users/anon-password/invitation')).status).toBe(409);
  });
});

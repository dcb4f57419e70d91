/**
 * Who gets a password hashing slot while a flood holds them, over real HTTP:
 * the test holds the checks of chosen attempts (the bound's slots stay taken
 * while they wait) instead of timing a flood, so what it sees is the rule,
 * not the machine's speed. With PASSWORD_HASH_CONCURRENCY 4, attempts from an
 * address or a handle and address with failures recorded fill 2 slots,
 * attempts with none recorded 3, a browser that signed in to the handle
 * before (its device cookie) all 4. The password link page and the change of
 * one's own password hash through the same bound, and answer 503 with
 * Retry-After beyond it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import { endpointUrl } from '../../../contract/endpoint-url.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import { changePasswordResultSchema, type PasswordLink, passwordLinkSchema } from '../../../contract/passwords.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, startService, type TestService } from '../../../testkit/harness.ts';
import {
  DASHBOARD_CALLBACK,
  openPasswordPage,
  openSignin,
  type Page,
  pkce,
  signInWithCode,
  submitPasswordForm,
  submitSignin,
} from '../../../testkit/oauth.ts';
import { ADMIN_TOKEN, admin } from '../../../testkit/plugin-kit.ts';
import { hashPassword, type PasswordWork, passwordWork } from '../../access/passwords.ts';

/** The service's own bound, with a door in front of each check that the test may keep shut. */
function heldWork(bound: number) {
  const real = passwordWork(bound);
  let toHold = 0;
  const held: (() => void)[] = [];
  const work: PasswordWork = {
    run: (job, standing) =>
      real.run(async () => {
        if (toHold > 0) {
          toHold--;
          await new Promise<void>((open) => held.push(open));
        }
        return job();
      }, standing),
    hash: (password, standing) => work.run(() => hashPassword(password), standing),
    busy: () => real.busy(),
  };
  return {
    work,
    /** The next `n` checks wait, holding their slots, until `release`. */
    hold: (n: number) => {
      toHold += n;
    },
    /** Until `n` checks are held. */
    holding: (n: number) => vi.waitFor(() => expect(held.length).toBe(n)),
    release: () => {
      for (const open of held.splice(0)) open();
    },
  };
}

const flood = heldWork(4);
const single = heldWork(1);
let service: TestService;
let bounded: TestService;

beforeAll(async () => {
  service = await startService({ env: { TRUSTED_PROXIES: '127.0.0.1' }, passwords: flood.work });
  bounded = await startService({ env: { TRUSTED_PROXIES: '127.0.0.1', ADMIN_TOKEN }, passwords: single.work });
});
afterAll(async () => {
  flood.release();
  single.release();
  await bounded?.close();
  await service?.close();
});

const people = {
  dana: { handle: '@dokafor', password: 'dokafor-sandbox-2026' },
  marcus: { handle: '@mwebb', password: 'mwebb-sandbox-2026' },
};

const params = {
  response_type: 'code',
  state: 'fair',
  client_id: demoIds.apps.training,
  redirect_uri: DASHBOARD_CALLBACK,
  code_challenge: pkce().challenge,
  code_challenge_method: 'S256',
};

type Post = (handle: string, password: string, address: string) => Promise<Page>;

/** One browser's sign-in form: its cookie (the browser as the service knows it) goes with every post. */
async function browser(base: string): Promise<Post> {
  const page = await openSignin(base, params);
  expect(page.status).toBe(200);
  return (handle, password, address) =>
    submitSignin(
      base,
      { ...params, csrf_token: page.csrfToken, action: 'password', handle, password },
      { cookie: page.cookie, headers: { 'X-Forwarded-For': address } },
    );
}

function expectBusy(page: Page): void {
  expect(page.status).toBe(503);
  expect(page.headers.get('retry-after')).toBe('1');
  expect(page.html).toContain('The platform is busy checking other sign-ins');
}

describe('password checks during a flood', () => {
  it('keeps slots for attempts with no failures, and for browsers that signed in before', async () => {
    const attacker = await browser(service.url);
    const danasLaptop = await browser(service.url);
    // The flood's address has failed once: its attempts are suspect from now on.
    expect((await attacker('@flood-0', 'guess', '203.0.113.5')).status).toBe(401);
    flood.hold(2);
    const suspects = [attacker('@flood-1', 'guess', '203.0.113.5'), attacker('@flood-2', 'guess', '203.0.113.5')];
    await flood.holding(2);
    // Two slots are all a suspect flood gets: the third is refused at once, unchecked.
    expectBusy(await attacker('@flood-3', 'guess', '203.0.113.5'));

    // A person with no failures, on their own address, is still checked and signs in.
    expect((await danasLaptop(people.dana.handle, people.dana.password, '192.0.2.20')).status).toBe(303);

    // A flood from fresh addresses has no failures either: it fills the third slot, and the next fresh one waits.
    flood.hold(1);
    const fresh = attacker('@fresh-0', 'guess', '198.51.100.70');
    await flood.holding(3);
    expectBusy(await attacker('@fresh-1', 'guess', '198.51.100.71'));
    // So does a person in a browser that never signed in (they try again a second later).
    const marcusPhone = await browser(service.url);
    expectBusy(await marcusPhone(people.marcus.handle, people.marcus.password, '192.0.2.21'));
    // Dana's laptop signed in to her handle before: the last slot is hers, from any address.
    expect((await danasLaptop(people.dana.handle, people.dana.password, '192.0.2.22')).status).toBe(303);
    // The laptop is known for Dana's handle only, and Dana only in that browser.
    expectBusy(await danasLaptop(people.marcus.handle, people.marcus.password, '192.0.2.22'));
    const danasPhone = await browser(service.url);
    expectBusy(await danasPhone(people.dana.handle, people.dana.password, '192.0.2.22'));

    flood.release();
    for (const page of await Promise.all([...suspects, fresh])) expect(page.status).toBe(401);

    // One known check of a handle at a time: while the laptop's is held, a second one stands as any other.
    flood.hold(3);
    const held = [attacker('@flood-4', 'guess', '203.0.113.5'), attacker('@flood-5', 'guess', '203.0.113.5')];
    await flood.holding(2);
    held.push(danasLaptop(people.dana.handle, people.dana.password, '192.0.2.22'));
    await flood.holding(3);
    // A fourth slot is free, but only for a known check; Dana's second one is not, so it is refused.
    expectBusy(await danasLaptop(people.dana.handle, people.dana.password, '192.0.2.23'));
    flood.release();
    expect((await Promise.all(held)).map((page) => page.status)).toEqual([401, 401, 303]);
  });

  it('keeps the known browser’s cookie for 30 days', async () => {
    const page = await openSignin(service.url, params);
    expect(page.headers.get('set-cookie')).toMatch(
      /^oauth_csrf=[\w-]{43}; Path=\/oauth; HttpOnly; SameSite=Strict; Max-Age=2592000$/,
    );
  });

  it('takes the standing from a browser that has failed since it last signed in', async () => {
    const laptop = await browser(service.url);
    let filled = 0;
    /** Fills the three slots a clean attempt may take (fresh addresses each time: a failure makes one suspect). */
    const fill = async () => {
      flood.hold(3);
      const fillers = [0, 1, 2].map(() => laptop(`@filler-${filled}`, 'guess', `198.51.100.${80 + filled++}`));
      await flood.holding(3);
      return fillers;
    };
    const drain = async (fillers: Promise<Page>[]) => {
      flood.release();
      for (const page of await Promise.all(fillers)) expect(page.status).toBe(401);
    };
    expect((await laptop(people.marcus.handle, people.marcus.password, '192.0.2.30')).status).toBe(303);
    // One wrong password from that browser, from another address.
    expect((await laptop(people.marcus.handle, 'not-it', '192.0.2.31')).status).toBe(401);
    let fillers = await fill();
    expectBusy(await laptop(people.marcus.handle, people.marcus.password, '192.0.2.32'));
    await drain(fillers);
    // Signing in again gives the standing back.
    expect((await laptop(people.marcus.handle, people.marcus.password, '192.0.2.32')).status).toBe(303);
    fillers = await fill();
    expect((await laptop(people.marcus.handle, people.marcus.password, '192.0.2.32')).status).toBe(303);
    await drain(fillers);
  });
});

describe('every password hash goes through the bound', () => {
  /** Holds the one slot of `bounded` with a wrong sign-in; `answer` is its page, once released. */
  async function takeTheSlot(): Promise<{ answer: Promise<Page> }> {
    const post = await browser(bounded.url);
    single.hold(1);
    const held = post('@holder', 'guess', '198.51.100.90');
    await single.holding(1);
    // Wrapped: an async function returning a promise would wait for it.
    return { answer: held };
  }

  const tokenOf = (link: PasswordLink) => new URL(link.path, 'http://x').searchParams.get('token') ?? '';

  it('the page behind a link answers 503 with Retry-After and its form, and the link still works', async () => {
    const reply = await admin(bounded.url, 'POST', `/admin/v1/users/${demoIds.users.civilianTrainer}/invitation`);
    expect(reply.status).toBe(201);
    const link = passwordLinkSchema.parse(reply.body);
    const page = await openPasswordPage(bounded.url, link.path);
    expect(page.status).toBe(200);
    const fields = { token: tokenOf(link), password: 'saffron pilot crosses rivers' };

    const held = await takeTheSlot();
    const busy = await submitPasswordForm(
      bounded.url,
      { ...fields, csrf_token: page.csrfToken },
      { cookie: page.cookie },
    );
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(busy.html).toContain(
      'The platform is busy checking other passwords. Wait a second, then set your password again.',
    );
    expect(busy.html).toContain('<label for="password">New password</label>');
    single.release();
    expect((await held.answer).status).toBe(401);

    // Nothing was spent: the form the busy page gave sets the password.
    const done = await submitPasswordForm(
      bounded.url,
      { ...fields, csrf_token: busy.csrfToken },
      { cookie: page.cookie },
    );
    expect(done.status, done.html).toBe(200);
    const post = await browser(bounded.url);
    expect((await post('@lchen', fields.password, '192.0.2.40')).status).toBe(303);
  });

  it('changing one’s own password answers 503 with Retry-After, and changes nothing', async () => {
    const person = { handle: '@jlee', password: 'jlee-sandbox-2026' };
    const session = await signInWithCode(bounded.url, demoIds.apps.training, person);
    const change = () =>
      call(bounded.url, 'POST', endpointUrl(endpoints.changePassword, {}), {
        token: session.access_token,
        body: { currentPassword: person.password, newPassword: 'lantern harbor quietly folds' },
      });

    const held = await takeTheSlot();
    const busy = await change();
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(errorBodySchema.parse(busy.body).error.code).toBe('overloaded');
    single.release();
    expect((await held.answer).status).toBe(401);
    // The old password still signs in: the refused change changed nothing.
    const post = await browser(bounded.url);
    expect((await post(person.handle, person.password, '192.0.2.41')).status).toBe(303);

    const done = await change();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(changePasswordResultSchema.parse(done.body).success).toBe(true);
  });
});

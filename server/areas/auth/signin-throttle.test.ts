/**
 * Guessing gets nowhere: failed password sign-ins are counted per handle and
 * address and per address, in the database; past the limit an attempt waits
 * (429, Retry-After) and no password is checked. Password hashing has a bound
 * per process (503 beyond it), and anonymous sign-up a limit per app and
 * address (429). Addresses come from X-Forwarded-For, which this service
 * trusts from its loopback "proxy" (TRUSTED_PROXIES).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, startService, type TestService } from '../../../testkit/harness.ts';
import { DASHBOARD_CALLBACK, openSignin, type Page, pkce, submitSignin } from '../../../testkit/oauth.ts';

let service: TestService;
let busy: TestService;

beforeAll(async () => {
  // The sign-in limits at their defaults (5 per handle and address, 2 s first wait); the sign-up limit at its own.
  service = await startService({ env: { TRUSTED_PROXIES: '127.0.0.1', ANONYMOUS_SIGNUPS_PER_MINUTE: '10' } });
  busy = await startService({
    env: { TRUSTED_PROXIES: '127.0.0.1', PASSWORD_HASH_CONCURRENCY: '1', SIGNIN_FAILURES_PER_ADDRESS: '8' },
  });
});
afterAll(async () => {
  await busy?.close();
  await service?.close();
});

const people = {
  dana: { handle: '@dokafor', password: 'dokafor-sandbox-2026' },
  marcus: { handle: '@mwebb', password: 'mwebb-sandbox-2026' },
  lin: { handle: '@lchen', password: 'lchen-sandbox-2026' },
  jordan: { handle: '@jlee', password: 'jlee-sandbox-2026' },
};

const params = {
  response_type: 'code',
  state: 'throttle',
  client_id: demoIds.apps.training,
  redirect_uri: DASHBOARD_CALLBACK,
  code_challenge: pkce().challenge,
  code_challenge_method: 'S256',
};

/** One sign-in form, opened once: its token holds for every post of these parameters. */
async function form(base: string): Promise<(handle: string, password: string, address: string) => Promise<Page>> {
  const page = await openSignin(base, params);
  expect(page.status).toBe(200);
  return (handle, password, address) =>
    submitSignin(
      base,
      { ...params, csrf_token: page.csrfToken, action: 'password', handle, password },
      { cookie: page.cookie, headers: { 'X-Forwarded-For': address } },
    );
}

function expectWait(page: Page): number {
  expect(page.status).toBe(429);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('errorcode')).toBe('4006');
  expect(page.html).toMatch(/<div class="alert" role="alert" id="signin-error"><p>Too many failed sign-ins/);
  const retryAfter = Number(page.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  return retryAfter;
}

describe('password sign-in under guessing', () => {
  it('checks at most about 10 of 30 quick wrong passwords; the rest wait (429), even the right one from there', async () => {
    const post = await form(service.url);
    const statuses: number[] = [];
    const waits: number[] = [];
    for (let i = 0; i < 30; i++) {
      const page = await post(people.dana.handle, `guess-${i}`, '203.0.113.7');
      statuses.push(page.status);
      if (page.status === 429) waits.push(expectWait(page));
      else expect(page.status).toBe(401);
    }
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(10);
    // The first five are checked; the sixth already waits.
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(900);
    // No password is checked while the wait lasts: not even the right one signs in from the guesser's address.
    expectWait(await post(people.dana.handle, people.dana.password, '203.0.113.7'));
  });

  it('lets the person in from their own address while the guesser waits', async () => {
    const post = await form(service.url);
    for (let i = 0; i < 6; i++) await post(people.marcus.handle, `guess-${i}`, '198.51.100.20');
    expectWait(await post(people.marcus.handle, 'guess-again', '198.51.100.20'));
    const own = await post(people.marcus.handle, people.marcus.password, '192.0.2.44');
    expect(own.status).toBe(303);
    expect(new URL(own.location ?? '').searchParams.get('code')).toBeTruthy();
  });

  it('throttles a handle nobody has exactly as a known one', async () => {
    const post = await form(service.url);
    const run = async (handle: string, address: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 8; i++) {
        const page = await post(handle, `guess-${i}`, address);
        // How many seconds are left depends on when each run's window opened, not on the handle.
        const message = /<p>([^<]*)/.exec(page.html)?.[1]?.replace(/Wait \d+ seconds?/, 'Wait N seconds');
        seen.push(`${page.status} ${page.headers.get('errorcode')} ${message}`);
      }
      return seen;
    };
    const known = await run(people.lin.handle, '198.51.100.31');
    const unknown = await run('@nobody-by-this-name', '198.51.100.32');
    expect(unknown).toEqual(known);
    expect(known.filter((line) => line.startsWith('429')).length).toBeGreaterThan(0);
  });

  it('forgets the failures of a handle and address once the right password signs in', async () => {
    const post = await form(service.url);
    for (let i = 0; i < 4; i++) expect((await post(people.jordan.handle, `guess-${i}`, '192.0.2.60')).status).toBe(401);
    expect((await post(people.jordan.handle, people.jordan.password, '192.0.2.60')).status).toBe(303);
    // Counting starts again: five more are checked before the wait.
    const after: number[] = [];
    for (let i = 0; i < 6; i++) after.push((await post(people.jordan.handle, `again-${i}`, '192.0.2.60')).status);
    expect(after).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('holds one address to a budget over every handle', async () => {
    const post = await form(busy.url);
    // SIGNIN_FAILURES_PER_ADDRESS is 8 here: eight handles once each, then the address waits, whatever the handle.
    for (let i = 0; i < 8; i++) expect((await post(`@someone-${i}`, 'guess', '203.0.113.99')).status).toBe(401);
    const retryAfter = expectWait(await post(people.dana.handle, people.dana.password, '203.0.113.99'));
    expect(retryAfter).toBeGreaterThan(3600);
    expect((await post(people.dana.handle, people.dana.password, '203.0.113.100')).status).toBe(303);
  });

  it('refuses at once (503, Retry-After) the checks beyond the bound of hashes at a time', async () => {
    const post = await form(busy.url);
    // PASSWORD_HASH_CONCURRENCY is 1 here: of six attempts at once, one is checked at a time and the others refused.
    const pages = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(`@flood-${i}`, 'guess', `198.51.100.${100 + i}`)),
    );
    const statuses = pages.map((page) => page.status).sort();
    expect(statuses).toContain(401);
    const refused = pages.filter((page) => page.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const page of refused) {
      expect(page.headers.get('retry-after')).toBe('1');
      expect(page.headers.get('errorcode')).toBe('5003');
      expect(page.html).toContain('The platform is busy checking other sign-ins');
    }
    // A refusal for load counts nothing against the handle: five wrong passwords are still checked after it.
    const handle = '@flood-0';
    const later: number[] = [];
    for (let i = 0; i < 5; i++) later.push((await post(handle, `later-${i}`, '198.51.100.100')).status);
    expect(later.filter((status) => status === 401).length).toBeGreaterThanOrEqual(4);
  });
});

describe('anonymous sign-up', () => {
  const signUp = (id: string, address: string, clientId: string = demoIds.apps.training) =>
    call(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { 'X-Client-Id': clientId, 'X-Forwarded-For': address },
      body: {
        handle: `@${id}`,
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: id,
        anonymous: true,
      },
    });

  it('takes 10 a minute from one address to one app, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await signUp(`anon-limit-${i}`, '203.0.113.50')).status).toBe(201);
    const refused = await signUp('anon-limit-10', '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('too_many_requests');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('errorcode')).toBe('4006');
    // Nobody was made by the refused one.
    expect((await signUp('anon-limit-10', '203.0.113.51')).status).toBe(201);
    // Another app from the same address has its own count.
    expect((await signUp('anon-limit-other-app', '203.0.113.50', demoIds.apps.noTraining)).status).toBe(201);
  });
});

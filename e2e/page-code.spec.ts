/**
 * A page's code comes with the page (issue 21): the index.html the service
 * sends for an address links every script the page then runs (the entry's
 * and the page's own chunks, see vite.config.ts routePreloads), so the
 * browser fetches them side by side instead of after the entry has run, and
 * fetches each file once: a preload the page's loader did not use would
 * come twice. A page fetches no more than it needs: the OAuth callback
 * loads the API client only for a code it can exchange.
 */
import type { Page, Request } from '@playwright/test';
import { findTrainer } from './support/platform';
import { expect, test } from './support/test';

/** Opens `path` afresh: what `pick` names of each request made until the network is quiet. */
async function opening(page: Page, path: string, pick: (request: Request) => string | undefined) {
  const made: string[] = [];
  const onRequest = (request: Request) => {
    const picked = pick(request);
    if (picked !== undefined) made.push(picked);
  };
  page.on('request', onRequest);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return made;
}

/** The scripts and styles fetched opening `path` afresh. */
const codeOpening = (page: Page, path: string) =>
  opening(page, path, (request) => {
    const { pathname } = new URL(request.url());
    return /^\/assets\/.+\.(js|css)$/.test(pathname) ? pathname : undefined;
  });

test("each page's code is linked from the page itself and fetched once @field", async ({ page, signIn, request }) => {
  const { user, klass } = await findTrainer(request);
  const student = klass.students[0]?.userId;
  if (!student) throw new Error('the demo trainer has a student');
  // What the server sent: links present in the HTML as it arrived, not added later by the page's loader.
  const sent = new Map<string, string[]>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'document') return;
    const html = await response.text().catch(() => '');
    sent.set(
      new URL(response.url()).pathname,
      [...html.matchAll(/<(?:link rel="modulepreload"[^>]*href|script type="module"[^>]*src)="([^"]+)"/g)].map(
        (match) => match[1] ?? '',
      ),
    );
  });

  const check = async (path: string) => {
    const fetched = await codeOpening(page, path);
    const scripts = fetched.filter((file) => file.endsWith('.js'));
    expect(scripts.length, `${path} fetched scripts`).toBeGreaterThan(0);
    expect(new Set(fetched).size, `${path} fetched a file twice: ${fetched.join(', ')}`).toBe(fetched.length);
    const linked = sent.get(new URL(path, 'http://x').pathname) ?? [];
    expect(
      scripts.filter((file) => !linked.includes(file)),
      `${path}: scripts fetched that its HTML did not link`,
    ).toEqual([]);
  };

  await check('/sign-in');
  // An answer that cannot finish (no sign-in under way in this tab) is explained without the API client's code.
  await check('/auth/callback?code=c-1&state=s-1');
  await expect(page.getByRole('alert')).toContainText('This sign-in could not be verified');
  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  for (const path of [
    '/comments',
    '/classes',
    '/notes',
    '/notes/new',
    `/students/${student}`,
    '/profile',
    '/friends',
    '/mission-planner',
  ]) {
    await check(path);
  }
});

test('a page opened afresh asks for each of its reads once @field', async ({ page, signIn, request }) => {
  // Its first reads are asked for by the entry, before the page's code has loaded (src/lib/api/early-reads.ts):
  // the page must take those answers, not ask for them again.
  const { user, klass } = await findTrainer(request);
  const student = klass.students[0]?.userId;
  if (!student) throw new Error('the demo trainer has a student');
  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  for (const path of [`/students/${student}`, '/profile', '/friends', '/comments']) {
    // Nothing of the page before it is still asking (a roster composed from the platform's lists takes a while).
    await page.goto('about:blank');
    const reads = await opening(page, path, (request) => {
      const url = new URL(request.url());
      const isRead =
        request.method() === 'GET' &&
        ['fetch', 'xhr'].includes(request.resourceType()) &&
        url.pathname !== '/config.json';
      return isRead ? url.pathname + url.search : undefined;
    });
    expect(reads, `${path} read nothing`).toContain('/user/v1/my/profile');
    expect(
      reads.filter((read, i) => reads.indexOf(read) !== i),
      `${path} asked twice for: ${reads.join(', ')}`,
    ).toEqual([]);
  }
});

/**
 * Against a sandbox whose tokens live seconds: an expired token is renewed
 * without the person noticing; when renewing fails, the person is told and
 * sent to sign in, or, with an anonymous profile, to start a new one.
 */
import type { Page } from '@playwright/test';
import { demoIds } from '../sandbox/demo-ids';
import { expectAccessible } from './support/a11y';
import { openFromNav } from './support/navigate';
import { demoUsers } from './support/platform';
import { ports, shortSessions } from './support/ports';
import { signInThroughPlatform } from './support/sign-in';
import { expect, test } from './support/test';

const base = `http://127.0.0.1:${ports.shortSessions}`;
const seconds = (n: number) => n * 1000;

async function openPage(page: Page, link: string, heading: string) {
  await openFromNav(page, link);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('an expired token is refreshed; when the refresh fails too, the person is told and sent to sign in', async ({
  page,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: base });
  const trainer = (await demoUsers(api)).find((user) => user.userId === demoIds.users.trainer);
  await api.dispose();
  if (!trainer) throw new Error('The seeded sandbox has no trainer');

  await page.goto(`${base}/sign-in`);
  await signInThroughPlatform(page, trainer);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  const signedInAt = Date.now();

  // The token has expired, the refresh token not: the next page renews the session and loads.
  await page.waitForTimeout(seconds(shortSessions.tokenSeconds + 1));
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/oauth/token'));
  await openPage(page, 'My profile', 'My profile');
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: `${trainer.firstName} ${trainer.lastName}` })).toBeVisible();

  // Both have expired now: renewing fails, and the person is told so on the sign-in page.
  await page.waitForTimeout(
    Math.max(0, signedInAt + seconds(shortSessions.tokenSeconds + shortSessions.refreshSeconds + 2) - Date.now()),
  );
  await openFromNav(page, 'My friends');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Your session has ended');
  await expect(page.getByRole('alert')).toContainText('expired and could not be renewed');
  await expectAccessible(page, 'sign-in after the session ended');

  // Signing in again returns to the page that was asked for.
  await signInThroughPlatform(page, trainer);
  await expect(page.getByRole('heading', { level: 1, name: 'My friends' })).toBeVisible();
});

test('an anonymous profile whose session cannot be renewed leads to a new anonymous profile', async ({ page }) => {
  await page.goto(`${base}/welcome`);
  await page.getByRole('button', { name: 'Create an anonymous profile and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  const firstHandle = await page
    .getByText(/^@anon-/)
    .first()
    .textContent();

  await page.waitForTimeout(seconds(shortSessions.tokenSeconds + shortSessions.refreshSeconds + 1));
  await openFromNav(page, 'My friends');
  await expect(page.getByRole('heading', { level: 1, name: 'Try the dashboard without an account' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Your anonymous session ended');
  await expect(page.getByRole('alert')).toContainText('cannot be recovered');

  await page.getByRole('button', { name: 'Create an anonymous profile and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expect(page.getByText(/^@anon-/).first()).not.toHaveText(firstHandle ?? '');
});

/**
 * A trainer signs in to the dashboard through the organization's own
 * OpenID provider: "Continue with <name>" on the platform's sign-in page,
 * the provider's login page (oidc-provider's own, a real provider in its own
 * process), and back through the platform to the dashboard, signed in as
 * the person the import knows by that email. The service and the provider
 * are the journey's own (playwright.config.ts).
 */
import { demoIds } from '../sandbox/demo-ids';
import { expectAccessible } from './support/a11y';
import { openidPorts, openidProvider } from './support/ports';
import { PLATFORM_SIGN_IN } from './support/sign-in';
import { expect, test } from './support/test';

const service = `http://127.0.0.1:${openidPorts.service}`;
const provider = `http://127.0.0.1:${openidPorts.provider}`;

test.use({ baseURL: service });

test('a trainer signs in to the dashboard through the organization’s OpenID provider', async ({ page }) => {
  await page.goto('/notes');
  await page.getByRole('button', { name: PLATFORM_SIGN_IN }).click();
  await page.waitForURL(/\/oauth\/signin\?/);
  const continueWith = page.getByRole('button', { name: `Continue with ${openidProvider.name}` });
  await expect(continueWith).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in with your organization' })).toBeVisible();
  await expectAccessible(page, 'the sign-in page with an OpenID provider');

  await continueWith.click();
  // The provider's own login page, on the provider's origin.
  await page.waitForURL(`${provider}/interaction/**`);
  await page.getByPlaceholder('Enter any login').fill(openidProvider.login);
  await page.getByPlaceholder('and password').fill('any password the development login takes');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // Back through the platform and the dashboard's callback, to the page asked for.
  await expect(page.getByRole('heading', { level: 1, name: 'Training notes' })).toBeVisible();
  expect(page.url()).toBe(`${service}/notes`);
  expect(await page.evaluate(() => localStorage.getItem('td:current-user'))).toBe(demoIds.users.trainer);
  const cookies = await page.context().cookies(service);
  expect(cookies.map((cookie) => cookie.name)).not.toContain('oidc_state');
});

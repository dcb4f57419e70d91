/**
 * Signing in through the platform's own page (OAuth 2.0 code flow with
 * PKCE): a trainer asked for a page while signed out, signs in on
 * `/oauth/signin` and lands on that page; a forged state is refused with
 * nobody signed in; signing out ends the session on the platform too. The
 * storage audit runs after each: no profile field, no verifier or state.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { findTrainer, profileValuesSeenBy, signInAs } from './support/platform';
import { PLATFORM_SIGN_IN, signInThroughPlatform } from './support/sign-in';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

const PENDING_KEY = 'td:pkce-sign-in';

const currentUser = (page: Page) => page.evaluate(() => localStorage.getItem('td:current-user'));

test('a trainer signs in on the platform’s page, lands where they were going, and signs out through /oauth/logout', async ({
  page,
  context,
  request,
  visitedUrls,
  baseURL,
}) => {
  const { user, token } = await findTrainer(request);

  // Signed out, the notes page sends the person to sign in first.
  await page.goto('/notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try without an account' })).toBeVisible();
  await expect(page.getByText('Use a token (integrators)')).toBeVisible();

  await page.getByRole('button', { name: PLATFORM_SIGN_IN }).click();
  await page.waitForURL(/\/oauth\/signin\?/);
  const asked = new URL(page.url()).searchParams;
  expect({
    response_type: asked.get('response_type'),
    client_id: asked.get('client_id'),
    redirect_uri: asked.get('redirect_uri'),
    code_challenge_method: asked.get('code_challenge_method'),
  }).toEqual({
    response_type: 'code',
    client_id: 'sandbox-trainer-dashboard',
    redirect_uri: `${baseURL}/auth/callback`,
    code_challenge_method: 'S256',
  });
  // At least 128 bits of state, and a challenge rather than the verifier itself.
  expect(asked.get('state')).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(asked.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const pending = await page.evaluate((key) => sessionStorage.getItem(key), PENDING_KEY);
  expect(pending).not.toContain(asked.get('code_challenge'));

  const exchanged = page.waitForResponse((response) => response.url().endsWith('/oauth/token'));
  await page.getByRole('button', { name: signInAs(user), exact: true }).click();
  expect((await exchanged).status()).toBe(200);

  // The page asked for, without the code and state in the address bar.
  await expect(page.getByRole('heading', { level: 1, name: 'Training notes' })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/notes`);
  expect(await currentUser(page)).toBe(user.userId);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), PENDING_KEY)).toBeNull();
  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });

  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/oauth/logout'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await loggedOut).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('You signed out.')).toBeVisible();
  expect(await currentUser(page)).toBeNull();
  await expectNoProfileDataStored(page, context, { profileValues: await profileValuesSeenBy(request), visitedUrls });
});

test('a forged state is refused: nobody is signed in, the person is told, and trying again works', async ({
  page,
  context,
  request,
  visitedUrls,
}) => {
  const { user, token } = await findTrainer(request);
  const exchanges: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/oauth/token')) exchanges.push(sent.url());
  });

  await page.goto('/sign-in');
  await page.getByRole('button', { name: PLATFORM_SIGN_IN }).click();
  await page.waitForURL(/\/oauth\/signin\?/);
  // The state this tab keeps no longer matches the one the platform sends back: as if the answer were forged.
  await page.evaluate((key) => {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    sessionStorage.setItem(key, JSON.stringify({ ...kept, state: 'a-state-this-tab-never-sent-0123456789' }));
  }, PENDING_KEY);
  await page.getByRole('button', { name: signInAs(user), exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in did not finish' })).toBeVisible();
  await expect(page.getByText('This sign-in could not be verified')).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  expect(exchanges).toEqual([]);
  expect(await currentUser(page)).toBeNull();
  await expectAccessible(page, 'a refused sign-in');
  await expectNoProfileDataStored(page, context, { profileValues: await profileValuesSeenBy(request), visitedUrls });

  // An address with a code and state but no sign-in under way in this tab is refused the same way.
  await page.goto('/auth/callback?code=stolen-code&state=guessed-state');
  await expect(page.getByText('This sign-in could not be verified')).toBeVisible();
  expect(exchanges).toEqual([]);
  expect(await currentUser(page)).toBeNull();

  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL(/\/oauth\/signin\?/);
  await page.getByRole('button', { name: signInAs(user), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  expect(await currentUser(page)).toBe(user.userId);
  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

test('cancelling on the platform’s page signs nobody in and offers to try again', async ({ page, request }) => {
  const { user } = await findTrainer(request);
  await page.goto('/sign-in');
  await page.getByRole('button', { name: PLATFORM_SIGN_IN }).click();
  await page.waitForURL(/\/oauth\/signin\?/);
  await page.getByRole('button', { name: /^Cancel and go back/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in did not finish' })).toBeVisible();
  await expect(page.getByText('You cancelled signing in')).toBeVisible();
  expect(await currentUser(page)).toBeNull();
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL(/\/oauth\/signin\?/);
  await page.getByRole('button', { name: signInAs(user), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
});

test('the sign-in page offers all three ways within a phone’s first screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { user } = await findTrainer(request);
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: PLATFORM_SIGN_IN })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Try without an account' })).toBeInViewport();
  await expect(page.getByText('Use a token (integrators)')).toBeInViewport();
  await expectAccessible(page, 'sign-in on a phone');
  await signInThroughPlatform(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
});

import { expectAccessible } from './support/a11y';
import { profileValuesSeenBy } from './support/platform';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

test('an anonymous person onboards, is warned, and is warned again before signing out @field', async ({
  page,
  context,
  request,
  visitedUrls,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Try without an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Try the dashboard without an account' })).toBeVisible();
  await expectAccessible(page, 'welcome');
  await page.getByRole('button', { name: 'Create an anonymous profile and continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  const notice = page.getByRole('region', { name: 'Anonymous profile' });
  await expect(notice).toContainText('If you sign out or your session is lost');
  const handle =
    (await page
      .getByText(/^@anon-/)
      .first()
      .textContent()) ?? '';
  expect(handle).toMatch(/^@anon-/);
  await expectAccessible(page, 'anonymous profile');

  // The anonymous handle is profile data too: it must not be stored while signed in.
  await expectNoProfileDataStored(page, context, {
    profileValues: [...(await profileValuesSeenBy(request)), handle],
    visitedUrls,
  });

  await page.getByRole('button', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out of the anonymous profile?' });
  await expect(dialog).toContainText('cannot be signed in to again');
  await expectAccessible(page, 'sign-out confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await dialog.getByRole('button', { name: 'Sign out and discard profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Try the dashboard without an account' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('That anonymous profile cannot be recovered');
  await expectAccessible(page, 'welcome after sign-out');

  // Nothing of the discarded profile is left behind.
  const kept = await page.evaluate(() => Object.keys(localStorage));
  expect(kept).toEqual([]);
});

import type { Locator } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { openFromNav } from './support/navigate';
import { findStudent, profileValuesSeenBy } from './support/platform';
import { signInThroughPlatform } from './support/sign-in';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

async function expectLoadedJpeg(image: Locator): Promise<void> {
  await expect(image).toHaveAttribute('src', /^data:image\/jpeg;base64,\/9j\//);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test('a student sees their profile with pictures, then their friends, and searches them', async ({
  page,
  context,
  request,
  visitedUrls,
}) => {
  const { user, token, profile, friends } = await findStudent(request);

  await page.goto('/sign-in');
  await signInThroughPlatform(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${profile.firstName} ${profile.lastName}` })).toBeVisible();
  await expectLoadedJpeg(page.getByRole('img', { name: 'Your avatar' }));
  await expectLoadedJpeg(page.getByRole('img', { name: 'Your profile cover' }));
  await expect(page.getByText(profile.handle, { exact: true }).first()).toBeVisible();
  for (const value of [profile.email, profile.organizationRoles.afsc, profile.displayDutyTitle].filter(Boolean)) {
    await expect(page.getByRole('definition').filter({ hasText: value }).first()).toBeVisible();
  }
  await expect(page.getByRole('definition').filter({ hasText: 'In training' })).toBeVisible();
  await expectAccessible(page, 'profile');

  await openFromNav(page, 'My friends');
  await expect(page.getByRole('heading', { level: 1, name: 'My friends' })).toBeVisible();
  for (const friend of friends) {
    await expect(page.getByRole('heading', { level: 2, name: `${friend.firstName} ${friend.lastName}` })).toBeVisible();
  }
  await expect(page.getByRole('status').filter({ hasText: `${friends.length} friends` })).toBeVisible();
  const withFlags = friends[0];
  if (!withFlags) throw new Error('findStudent returns friends');
  await expect(
    page
      .getByRole('list', { name: `Parent settings for ${withFlags.firstName} ${withFlags.lastName}` })
      .getByRole('listitem'),
  ).toHaveText([
    withFlags.parentFlags.cameraDisabled ? 'Camera turned off by a parent' : 'Camera allowed',
    withFlags.parentFlags.proximityFriends ? 'Proximity friends allowed' : 'Proximity friends not allowed',
  ]);
  await expectAccessible(page, 'friends');

  const target = friends[friends.length - 1];
  if (!target) throw new Error('findStudent returns friends');
  const expected = friends.filter((f) =>
    `${f.firstName} ${f.lastName} ${f.handle} ${f.displayDutyTitle ?? ''} ${f.jobTitle ?? ''}`
      .toLowerCase()
      .includes(target.handle.toLowerCase()),
  );
  await page.getByRole('searchbox', { name: 'Search your friends' }).fill(target.handle);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(expected.map((f) => `${f.firstName} ${f.lastName}`));
  // The search is a name: it stays out of the URL.
  expect(page.url()).not.toContain(encodeURIComponent(target.handle));
  await page.getByRole('searchbox', { name: 'Search your friends' }).fill('zzzz-nobody');
  await expect(page.getByText('No friend matches your search')).toBeVisible();

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

/**
 * A trainee who trains no one, and an anonymous person, each get their own
 * dashboard: their profile, friends and notes about themselves, no trainer
 * pages; a trainer page opened by its URL says it is for trainers.
 */
import type { Page } from '@playwright/test';
import { demoIds } from '../sandbox/demo-ids';
import { expectAccessible } from './support/a11y';
import { expectNavOffers, openFromNav } from './support/navigate';
import { profileValuesSeenBy, signedInDemoUser } from './support/platform';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

const ownPages = ['My profile', 'My friends', 'My notes'];

/** Writes a note about oneself; the form says before saving that only the writer will read it. */
async function writeOwnNote(page: Page, text: string, extensionsOff: boolean): Promise<void> {
  await openFromNav(page, 'My notes');
  await expect(page.getByRole('heading', { level: 1, name: 'My notes' })).toBeVisible();
  // Private, and described so everywhere: nothing suggests a trainer reads them.
  await expect(page.getByText(/Private notes about yourself: only you can read them, not your trainers/)).toBeVisible();
  await expect(page.getByText(/question for your trainer/)).toHaveCount(0);
  await expectAccessible(page, 'my notes');
  await page.getByRole('link', { name: 'Write a note' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New note' })).toBeVisible();
  await expect(page.getByText(/Only you can read it; your trainers cannot/)).toBeVisible();
  await expect(page.getByText(/question for your trainer/)).toHaveCount(0);
  const form = page.getByRole('form', { name: 'New note about yourself' });
  // Nobody to choose: the note is about the writer, and says who reads it.
  await expect(form.getByRole('combobox')).toHaveCount(0);
  // Said only where the service tells (the audience extension); otherwise nothing is claimed.
  await expect(form.getByRole('button', { name: 'Save note' })).toHaveAccessibleDescription(
    extensionsOff ? '' : 'Who will see it: Visible only to you.',
  );
  await expectAccessible(page, 'new own note');
  await form.getByLabel(/^Note/).fill(text);
  await form.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Note', exact: true })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'User note about yourself' })).toBeVisible();
  // Only its writer reads a note about themselves, so the writer is known even where the platform does not say.
  await expect(page.getByText('Written by you')).toBeVisible();
  await expectAccessible(page, 'own note');
  await page.getByRole('link', { name: 'Back to my notes' }).click();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
}

/** Each trainer page, opened by its URL, says it is for trainers and offers the person's own pages. */
async function expectTrainerPagesRefused(page: Page): Promise<void> {
  for (const [path, heading] of [
    ['/comments', 'Student comments is for trainers'],
    [`/students/${demoIds.users.studentNoPicture}`, 'A student’s record is for trainers'],
    ['/mission-planner', 'The mission planner is for trainers'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'My notes' })).toBeVisible();
    await expectAccessible(page, `${path} for a non-trainer`);
  }
}

test('a trainee who trains no one gets their profile, friends and own notes, and no trainer pages @field', async ({
  page,
  signIn,
  extensionsOff,
  context,
  request,
  visitedUrls,
}) => {
  const { user, token } = await signedInDemoUser(request, demoIds.users.student);
  await page.goto('/sign-in');
  await signIn(page, user);

  // Lands on their profile, with their own navigation.
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expectNavOffers(page, ownPages);
  await expectAccessible(page, 'trainee profile');
  // Changing one's password is the service's extension: offered with it, absent on the platform itself.
  await expect(page.getByRole('region', { name: 'Change your password' })).toHaveCount(extensionsOff ? 0 : 1);

  await writeOwnNote(page, `A reminder to myself, run ${Date.now()}.`, extensionsOff);
  await expectTrainerPagesRefused(page);

  // `/` lands where the person belongs.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

test('an anonymous person gets their profile, friends and own notes, and no trainer pages @field', async ({
  page,
  extensionsOff,
  context,
  request,
  visitedUrls,
}) => {
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Create an anonymous profile and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expectNavOffers(page, ownPages);
  // An anonymous profile has no password to change.
  await expect(page.getByRole('region', { name: 'Change your password' })).toHaveCount(0);
  const handle =
    (await page
      .getByText(/^@anon-/)
      .first()
      .textContent()) ?? '';

  await openFromNav(page, 'My notes');
  // Their notes go with the anonymous profile, and the page says so.
  await expect(page.getByText(/belong to this anonymous profile/)).toBeVisible();
  await writeOwnNote(page, `Trying the dashboard, run ${Date.now()}.`, extensionsOff);
  await expectTrainerPagesRefused(page);

  await expectNoProfileDataStored(page, context, {
    profileValues: [...(await profileValuesSeenBy(request)), handle],
    visitedUrls,
  });
});

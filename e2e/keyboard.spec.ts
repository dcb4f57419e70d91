/** Every step with the keyboard alone: Tab, Enter, Space, arrow keys and Escape. */
import type { Locator, Page } from '@playwright/test';
import { findTrainer, signInAs } from './support/platform';
import { PLATFORM_SIGN_IN } from './support/sign-in';
import { expect, test } from './support/test';

/** Presses Tab (or Shift+Tab, going back up the page) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { limit = 60, back = false } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('a trainer signs in, skips to the content, adds a comment and signs out with the keyboard only', async ({
  page,
  request,
}) => {
  const { user, klass } = await findTrainer(request);
  const student = klass.students[0];
  if (!student) throw new Error('findTrainer returns a class with students');

  await page.goto('/sign-in');
  await tabTo(page, page.getByRole('button', { name: PLATFORM_SIGN_IN }));
  await page.keyboard.press('Enter');
  // The platform's own sign-in page, with the keyboard too.
  await page.waitForURL(/\/oauth\/signin\?/);
  await tabTo(page, page.getByRole('button', { name: signInAs(user), exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Comments \(\d+\+?\)$/ })).toBeVisible();

  // The skip link is the first stop and jumps past the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);

  const form = page.getByRole('form', { name: 'Add a comment' });
  // On a phone the form is folded under its heading until asked for.
  const unfold = page.getByRole('button', { name: 'Add a comment' });
  if (await unfold.isVisible()) {
    await tabTo(page, unfold);
    await page.keyboard.press('Enter');
  }
  const classSelect = form.getByLabel(/^Class/);
  // As a person waits to see the form before going to it: it arrives once the roster is in.
  await expect(classSelect).toBeVisible();
  await tabTo(page, classSelect);
  while ((await classSelect.inputValue()) !== klass.classId) await page.keyboard.press('ArrowDown');
  const studentPicker = form.getByRole('combobox', { name: /^Student/ });
  await tabTo(page, studentPicker);
  // The picker is typed into: what the choice says, then Enter.
  await page.keyboard.type(`${student.firstName} ${student.lastName} (${student.handle})`);
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByLabel(/^Comment/));
  const text = `Typed without a mouse, run ${Date.now()}.`;
  await page.keyboard.type(text);
  await tabTo(page, form.getByRole('button', { name: 'Add comment' }));
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText('Comment added.');
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();

  // Navigation moves focus to the new page's heading. (Back up the page: below the form, every comment links its student.)
  const profileLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My profile' });
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    // A phone's header folds the destinations behind "Menu": open it, then on to the link.
    await tabTo(page, menu, { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, profileLink);
  } else {
    await tabTo(page, profileLink, { back: true });
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Sign out' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You signed out.' })).toBeVisible();
});

test('a confirmation dialog takes focus, closes with Escape and gives focus back', async ({ page }) => {
  await page.goto('/welcome');
  await tabTo(page, page.getByRole('button', { name: 'Create an anonymous profile and continue' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();

  const signOut = page.getByRole('button', { name: 'Sign out' });
  await tabTo(page, signOut);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign out of the anonymous profile?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signOut).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Sign out and discard profile' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Try the dashboard without an account' })).toBeVisible();
});

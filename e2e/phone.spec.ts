/**
 * The dashboard on a phone's screen as well as a desktop's (issue 20 point
 * 8): every destination of the navigation can be reached, the ways to sign
 * in are all in the first screen, and (checked for every page of every
 * journey by the `test` fixture, see support/fits-screen.ts) no page is
 * wider than the screen. Runs in the "chromium" (1280×800) and "phone"
 * (390×844) projects; each check says what the width calls for.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expectFitsScreen } from './support/fits-screen';
import { findTrainer } from './support/platform';
import { PLATFORM_SIGN_IN } from './support/sign-in';
import { expect, test } from './support/test';

/** Where the header folds its destinations behind "Menu" (signed-in.css). */
const MENU_BELOW = 1024;

const viewportOf = (page: Page) => {
  const size = page.viewportSize();
  if (!size) throw new Error('The projects set a viewport');
  return size;
};

/** `target` is shown whole within the first screen, without scrolling either way. */
async function expectInFirstScreen(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${target} has no box`);
  const { width, height } = viewportOf(page);
  const scrolled = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  const where = `${target} at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} on ${width}×${height}`;
  expect(scrolled, 'the page is not scrolled').toEqual({ x: 0, y: 0 });
  expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height, where).toBe(true);
}

test('the ways to sign in, trying without an account included, are all in the first screen @field', async ({
  page,
  signIn,
  request,
}) => {
  const choices = () => [
    page.getByRole('button', { name: PLATFORM_SIGN_IN }),
    page.getByRole('link', { name: 'Try without an account' }),
    // The integrators' token: secondary, folded, but there to be found.
    page.getByText('Use a token (integrators)'),
  ];
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  for (const choice of choices()) await expectInFirstScreen(page, choice);
  await expectFitsScreen(page);

  // Back after signing out, above a notice saying so: still all there.
  const { user } = await findTrainer(request);
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You signed out.' })).toBeVisible();
  for (const choice of choices()) await expectInFirstScreen(page, choice);
});

test('every destination of the main navigation can be seen and chosen, on a phone behind "Menu" @field', async ({
  page,
  signIn,
  request,
}) => {
  const { user } = await findTrainer(request);
  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  const destinations = nav.getByRole('link');
  const { width } = viewportOf(page);

  if (width >= MENU_BELOW) {
    // Wide: no menu, every destination on one line and none cut off by the navigation's edge.
    await expect(menu).toBeHidden();
    await expect(destinations.first()).toBeVisible();
    const navBox = await nav.boundingBox();
    if (!navBox) throw new Error('The navigation has no box');
    const boxes = await destinations.evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        return { text: link.textContent, top: box.top, left: box.left, right: box.right };
      }),
    );
    for (const box of boxes) {
      expect(box.top, `${box.text} on the same line`).toBe(boxes[0]?.top);
      expect(box.right, `${box.text} not cut off`).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
    }
    return;
  }

  // Narrow: the destinations wait behind "Menu", which says what it opens.
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const listId = await menu.getAttribute('aria-controls');
  expect(listId, 'Menu names the list it opens').toBeTruthy();
  await expect(destinations).toHaveCount(0);

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`[id="${listId}"]`)).toBeVisible();
  const names = await destinations.allTextContents();
  expect(names).toContain('Mission planner');
  expect(names).toContain('My friends');
  // One under the other, each whole on the screen.
  let previousBottom = 0;
  for (const destination of await destinations.all()) {
    await expectInFirstScreen(page, destination);
    const box = await destination.boundingBox();
    if (!box) throw new Error('A destination has no box');
    expect(box.y).toBeGreaterThanOrEqual(previousBottom);
    previousBottom = box.y + box.height;
  }
  await expectAccessible(page, 'the phone menu opened');
  await expectFitsScreen(page);

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(destinations).toHaveCount(0);

  // Choosing a destination closes it and starts at the new page's heading.
  await menu.click();
  await nav.getByRole('link', { name: 'My friends', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My friends' })).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(destinations).toHaveCount(0);

  // A tap beside the open menu closes it too.
  await menu.click();
  await page.getByRole('banner').getByText('Trainer dashboard').click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});

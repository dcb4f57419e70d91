/**
 * Opens a page from the main navigation as a person does at any width: on a
 * narrow screen the destinations sit behind the header's "Menu" button.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The main navigation, its destinations shown: on a narrow screen, its "Menu" opened. */
export async function openNavMenu(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The header first: until it is there, whether it has a "Menu" cannot be told.
  await nav.waitFor();
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return nav;
}

/**
 * The main navigation offers exactly `names`, in order. On a narrow screen
 * its menu is opened to read them and closed again (Escape), so the list
 * does not lie over the page the journey goes on with.
 */
export async function expectNavOffers(page: Page, names: readonly string[]): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  const nav = await openNavMenu(page);
  await expect(nav.getByRole('link')).toHaveText([...names]);
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'true') {
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  }
}

export async function openFromNav(page: Page, name: string): Promise<void> {
  await (await openNavMenu(page)).getByRole('link', { name, exact: true }).click();
}

/**
 * A panel that a narrow screen folds under its heading (components/fold.tsx)
 * is opened, as a person taps its heading; on a wide screen it is always
 * open and nothing is done.
 */
export async function unfold(page: Page, title: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 2, name: title });
  await heading.waitFor();
  const toggle = heading.getByRole('button');
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

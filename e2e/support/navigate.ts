/**
 * Opens a page from the main navigation as a person does at any width: on a
 * narrow screen the destinations sit behind the header's "Menu" button.
 */
import type { Page } from '@playwright/test';

export async function openFromNav(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/**
 * Signing in as a person does: the dashboard's main action, then the
 * platform's own sign-in page (`/oauth/signin`), where a sandbox offers its
 * demo people, and back through the dashboard's callback.
 */
import type { Page } from '@playwright/test';
import type { SandboxUser } from '../../contract/sandbox';
import { signInAs } from './platform';

/** The dashboard's main sign-in action. */
export const PLATFORM_SIGN_IN = 'Sign in with your platform account';

/** From the dashboard's sign-in page: off to the platform's page, where `user` is picked. */
export async function signInThroughPlatform(
  page: Page,
  user: Pick<SandboxUser, 'firstName' | 'lastName' | 'handle'>,
): Promise<void> {
  await page.getByRole('button', { name: PLATFORM_SIGN_IN }).click();
  await page.waitForURL(/\/oauth\/signin\?/);
  await page.getByRole('button', { name: signInAs(user), exact: true }).click();
}

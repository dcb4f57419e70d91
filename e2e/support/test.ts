/**
 * The journeys' `test`: fails a journey on an uncaught page error or a
 * Content-Security-Policy violation (the service serves a strict CSP), and
 * records the URLs visited for the storage audit.
 *
 * In the project "without-extensions" the page talks to a service started
 * with PLATFORM_EXTENSIONS=off on the sandbox's database, while the
 * journey's own helpers (`request`: demo people, tokens, what to expect) read
 * through the sandbox with its extensions, at `helperBaseURL`.
 */
import { test as base, expect, type Page } from '@playwright/test';
import type { SandboxUser } from '../../contract/sandbox';
import { signInAs, tokenFor } from './platform';
import { recordUrls } from './storage-audit';

export interface FieldOptions {
  /** The dashboard's service has none of our extensions. */
  readonly extensionsOff: boolean;
  /** Where the helpers' `request` goes, when not to the page's service. */
  readonly helperBaseURL: string | undefined;
}

type SignIn = (page: Page, user: Pick<SandboxUser, 'userId' | 'firstName' | 'lastName' | 'handle'>) => Promise<void>;

export const test = base.extend<{ visitedUrls: string[]; pageProblems: string[]; signIn: SignIn } & FieldOptions>({
  extensionsOff: [false, { option: true }],
  helperBaseURL: [undefined, { option: true }],
  request: async ({ playwright, helperBaseURL, request }, use) => {
    if (!helperBaseURL) {
      await use(request);
      return;
    }
    const helpers = await playwright.request.newContext({ baseURL: helperBaseURL });
    await use(helpers);
    await helpers.dispose();
  },
  /**
   * Signs in on the sign-in page: as a demo person where the sandbox offers
   * them; without our extensions, with a user token the platform issued,
   * pasted (the sandbox's token, valid on both: they share the database).
   */
  signIn: async ({ extensionsOff, request }, use) => {
    await use(async (page, user) => {
      if (!extensionsOff) {
        await page.getByRole('button', { name: signInAs(user), exact: true }).click();
        return;
      }
      await page.getByLabel(/^User token/).fill(await tokenFor(request, user.userId));
      await page.getByRole('button', { name: 'Sign in with token' }).click();
    });
  },
  visitedUrls: async ({ page }, use) => {
    await use(recordUrls(page));
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      await use(problems);
      expect(problems, 'page errors and CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The journeys' `test`: fails a journey on an uncaught page error or a
 * Content-Security-Policy violation (the service serves a strict CSP), and
 * records the URLs visited for the storage audit, and fails it on any page
 * wider than the screen (see fits-screen.ts; at 390 px on the phone project).
 *
 * In the project "without-extensions" the page talks to a service started
 * with PLATFORM_EXTENSIONS=off on the sandbox's database, while the
 * journey's own helpers (`request`: demo people, tokens, what to expect) read
 * through the sandbox with its extensions, at `helperBaseURL`.
 */
import { test as base, expect, type Page } from '@playwright/test';
import type { SandboxUser } from '../../contract/sandbox';
import { finalScreenFit, watchScreenFit } from './fits-screen';
import { signInThroughPlatform } from './sign-in';
import { recordUrls } from './storage-audit';

export interface FieldOptions {
  /** The dashboard's service has none of our extensions. */
  readonly extensionsOff: boolean;
  /** Where the helpers' `request` goes, when not to the page's service. */
  readonly helperBaseURL: string | undefined;
}

type SignIn = (page: Page, user: Pick<SandboxUser, 'userId' | 'firstName' | 'lastName' | 'handle'>) => Promise<void>;

export const test = base.extend<
  { visitedUrls: string[]; pageProblems: string[]; screenFit: string[]; signIn: SignIn } & FieldOptions
>({
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
   * Signs in as a person does: the dashboard's main action, then the
   * platform's own page (`/oauth/signin`, which stays without our
   * extensions: it is the platform's convention), where the sandbox offers
   * its demo people.
   */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern; this one needs none.
  signIn: async ({}, use) => {
    await use(signInThroughPlatform);
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
  screenFit: [
    async ({ page }, use) => {
      const wider: string[] = [];
      await watchScreenFit(page, wider);
      await use(wider);
      const last = await finalScreenFit(page);
      if (last && !wider.includes(last)) wider.push(last);
      expect(wider, 'pages wider than the screen').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

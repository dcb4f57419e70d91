/**
 * The journeys' `test`: fails a journey on an uncaught page error or a
 * Content-Security-Policy violation (the service serves a strict CSP), and
 * records the URLs visited for the storage audit.
 */
import { test as base, expect } from '@playwright/test';
import { recordUrls } from './storage-audit';

export const test = base.extend<{ visitedUrls: string[]; pageProblems: string[] }>({
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

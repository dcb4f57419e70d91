/**
 * Chromium (testkit/chromium.ts), headless, with a DevTools port: Playwright drives it
 * over CDP (sign-in, scrolling, timings) and Lighthouse audits pages in the
 * same browser through the same port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../testkit/chromium.ts';
import { sleep } from './stats.ts';

export interface DebuggableChromium {
  readonly port: number;
  readonly browser: Browser;
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(port: number): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      ...chromiumArgs,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  let browser: Browser | undefined;
  for (let i = 0; i < 100 && !browser; i++) {
    try {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    } catch {
      await sleep(100);
    }
  }
  if (!browser) {
    child.kill('SIGKILL');
    throw new Error(`Chromium did not open its DevTools port ${port}`);
  }
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  return {
    port,
    browser,
    context,
    close: async () => {
      await browser?.close().catch(() => undefined);
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(null);
        else child.once('exit', resolve);
      });
      await removeProfile(profile);
    },
  };
}

/**
 * Chromium's helper processes may still be writing its cache as the main one
 * exits, so a removal can meet a directory just refilled (ENOTEMPTY): tried
 * again for a few seconds, then left in the temp folder with a word, rather
 * than failing a benchmark that has measured all it had to.
 */
async function removeProfile(dir: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      return;
    } catch (error) {
      if (attempt >= 6) {
        console.error(
          `[bench] left Chromium's profile ${dir}: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      await sleep(500);
    }
  }
}

export interface SignedIn {
  readonly userId: string;
  readonly token: string;
  readonly refreshToken: string;
  readonly expiresIn: number;
}

/** A sandbox session for `userId` from the service. */
export async function sandboxSession(base: string, userId: string): Promise<SignedIn> {
  const response = await fetch(`${base}/sandbox/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId, clientId: 'sandbox-trainer-dashboard' }),
  });
  if (!response.ok) throw new Error(`sign-in of ${userId} failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { token: string; refreshToken: string; expiresIn: number };
  return { userId, ...session };
}

/**
 * Puts the session where the dashboard keeps it (src/lib/session/session-store.ts:
 * `td:current-user` and `td:user:<userId>:session` in localStorage), from a
 * same-origin page that does not run the app.
 */
export async function storeSession(page: Page, base: string, session: SignedIn): Promise<void> {
  await page.goto(`${base}/config.json`);
  await page.evaluate((s) => {
    localStorage.clear();
    localStorage.setItem('td:current-user', s.userId);
    localStorage.setItem(
      `td:user:${s.userId}:session`,
      JSON.stringify({
        token: s.token,
        refreshToken: s.refreshToken,
        expiresAt: Date.now() + s.expiresIn * 1000,
        method: 'sandbox',
      }),
    );
  }, session);
}

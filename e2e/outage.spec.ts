/**
 * The app survives an outage (issue 20, point 2). The journey starts its own
 * service (the dashboard and the API from one process, as in production) on
 * its own SQLite file, signs in, stops the service, opens pages whose code
 * and data were never loaded, and starts the service again on the same port
 * and database: the pages recover by themselves, with no reload.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type ChildService, freePort, startChildService } from '../testkit/child-service';
import { expectAccessible } from './support/a11y';
import { openFromNav } from './support/navigate';
import { findTrainer, profileValuesSeenBy } from './support/platform';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

async function startService(port: number, database: string): Promise<ChildService> {
  const origin = `http://127.0.0.1:${port}`;
  return startChildService({
    port,
    database,
    readyTimeoutMs: 90_000,
    env: { DASHBOARD_DIR: 'dist', SANDBOX_REDIRECT_URIS: `${origin}/auth/callback`, LOG_LEVEL: 'warn' },
  });
}

/** The header and its main navigation are still there, and the page says the service cannot be reached. */
async function expectUnreachableInsideTheApp(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Trainer dashboard')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'The service cannot be reached' })).toBeVisible();
  const alert = page.getByRole('main').getByRole('alert');
  // What still works, and that it keeps trying by itself.
  await expect(alert).toContainText('the text of a comment or note you are writing is kept in this browser');
  await expect(alert).toContainText('keeps trying');
}

test('the app keeps its header and navigation while the service is down, and recovers by itself when it returns', async ({
  page,
  context,
  playwright,
  signIn,
  visitedUrls,
}) => {
  test.setTimeout(240_000);
  const directory = mkdtempSync(join(tmpdir(), 'trainer-dashboard-outage-'));
  const database = join(directory, 'outage.sqlite');
  const port = await freePort(18250 + offset, 18299 + offset);
  const origin = `http://127.0.0.1:${port}`;
  let service: ChildService | undefined = await startService(port, database);
  const helpers = await playwright.request.newContext({ baseURL: origin });
  try {
    const { user, token } = await findTrainer(helpers);
    const profileValues = await profileValuesSeenBy(helpers, token);

    await page.goto(`${origin}/sign-in`);
    await signIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    await service.stop();
    service = undefined;

    await openFromNav(page, 'Training notes');
    await expectUnreachableInsideTheApp(page);
    await expectAccessible(page, 'training notes while the service is down');

    await openFromNav(page, 'My friends');
    await expectUnreachableInsideTheApp(page);

    service = await startService(port, database);
    // No reload, no click: the page arrives by itself.
    await expect(page.getByRole('heading', { level: 1, name: 'My friends' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'The service cannot be reached' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible({ timeout: 30_000 });

    await openFromNav(page, 'Training notes');
    await expect(page.getByRole('heading', { level: 1, name: 'Training notes' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 2, name: /^Notes \(\d+\+?\)$/ })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await expectNoProfileDataStored(page, context, { profileValues, visitedUrls });
  } finally {
    await helpers.dispose();
    await service?.stop();
    rmSync(directory, { recursive: true, force: true });
  }
});

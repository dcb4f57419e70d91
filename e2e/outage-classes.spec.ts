/**
 * The walk's outage findings (issue 34): with the service down, Classes and students says within seconds
 * that the service cannot be reached (it showed skeleton rows for 40 s and more), and a failed save is one
 * short line with its details folded away (on a phone it was eleven lines of bold red text). The journey
 * starts its own service on its own SQLite file, as the outage journey does, and stops it: a real outage.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChildService, freePort, startChildService } from '../testkit/child-service';
import { openFromNav, unfold } from './support/navigate';
import { findTrainer } from './support/platform';
import { expect, test } from './support/test';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

test('while the service is down, a failed save says so in one short line and Classes and students says so within seconds', async ({
  page,
  playwright,
  signIn,
}) => {
  test.setTimeout(180_000);
  const directory = mkdtempSync(join(tmpdir(), 'trainer-dashboard-outage-classes-'));
  const port = await freePort(18300 + offset, 18349 + offset);
  const origin = `http://127.0.0.1:${port}`;
  let service: ChildService | undefined = await startChildService({
    port,
    database: join(directory, 'outage.sqlite'),
    readyTimeoutMs: 90_000,
    env: { DASHBOARD_DIR: 'dist', SANDBOX_REDIRECT_URIS: `${origin}/auth/callback`, LOG_LEVEL: 'warn' },
  });
  const helpers = await playwright.request.newContext({ baseURL: origin });
  try {
    const { user, klass } = await findTrainer(helpers);
    const student = klass.students[0];
    if (!student) throw new Error('findTrainer returns a class with students');

    await page.goto(`${origin}/sign-in`);
    await signIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
    // The classes page's code, fetched once while the service is up (the browser keeps it), but not its data:
    // the comments page is opened afresh after it.
    await page.goto(`${origin}/classes`);
    await expect(page.getByRole('heading', { level: 1, name: 'Classes and students' })).toBeVisible();
    await page.goto(
      `${origin}/comments?classId=${encodeURIComponent(klass.classId)}&studentId=${encodeURIComponent(student.studentId)}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
    await unfold(page, 'Add a comment');
    const form = page.getByRole('form', { name: 'Add a comment' });
    await expect(form.getByLabel(/^Comment/)).toBeVisible();

    await service.stop();
    service = undefined;

    // A save that cannot reach the service: one short sentence, the rest behind "Details".
    await form.getByLabel(/^Comment/).fill(`Written during an outage, e2e run ${Date.now()}.`);
    await form.getByRole('button', { name: 'Add comment' }).click();
    const failure = form.getByRole('alert').filter({ hasText: 'Details' });
    await expect(failure).toBeVisible({ timeout: 15_000 });
    const said = await failure.evaluate((alert) => {
      const summary = alert.firstChild;
      const range = document.createRange();
      if (summary) range.selectNodeContents(summary);
      const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      const lineHeight = Number.parseFloat(getComputedStyle(alert).lineHeight);
      return {
        summary: summary?.textContent ?? '',
        lines: lineTops.size,
        height: alert.getBoundingClientRect().height,
        lineHeight,
      };
    });
    expect(said.summary.length, `the summary "${said.summary}" is one sentence`).toBeGreaterThan(0);
    expect(said.summary.trim()).toMatch(/^[^.!?]+[.!?]$/);
    expect(said.lines, `"${said.summary}" takes at most two lines`).toBeLessThanOrEqual(2);
    // The summary and the folded "Details" line, with the box's padding: not a wall of text.
    expect(said.height).toBeLessThanOrEqual(4 * said.lineHeight + 24);
    await expect(failure.getByText(/Your text is kept/)).toBeHidden();
    await failure.getByText('Details', { exact: true }).click();
    await expect(failure.getByText(/Your text is kept/)).toBeVisible();

    // Classes and students: the outage said within seconds, not skeleton rows for as long as it lasts.
    await openFromNav(page, 'Classes and students');
    await expect(page.getByRole('heading', { level: 1, name: 'Classes and students' })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/service cannot be reached/i)
        .first(),
    ).toBeVisible({
      timeout: 5_000,
    });
    await expect(page.getByText('Loading your classes…')).toHaveCount(0);
  } finally {
    await helpers.dispose();
    await service?.stop();
    rmSync(directory, { recursive: true, force: true });
  }
});

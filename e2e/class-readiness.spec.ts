/**
 * A trainer opens a class's readiness from the classes page, names a target
 * position, lets the sample plugin (a real process, started by
 * playwright.config.ts) judge the class, reads the matrix (a table wide, a
 * card per student on a phone), plans the training that closes the most
 * gaps for everyone who needs it and reads the projection, follows a
 * student's row to what was written about them, and downloads the matrix.
 * Against the mission planner journey's own sandbox, whose demo plugin it
 * points at the sample plugin through the admin routes. Without our
 * extensions the page says the planner is not offered (@field).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { openFromNav } from './support/navigate';
import { findTrainer } from './support/platform';
import { plannerPorts } from './support/ports';
import { signInThroughPlatform } from './support/sign-in';
import { expect, test } from './support/test';

const origin = (port: number) => `http://127.0.0.1:${port}`;
const ADMIN_TOKEN = 'e2e-mission-planner-admin-token';
const PLUGIN = 'sandbox-plugin-coach';

async function openReadiness(page: Page, className: string): Promise<void> {
  await openFromNav(page, 'Classes and students');
  await page.getByRole('link', { name: `Readiness of ${className}` }).click();
  await expect(page).toHaveURL(/\/classes\/[^/]+\/readiness$/);
}

test.describe('with the sample plugin', () => {
  test.use({ baseURL: origin(plannerPorts.service) });

  test.beforeAll(async ({ request }) => {
    const pluginBase = origin(plannerPorts.plugin);
    const response = await request.put(`/admin/v1/plugins/${PLUGIN}/mission-planner`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      data: { capabilitiesUrl: `${pluginBase}/capabilities`, candidatesUrl: `${pluginBase}/candidates` },
    });
    expect(response.status()).toBe(200);
  });

  test('a trainer reads who in a class is ready, plans the training that closes most gaps, and follows a row to what was written', async ({
    page,
    request,
  }) => {
    const { user, klass } = await findTrainer(request);
    const wide = (page.viewportSize()?.width ?? 0) >= 960;

    await page.goto('/');
    await signInThroughPlatform(page, user);
    await openReadiness(page, klass.className);
    await expect(page.getByRole('heading', { level: 1, name: `Readiness of ${klass.className}` })).toBeVisible();

    const targets = page.getByRole('form', { name: 'Target positions' });
    // The AFSC starts as the specialty most of the class holds.
    await expect(targets.getByLabel(/^AFSC/)).toHaveValue(/^\d[A-Z]\dX\d$/);
    await targets.getByRole('button', { name: 'Check readiness' }).click();
    // Nothing is sent until the position has a title and a plugin is chosen; focus goes to the first to fix.
    await expect(targets.getByLabel(/^Title/)).toBeFocused();
    await expect(page.getByText('Fix the marked fields, then check readiness again.')).toBeVisible();
    await targets.getByLabel(/^Title/).fill('Shift lead');
    await targets.getByLabel(/^Knowledge level/).selectOption('journeyman');
    await targets.getByLabel(/^Plugin/).selectOption(PLUGIN);
    await targets.getByRole('button', { name: 'Check readiness' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Readiness' })).toBeFocused();
    await expect(page.getByText('Readiness checked.')).toBeVisible();

    const students = klass.students.map((s) => `${s.firstName} ${s.lastName}`);
    const first = students[0] ?? '';
    let row: ReturnType<Page['getByRole']>;
    if (wide) {
      const table = page.getByRole('table', { name: `Readiness of ${klass.className}: students × competencies` });
      await expect(table).toBeVisible();
      // One row a student, headed by the name; one column a competency, saying how many lack it.
      await expect(table.getByRole('rowheader')).toHaveCount(students.length);
      const headers = table.getByRole('columnheader');
      expect(await headers.count()).toBeGreaterThan(1);
      await expect(headers.nth(1)).toContainText(/\d+ of \d+ lack it/);
      row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${first}`) }) });
    } else {
      const cards = page.getByRole('list', { name: `Readiness of ${klass.className}, one student a card` });
      await expect(cards.getByRole('article')).toHaveCount(students.length);
      row = cards.getByRole('article', { name: first });
      await expect(row.getByRole('term').first()).toContainText(/\d+ of \d+ lack it/);
    }
    // Every cell is a call: ready, a gap with its training by name, or not known. Read as text, not as rendered
    // text: a cell or card off screen is not laid out until it comes near the view, and innerText of it is empty.
    const callCells = wide ? page.getByRole('cell') : page.getByRole('definition');
    // The training's names are asked for once the matrix is painted: until they come, a gap shows its ids.
    await expect(callCells.filter({ hasText: /crs-|-objective-\d/ })).toHaveCount(0);
    const calls = (await callCells.allTextContents()).map((t) => t.trim());
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toMatch(/^(Ready|Not known|Gap)/);
    const gaps = calls.filter((call) => call.startsWith('Gap'));
    expect(gaps.length, 'the plugin finds gaps in a journeyman position').toBeGreaterThan(0);
    // Training by the catalogue's names, never the plugin's ids.
    for (const gap of gaps) expect(gap).not.toMatch(/crs-|-objective-\d/);
    await expectAccessible(page, 'class readiness, matrix');

    // What-if: plan the training that closes the most gaps, for everyone who needs it.
    const whatIf = page.getByRole('region', { name: 'What if: training that closes the most gaps' });
    const projection = whatIf.getByRole('status');
    await expect(projection).toHaveText('Projection: mark training planned to see who would become ready.');
    const best = whatIf.getByRole('listitem').first();
    const remainingBefore = gaps.length;
    await best.getByRole('button', { name: /^All \d+ who need it/ }).click();
    await expect(projection).toHaveText(
      /^Projection, not the plugin’s answer: with the planned training, \d+ students? would become ready; \d+ gaps? remains?\.$/,
    );
    const remainingAfter = Number(/; (\d+) gaps? remains?/.exec((await projection.innerText()) ?? '')?.[1]);
    expect(remainingAfter).toBeLessThan(remainingBefore);
    await expect(page.getByText('Closed by planned training (projection)').first()).toBeVisible();
    await expect(best).toContainText(/planned for (\d+) of \1/);
    // One student's mark taken off again, behind the training's disclosure of its students: planned for all but one.
    const boxes = best.getByRole('checkbox');
    await expect(boxes).toHaveCount(0);
    await best.getByText(/^Choose among the \d+ students?/).click();
    const planned = Number(/planned for (\d+) of/.exec(await best.innerText())?.[1]);
    await expect(boxes).toHaveCount(planned);
    await expectAccessible(page, 'class readiness, a training’s students');
    await boxes.first().uncheck();
    await expect(best).toContainText(planned > 1 ? `planned for ${planned - 1} of ${planned}` : 'not planned');
    const projected = await projection.innerText();

    // Kept with the plan: reloaded, the matrix and the what-if are as they were left.
    await page.reload();
    const whatIfAgain = page.getByRole('region', { name: 'What if: training that closes the most gaps' });
    await expect(whatIfAgain.getByRole('status')).toHaveText(projected);
    // The training planned for some of its students opens on them, the one taken off unticked.
    if (planned > 1) {
      const again = whatIfAgain.getByRole('listitem').first().getByRole('checkbox');
      await expect(again).toHaveCount(planned);
      await expect(again.first()).not.toBeChecked();
    }

    // The row says how old the newest entry is, and leads to what was written about the student in the class's course.
    await expect(row).toContainText(/Newest entry .*|Nothing written about them in this class yet/);
    const evidence = row.getByRole('link', { name: `What was written about ${first}` });
    const href = await evidence.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/search\\?userId=[^&]+&courseId=${klass.courseId}$`));
    await expect(page.getByText(/older than 60 days/).first()).toBeVisible();

    // The matrix and the what-if as a file.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download (CSV)' }).click();
    const csv = await readFile(await (await downloading).path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Student,Placed by the plugin: Shift lead,/);
    expect(lines[0]).toContain('Projection: Shift lead,Planned training (what-if),Newest entry,Record');
    expect(lines.some((line) => line.startsWith(`${first},`))).toBe(true);

    const rowText = await evidence.locator('xpath=..').innerText();
    // It opens the search by filters alone: what was written about this student in the course, newest first.
    await evidence.click();
    await expect(page).toHaveURL(new RegExp(`${href?.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Results, newest first' })).toBeVisible();
    if (/Nothing written about them/.test(rowText)) {
      await expect(page.getByText('Nothing written matches these filters')).toBeVisible();
      return;
    }
    const found = page.getByRole('region', { name: new RegExp(first) });
    await expect(found.getByRole('article').first()).toBeVisible();
    const dates = await found
      .locator('time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort().reverse());
    await expect(found.getByRole('link', { name: /Open this (comment|note) in/ }).first()).toBeVisible();
  });
});

test('a trainer opens a class’s readiness from the classes page; without the planner the page says it is not offered @field', async ({
  page,
  request,
  signIn,
  extensionsOff,
}) => {
  const { user, klass } = await findTrainer(request);
  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await openReadiness(page, klass.className);
  if (extensionsOff) {
    await expect(page.getByText('Class readiness is not available on this platform')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Target positions' })).toHaveCount(0);
  } else {
    await expect(page.getByRole('heading', { level: 1, name: `Readiness of ${klass.className}` })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Target positions' }).getByLabel(/^Plugin/)).toBeVisible();
  }
  await expectAccessible(page, 'class readiness, opened');
});

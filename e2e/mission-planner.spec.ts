/**
 * A trainer plans a mission: describes a position, lets the sample plugin
 * (a real process, started by playwright.config.ts) suggest competencies,
 * tightens a requirement, searches, reads each position's summary and its
 * candidates with their training gaps, shortlists and assigns people, leaves
 * and reopens the plan, exports and prints it. Runs at 1280 and 390 px
 * against its own sandbox service, whose demo plugin the journey points at
 * the sample plugin through the admin routes.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { learningRecordListSchema } from '../contract/plugin';
import { sandboxClientsSchema } from '../contract/sandbox';
import { expectAccessible } from './support/a11y';
import { openFromNav } from './support/navigate';
import { demoUsers, profileValuesSeenBy, rosterOf, tokenFor } from './support/platform';
import { plannerPorts } from './support/ports';
import { signInThroughPlatform } from './support/sign-in';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

const origin = (port: number) => `http://127.0.0.1:${port}`;
const ADMIN_TOKEN = 'e2e-mission-planner-admin-token';
const PLUGIN = 'sandbox-plugin-coach';

test.use({ baseURL: origin(plannerPorts.service) });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The specialty most of the coach plugin's people hold, so the search finds someone. */
async function commonSpecialty(request: APIRequestContext): Promise<string> {
  const clients = sandboxClientsSchema.parse(await (await request.get('/sandbox/v1/clients')).json());
  const coach = clients.plugins.find((p) => p.clientId === PLUGIN);
  if (!coach) throw new Error(`the sandbox has no ${PLUGIN}`);
  const basic = Buffer.from(`${coach.clientId}:${coach.clientSecret}`).toString('base64');
  const response = await request.get('/plugin/v2/ai/record-data', { headers: { Authorization: `Basic ${basic}` } });
  const counts = new Map<string, number>();
  for (const record of learningRecordListSchema.parse(await response.json())) {
    if (!/^\d[A-Z]\d[0-9X]\d$/.test(record.afsc)) continue;
    const specialty = `${record.afsc.slice(0, 3)}X${record.afsc.slice(4)}`;
    counts.set(specialty, (counts.get(specialty) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (!best) throw new Error('no enlisted student among the coach plugin’s orgs');
  return best[0];
}

/**
 * The demo trainer with the most people of `specialty` (of the coach plugin's orgs) outside their classes,
 * and at least one inside: the search then finds both kinds of candidate.
 */
async function trainerWithOutsiders(request: APIRequestContext, specialty: string) {
  const clients = sandboxClientsSchema.parse(await (await request.get('/sandbox/v1/clients')).json());
  const coach = clients.plugins.find((p) => p.clientId === PLUGIN);
  if (!coach) throw new Error(`the sandbox has no ${PLUGIN}`);
  const basic = Buffer.from(`${coach.clientId}:${coach.clientSecret}`).toString('base64');
  const response = await request.get('/plugin/v2/ai/record-data', { headers: { Authorization: `Basic ${basic}` } });
  const ofSpecialty = learningRecordListSchema
    .parse(await response.json())
    .filter((r) => /^\d[A-Z]\d[0-9X]\d$/.test(r.afsc) && `${r.afsc.slice(0, 3)}X${r.afsc.slice(4)}` === specialty)
    .map((r) => r.userId);
  let best: { trainer: Awaited<ReturnType<typeof demoUsers>>[number]; outside: number } | undefined;
  for (const trainer of (await demoUsers(request)).filter((u) => u.roles.includes('trainer'))) {
    const roster = await rosterOf(request, await tokenFor(request, trainer.userId));
    const mine = new Set(roster.classes.flatMap((k) => k.students.map((st) => st.userId)));
    const inside = ofSpecialty.filter((id) => mine.has(id)).length;
    const outside = ofSpecialty.length - inside;
    if (inside > 0 && outside > (best?.outside ?? 0)) best = { trainer, outside };
  }
  if (!best) throw new Error(`no demo trainer has people of ${specialty} both in and outside their classes`);
  return best.trainer;
}

/** Nothing on the page is wider than the screen: no sideways scrolling. */
async function expectFitsScreen(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} is wider than the screen by`).toBeLessThanOrEqual(0);
}

test.beforeAll(async ({ request }) => {
  const pluginBase = origin(plannerPorts.plugin);
  const response = await request.put(`/admin/v1/plugins/${PLUGIN}/mission-planner`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { capabilitiesUrl: `${pluginBase}/capabilities`, candidatesUrl: `${pluginBase}/candidates` },
  });
  expect(response.status()).toBe(200);
});

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });

    test('a trainer builds a plan, keeps it through leaving and reloading, finds it on another device, and exports and prints it', async ({
      page,
      context,
      request,
      browser,
      visitedUrls,
    }, testInfo) => {
      // Two devices and two sign-ins in one journey: more than the suite's minute on a busy machine.
      test.setTimeout(120_000);
      const specialty = await commonSpecialty(request);
      const trainer = await trainerWithOutsiders(request, specialty);
      // The service keeps the trainer's plan: each journey starts from none.
      const cleared = await request.put('/mission-planner/v1/plan', {
        headers: { Authorization: `Bearer ${await tokenFor(request, trainer.userId)}` },
        data: { plan: null },
      });
      expect(cleared.status()).toBe(200);

      await page.goto('/');
      await signInThroughPlatform(page, trainer);
      await openFromNav(page, 'Mission planner');
      await expect(page.getByRole('heading', { level: 1, name: 'Mission planner' })).toBeVisible();
      await expect(page.getByText(/^Your plan is kept with your account/)).toBeVisible();

      const positions = page.getByRole('form', { name: 'Describe positions' });
      await positions.getByLabel(/^Title/).fill('Shift lead');
      await positions.getByLabel(/^Knowledge level/).selectOption('journeyman');
      await positions.getByLabel(/^AFSC/).fill(specialty);
      await positions.getByLabel(/^Number needed/).fill('2');
      await positions.getByLabel(/^Plugin/).selectOption(PLUGIN);
      await expect(page).toHaveURL(new RegExp(`plugin=${PLUGIN}`));
      await expectAccessible(page, 'mission planner, positions');
      await expectFitsScreen(page, 'the positions');
      await positions.getByRole('button', { name: 'Find competencies' }).click();

      const requirements = page.getByRole('form', { name: 'Set requirements' });
      const suggested = requirements.getByRole('table', { name: 'Competencies the plugin suggests' });
      await expect(suggested).toBeVisible();
      await expect(requirements.getByRole('table', { name: 'Additional competencies' })).toBeVisible();
      // Entering the step moves focus to it.
      await expect(page.getByRole('heading', { level: 2, name: 'Requirements' })).toBeFocused();
      // Every suggested competency comes with the plugin's preferred level for a journeyman.
      const preferred = suggested.getByRole('combobox', { name: /^Preferred level of / });
      expect(await preferred.count()).toBeGreaterThan(0);
      await expect(preferred.first()).toHaveValue('intermediate');
      // Raise the first requirement's preferred level to expert: few are there yet, so gaps show.
      const firstTitle = (await suggested.getByRole('row').nth(1).getByRole('rowheader').innerText()).trim();
      const raised = suggested.getByRole('combobox', { name: `Preferred level of ${firstTitle}` });
      // As a person does: the control has focus, then its value changes.
      await raised.focus();
      await raised.selectOption('expert');
      // An edit is not a new step: focus stays on the control the person changed.
      await expect(raised).toBeFocused();
      await expectAccessible(page, 'mission planner, requirements');
      await expectFitsScreen(page, 'the requirements');
      await requirements.getByRole('button', { name: 'Search candidates' }).click();

      // Each position opens with its summary; the candidates are folded under it.
      const plan = page.getByRole('region', { name: 'Shift lead', exact: true });
      const summary = plan.getByText(/^2 needed · \d+ ready · \d+ trainable$/);
      await expect(summary).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Candidates' })).toBeFocused();
      await expect(
        page.getByRole('status').filter({ hasText: /^Search finished: \d+ ready and \d+ trainable candidates\.$/ }),
      ).toBeVisible();
      const ready = plan.getByRole('region', { name: 'Ready candidates' });
      // One word a group: the summary's "trainable" is the heading's.
      const recommended = plan.getByRole('region', { name: 'Trainable candidates' });
      await expect(ready.getByRole('heading', { level: 4 })).toHaveText(/Ready candidates \(\d+\)/);
      await expect(recommended.getByRole('heading', { level: 4 })).toHaveText(/Trainable candidates \(\d+\)/);
      const people = plan.getByRole('region', { name: /candidates$/ }).getByRole('article');
      // Folded: the summary is what a planner reads first, not pages of cards.
      await expect(people).toHaveCount(0);
      const placed = await plan.getByRole('heading', { level: 4, name: /candidates \(\d+\)$/ }).allInnerTexts();
      expect(
        placed.map((text) => Number(/\((\d+)\)$/.exec(text)?.[1] ?? 0)).reduce((a, b) => a + b, 0),
      ).toBeGreaterThan(0);
      await plan.screenshot({ path: testInfo.outputPath(`planner-summary-${width}.png`) });
      await expectFitsScreen(page, 'the plan summary');

      for (const list of [ready, recommended]) {
        const fold = list.getByRole('group');
        if ((await fold.count()) > 0) await list.getByRole('heading', { level: 4 }).click();
      }
      await expect(people.first()).toBeVisible();
      // Candidates are shown by name (and rank), not as ids; a student of the trainer's classes leads to their record.
      const names = (await demoUsers(request)).map((u) => `${u.firstName} ${u.lastName}`);
      const first = people.filter({ has: page.getByRole('heading', { level: 5 }).getByRole('link') }).first();
      const firstLink = first.getByRole('heading', { level: 5 }).getByRole('link');
      const shown = (await firstLink.innerText()).trim();
      expect(names.some((name) => shown.endsWith(name))).toBe(true);
      const recordHref = await firstLink.getAttribute('href');
      expect(recordHref).toMatch(/^\/students\/[^/?#]+$/);
      // The plugin's reason is a list, one line per finding, not one line split by "|".
      await first.getByText('Why the plugin placed them here').click();
      const reasonItems = first.locator('.planner-reason').getByRole('listitem');
      // Someone outside the trainer's classes: named, marked so, and no link to a record that would show nothing.
      const outsider = people.filter({ hasText: 'not in your classes' }).first();
      await expect(outsider).toBeVisible();
      const outsiderHeading = outsider.getByRole('heading', { level: 5 });
      await expect(outsiderHeading.getByRole('link')).toHaveCount(0);
      const outsiderName = (await outsiderHeading.innerText()).replace(/ · not in your classes$/, '').trim();
      expect(names.some((name) => outsiderName.endsWith(name))).toBe(true);
      // Ready says why: each competency asked, its required and preferred levels, and what the plugin answered.
      const readyCard = ready.getByRole('article').first();
      const competencyLines = readyCard.getByRole('list', { name: 'Competencies' }).getByRole('listitem');
      await expect(competencyLines.first()).toHaveText(
        /^.+: required (basic|intermediate|advanced|expert), preferred (basic|intermediate|advanced|expert); the plugin answered (no training gap|a training gap.*)$/,
      );
      expect(await competencyLines.count()).toBe((await suggested.getByRole('row').count()) - 1);
      await expect(readyCard).not.toContainText('No training gap: at the preferred level in every competency');
      // The position names an AFSC: whoever has none recorded, or another specialty's, is flagged.
      const unrecorded = people.filter({ hasText: /AFSC not recorded ·|AFSC not recorded$/ });
      for (const card of await unrecorded.all()) {
        await expect(card).toContainText(`AFSC not recorded: the position asks for ${specialty}`);
      }
      const flagged = people.filter({
        hasText: new RegExp(`AFSC (not recorded: the position asks for|\\S+ differs from the position’s) ${specialty}`),
      });
      expect(await flagged.count()).toBeGreaterThan(0);
      expect(await reasonItems.count()).toBeGreaterThan(1);
      for (const item of await reasonItems.allInnerTexts()) expect(item).not.toContain(' | ');
      // Each candidate short of expert in it has that training gap, with what closes it, by name.
      const gap = plan
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${escapeRegExp(firstTitle)} — now .*, preferred expert`) });
      await expect(gap.first()).toBeVisible();
      await expect(gap.first()).toContainText(
        /Courses: |Objectives: |No course or objective on the platform covers it/,
      );
      const actions = gap.getByRole('listitem').filter({ hasText: /^(Courses|Objectives): / });
      expect(await actions.count()).toBeGreaterThan(0);
      for (const action of await actions.allInnerTexts()) {
        // Names from the catalogue the plugin reads, never its ids (crs-…, …-objective-1).
        expect(action).not.toMatch(/crs-|-objective-\d|loading|not named/);
      }
      await expectAccessible(page, 'mission planner, candidates');
      await expectFitsScreen(page, 'the candidates');

      // Shortlist the first candidate and put them in slot 1.
      await first.getByRole('button', { name: `Shortlist ${shown}` }).click();
      await expect(first.getByRole('button', { name: `Shortlist ${shown}` })).toHaveAttribute('aria-pressed', 'true');
      await first.getByRole('button', { name: `Assign to a slot (${shown})` }).click();
      const slots = plan.getByRole('region', { name: 'Slots' });
      await expect(slots.getByRole('listitem')).toHaveCount(1);
      await expect(slots.getByRole('listitem').first()).toContainText(`Slot 1: ${shown}`);
      await expect(plan.getByRole('region', { name: 'Shortlist' }).getByRole('link', { name: shown })).toBeVisible();
      await expect(plan.getByText('1 of 2 slots filled · 1 shortlisted')).toBeVisible();
      await outsider.getByRole('button', { name: `Shortlist ${outsiderName}` }).click();
      const shortlisted = plan.getByRole('region', { name: 'Shortlist' }).getByRole('listitem');
      await expect(shortlisted.filter({ hasText: outsiderName })).toContainText('not in your classes');
      await expect(shortlisted.filter({ hasText: outsiderName }).getByRole('link')).toHaveCount(0);
      await expect(plan.getByText('1 of 2 slots filled · 2 shortlisted')).toBeVisible();
      const summaryText = (await summary.innerText()).trim();

      // The record, then back: the plan is as it was left, names and reasons included.
      await firstLink.click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(recordHref ?? '')}$`));
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Mission planner' })).toBeVisible();
      await expect(plan.getByText(summaryText)).toBeVisible();
      await expect(slots.getByRole('listitem').first()).toContainText(`Slot 1: ${shown}`);
      await expect(requirements.getByRole('combobox', { name: `Preferred level of ${firstTitle}` })).toHaveValue(
        'expert',
      );

      // Reloaded (memory gone): the plan comes back from the service, names asked for again.
      await page.reload();
      await expect(plan.getByText(summaryText)).toBeVisible();
      await expect(slots.getByRole('listitem').first()).toContainText(`Slot 1: ${shown}`);
      await expect(slots.getByRole('link', { name: shown })).toHaveAttribute('href', recordHref ?? '');
      await expect(positions.getByLabel(/^Title/)).toHaveValue('Shift lead');
      await expect(positions.getByLabel(/^Plugin/)).toHaveValue(PLUGIN);
      await plan.getByRole('region', { name: 'Ready candidates' }).getByRole('heading', { level: 4 }).click();
      await plan.getByRole('region', { name: 'Trainable candidates' }).getByRole('heading', { level: 4 }).click();
      await expect(gap.first()).toBeVisible();
      for (const action of await actions.allInnerTexts()) expect(action).not.toMatch(/crs-|-objective-\d|not named/);

      // The plan as a file: a CSV named by the day, the person in slot 1 first.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the plan (CSV)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^mission-plan-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile(await download.path(), 'utf8');
      const [header, firstRow] = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toBe(
        'Position,Number needed,Pick,Name,AFSC,AFSC check,Duty title,Placed by the plugin,Training gaps,Record',
      );
      expect(firstRow).toMatch(new RegExp(`^Shift lead,2,Slot 1,${escapeRegExp(shown)},`));
      expect(csv).toContain(`${origin(plannerPorts.service)}${recordHref}`);
      const outsiderRow = csv.split('\r\n').find((row) => row.startsWith(`Shift lead,2,Shortlisted,${outsiderName},`));
      expect(outsiderRow).toMatch(/,Not in your classes$/);
      expect(outsiderRow).not.toContain('/students/');

      // The plan on paper: the button prints, and the print layout is the plan alone.
      await page.evaluate(() => {
        const printed = { count: 0 };
        Object.assign(window, { printed });
        window.print = () => {
          printed.count += 1;
        };
      });
      await page.getByRole('button', { name: 'Print plan' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: { count: number } }).printed.count)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      const sheet = page.getByRole('heading', { level: 2, name: 'Mission plan' });
      await expect(sheet).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(page.getByRole('form', { name: 'Describe positions' })).toBeHidden();
      const printedRow = page.getByRole('row').filter({ hasText: 'Slot 1' });
      await expect(printedRow).toContainText(shown);
      await page.emulateMedia({ media: 'screen' });
      await expect(sheet).toBeHidden();

      // Another device (the other width), signed in as the same trainer: the plan is there, names and all.
      const elsewhere = await browser.newContext({
        baseURL: origin(plannerPorts.service),
        viewport: width > 600 ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      });
      try {
        const other = await elsewhere.newPage();
        await other.goto('/');
        await signInThroughPlatform(other, trainer);
        await openFromNav(other, 'Mission planner');
        const otherPlan = other.getByRole('region', { name: 'Shift lead', exact: true });
        await expect(otherPlan.getByText(summaryText)).toBeVisible();
        await expect(otherPlan.getByRole('region', { name: 'Slots' }).getByRole('listitem').first()).toContainText(
          `Slot 1: ${shown}`,
        );
        await expect(
          otherPlan.getByRole('region', { name: 'Shortlist' }).getByRole('listitem').filter({ hasText: outsiderName }),
        ).toContainText('not in your classes');
        await expect(other.getByRole('form', { name: 'Describe positions' }).getByLabel(/^Title/)).toHaveValue(
          'Shift lead',
        );
      } finally {
        await elsewhere.close();
      }

      const token = await tokenFor(request, trainer.userId);
      await expectNoProfileDataStored(page, context, {
        profileValues: await profileValuesSeenBy(request, token),
        visitedUrls,
      });
    });
  });
}

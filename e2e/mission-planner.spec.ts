/**
 * A trainer plans a mission: describes a position, lets the sample plugin
 * (a real process, started by playwright.config.ts) suggest competencies,
 * tightens a requirement, searches, and reads candidates with their training
 * gaps. Runs against its own sandbox service, whose demo plugin the journey
 * points at the sample plugin through the admin routes.
 */
import type { APIRequestContext } from '@playwright/test';
import { learningRecordListSchema } from '../contract/plugin';
import { sandboxClientsSchema } from '../contract/sandbox';
import { expectAccessible } from './support/a11y';
import { demoUsers, profileValuesSeenBy, tokenFor } from './support/platform';
import { plannerPorts } from './support/ports';
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

test.beforeAll(async ({ request }) => {
  const pluginBase = origin(plannerPorts.plugin);
  const response = await request.put(`/admin/v1/plugins/${PLUGIN}/mission-planner`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { capabilitiesUrl: `${pluginBase}/capabilities`, candidatesUrl: `${pluginBase}/candidates` },
  });
  expect(response.status()).toBe(200);
});

test('a trainer searches candidates for a position and reads their training gaps', async ({
  page,
  context,
  request,
  visitedUrls,
}) => {
  const trainer = (await demoUsers(request)).find((u) => u.roles.includes('trainer'));
  if (!trainer) throw new Error('the sandbox has no trainer');
  const specialty = await commonSpecialty(request);

  await page.goto('/');
  await page.getByRole('button', { name: `Sign in as ${trainer.firstName} ${trainer.lastName}` }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mission planner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mission planner' })).toBeVisible();

  const positions = page.getByRole('form', { name: 'Describe positions' });
  await positions.getByLabel(/^Title/).fill('Shift lead');
  await positions.getByLabel(/^Knowledge level/).selectOption('journeyman');
  await positions.getByLabel(/^AFSC/).fill(specialty);
  await positions.getByLabel(/^Number needed/).fill('2');
  await positions.getByLabel(/^Plugin/).selectOption(PLUGIN);
  await expect(page).toHaveURL(new RegExp(`plugin=${PLUGIN}`));
  await expectAccessible(page, 'mission planner, positions');
  await positions.getByRole('button', { name: 'Find competencies' }).click();

  const requirements = page.getByRole('form', { name: 'Set requirements' });
  const suggested = requirements.getByRole('table', { name: 'Competencies the plugin suggests' });
  await expect(suggested).toBeVisible();
  await expect(requirements.getByRole('table', { name: 'Additional competencies' })).toBeVisible();
  // Every suggested competency comes with the plugin's preferred level for a journeyman.
  const preferred = suggested.getByRole('combobox', { name: /^Preferred level of / });
  expect(await preferred.count()).toBeGreaterThan(0);
  await expect(preferred.first()).toHaveValue('intermediate');
  // Raise the first requirement's preferred level to expert: few are there yet, so gaps show.
  const firstTitle = (await suggested.getByRole('row').nth(1).getByRole('rowheader').innerText()).trim();
  await suggested.getByRole('combobox', { name: `Preferred level of ${firstTitle}` }).selectOption('expert');
  await expectAccessible(page, 'mission planner, requirements');
  await requirements.getByRole('button', { name: 'Search candidates' }).click();

  const ready = page.getByRole('region', { name: 'Ready candidates' });
  const recommended = page.getByRole('region', { name: 'Recommended candidates' });
  await expect(ready.getByRole('heading', { level: 4 })).toHaveText(/Ready candidates \(\d+\)/);
  await expect(recommended.getByRole('heading', { level: 4 })).toHaveText(/Recommended candidates \(\d+\)/);
  const people = page.getByRole('region', { name: /candidates$/ }).getByRole('article');
  await expect(people.first()).toBeVisible();
  // Candidates are shown by name (and rank), not as ids.
  const names = (await demoUsers(request)).map((u) => `${u.firstName} ${u.lastName}`);
  const shown = await people.first().getByRole('heading', { level: 5 }).innerText();
  expect(names.some((name) => shown.endsWith(name))).toBe(true);
  // Each candidate short of expert in it has that training gap, with what the platform offers to close it.
  const gap = page
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${escapeRegExp(firstTitle)} — now .*, preferred expert`) });
  await expect(gap.first()).toBeVisible();
  await expect(gap.first()).toContainText(/Courses: |Objectives: |No course or objective on the platform covers it/);
  await expect(
    page.getByRole('status').filter({ hasText: /^Search finished: \d+ ready and \d+ recommended candidates\.$/ }),
  ).toBeVisible();
  await expectAccessible(page, 'mission planner, candidates');

  const token = await tokenFor(request, trainer.userId);
  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

/**
 * The class readiness page reached through the built dashboard, for the
 * readiness bench: the sandbox service (its own process, on a temp copy of
 * the demo plus a class of `students`, serving the dashboard built in this
 * run) asks a bench plugin (bench/lib/planner-plugin.ts) that places the
 * class as the stand-alone page's answer does. For each run a trainer opens
 * `/classes/<classId>/readiness` in a new browser context, fills the targets
 * form and checks readiness; timed in the page, from the end of the
 * candidates answer's response (its PerformanceResourceTiming) to the first
 * screen of the matrix painted, and on to every student's row painted.
 */
import type { Browser } from '@playwright/test';
import { endpointUrl } from '../contract/endpoint-url.ts';
import { adminEndpoints } from '../contract/endpoints/admin.ts';
import { plannerEndpoints } from '../contract/endpoints/mission-planner.ts';
import { rosterEndpoints } from '../contract/endpoints/roster.ts';
import { rosterPaging } from '../contract/roster.ts';
import { demoIds } from '../sandbox/demo-ids.ts';
import { generateDatabase } from '../testkit/bulk-data.ts';
import { type ChildService, freePort, startChildService } from '../testkit/child-service.ts';
import { addClassWithHistory } from '../testkit/class-history.ts';
import { sandboxSession, storeSession } from './lib/browser.ts';
import { buildDashboard } from './lib/build.ts';
import { removeDatabase, tempDatabase } from './lib/dataset.ts';
import { type PlannerPlugin, startPlannerPlugin } from './lib/planner-plugin.ts';
import { ports } from './lib/ports.ts';

const TRAINER = demoIds.users.trainer;
const PLUGIN = demoIds.plugins.coach;
const CLASS_ID = 'bench-readiness-class';
/** A few entries a student: the rows' "newest entry" has something to say, the class activity answer stays small. */
const ENTRIES = 100;
const ADMIN_TOKEN = 'bench-readiness-admin-token';
const TITLE = 'Cyber defense operator';

/** One run's times, in the page's clock (ms). */
interface Watched {
  /** The candidates request's responseEnd; null when the page made not exactly one. */
  readonly responseEnd: number | null;
  readonly answers: number;
  /** The click on "Check readiness". */
  readonly clicked: number | null;
  /** The first cell saying its call in the DOM (the MutationObserver's callback). */
  readonly seen: number;
  /** That screen painted: a frame, then a task after it. */
  readonly first: number;
  /** Every cell of the class in the DOM, painted. */
  readonly all: number;
  readonly rows: number;
  readonly cells: number;
  readonly allCells: number;
}

export interface ThroughDashboard {
  /** The candidates answer's end → the first screen painted. */
  readonly answer: number[];
  /** … → the first screen's cells in the DOM. */
  readonly answerDom: number[];
  /** … → every student's row in the DOM, painted. */
  readonly answerAll: number[];
  /** The click on "Check readiness" → the first screen painted: both plugin calls through the service, and the rest. */
  readonly click: number[];
  /** Students and cells in the page when the first screen's cells came, and once the whole class was in. */
  rows: number;
  cells: number;
  allCells: number;
  /** Every run's answer was a fresh one: the plugin was asked once a run and the page fetched one answer. */
  fresh: boolean;
}

export const throughDashboard = (): ThroughDashboard => ({
  answer: [],
  answerDom: [],
  answerAll: [],
  click: [],
  rows: 0,
  cells: 0,
  allCells: 0,
  fresh: true,
});

export interface ReadinessDashboard {
  /** One trainer opening the page and checking readiness at `viewport`, added to `m`. */
  measureRun(browser: Browser, viewport: { width: number; height: number }, m: ThroughDashboard): Promise<void>;
  stop(): Promise<void>;
}

/**
 * In the page, before the click: a MutationObserver that notes the first
 * moment a cell saying its call is in the DOM, then waits for that to be
 * painted and on, frame by frame, for the whole class; `window.readinessWatch`
 * resolves with the times. A string, not a function: tsx names inner
 * functions with a helper the page lacks.
 */
function watchScript(wide: boolean, expected: number): string {
  const cellSelector = wide ? '.readiness-table td:not(:empty)' : '.readiness-cards dd:not(:empty)';
  const rowSelector = wide ? '.readiness-table tbody > tr' : '.readiness-cards > li';
  return `(() => {
  const cells = ${JSON.stringify(cellSelector)};
  const rows = ${JSON.stringify(rowSelector)};
  const candidatesPath = ${JSON.stringify(plannerEndpoints.plannerCandidates.path)};
  if (document.querySelector(cells) !== null) throw new Error('the matrix is on the page before the answer');
  const painted = () =>
    new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
  let clicked = null;
  document.addEventListener('click', () => { clicked = performance.now(); }, { capture: true, once: true });
  window.readinessWatch = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector(cells) === null) return;
      observer.disconnect();
      const seen = performance.now();
      const shownRows = document.querySelectorAll(rows).length;
      const shownCells = document.querySelectorAll(cells).length;
      painted()
        .then(async (first) => {
          let all = first;
          while (document.querySelectorAll(cells).length < ${expected} && performance.now() - seen < 10000) {
            all = await painted();
          }
          const answers = performance
            .getEntriesByType('resource')
            .filter((entry) => new URL(entry.name).pathname === candidatesPath);
          resolve({
            responseEnd: answers.length === 1 ? answers[0].responseEnd : null,
            answers: answers.length,
            clicked,
            seen,
            first,
            all,
            rows: shownRows,
            cells: shownCells,
            allCells: document.querySelectorAll(cells).length,
          });
        })
        .catch(reject);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
})()`;
}

/** The class's students (userIds) in the order the platform lists them, as the page shows them. */
async function classList(base: string, token: string): Promise<string[]> {
  const path = endpointUrl(rosterEndpoints.listStudents, {
    query: { classId: CLASS_ID, page: '1', limit: String(rosterPaging.maxLimit) },
  });
  const response = await fetch(base + path, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return rosterEndpoints.listStudents.response.parse(await response.json()).docs.map((s) => s.userId);
}

/** Points the sandbox's demo plugin at the bench plugin, as the readiness journey points it at the sample plugin. */
async function pointPluginAt(base: string, plugin: PlannerPlugin): Promise<void> {
  const endpoint = adminEndpoints.adminSetAddresses;
  const response = await fetch(base + endpointUrl(endpoint, { params: { clientId: PLUGIN.clientId } }), {
    method: endpoint.method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ capabilitiesUrl: plugin.capabilitiesUrl, candidatesUrl: plugin.candidatesUrl }),
  });
  if (response.status !== 200) throw new Error(`the plugin's addresses were not set: ${response.status}`);
  await response.arrayBuffer();
}

export async function startReadinessDashboard(options: {
  readonly students: number;
  readonly competencies: number;
}): Promise<ReadinessDashboard> {
  const built = await buildDashboard();
  const file = tempDatabase('readiness');
  let service: ChildService | undefined;
  let plugin: PlannerPlugin | undefined;
  const stop = async () => {
    await plugin?.close();
    await service?.stop();
    removeDatabase(file);
  };
  try {
    await generateDatabase({ file }, {});
    await addClassWithHistory(file, {
      classId: CLASS_ID,
      trainerId: TRAINER,
      students: options.students,
      entries: ENTRIES,
      orgMembers: true,
    });
    service = await startChildService({
      database: file,
      port: await freePort(...ports.service),
      readyTimeoutMs: 120_000,
      env: { DASHBOARD_DIR: built.dir, ADMIN_TOKEN },
    });
    const base = service.url;
    const userIds = await classList(base, (await sandboxSession(base, TRAINER)).token);
    if (userIds.length !== options.students) throw new Error(`the class lists ${userIds.length} students`);
    plugin = await startPlannerPlugin({
      port: await freePort(...ports.plannerPlugin),
      clientId: PLUGIN.clientId,
      clientSecret: PLUGIN.clientSecret,
      competencies: options.competencies,
      userIds,
    });
    await pointPluginAt(base, plugin);
  } catch (error) {
    await stop();
    throw error;
  }
  const base = service.url;
  const asked = plugin;
  const expected = options.students * options.competencies;

  return {
    stop,
    async measureRun(browser, viewport, m) {
      // The page's own breakpoint (WIDE_SCREEN in src/components/fold.tsx: 60rem): a table from 960 px, cards below.
      const wide = viewport.width >= 960;
      // A trainer who opens the page: a new context (no kept readiness, a cold HTTP cache), signed in afresh.
      const context = await browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await storeSession(page, base, await sandboxSession(base, TRAINER));
        await page.goto(`${base}/classes/${encodeURIComponent(CLASS_ID)}/readiness`);
        const form = page.getByRole('form', { name: 'Target positions' });
        await form.getByLabel(/^Title/).fill(TITLE);
        await form.getByLabel(/^Knowledge level/).selectOption('journeyman');
        await form.getByLabel(/^Plugin/).selectOption(PLUGIN.clientId);
        // What the page reads on opening (roster, plugins, who was written about when) is in, as it is by the
        // time a trainer has filled the form.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        await page.evaluate(watchScript(wide, expected));
        const askedBefore = asked.candidatesAnswered();
        await form.getByRole('button', { name: 'Check readiness' }).click();
        const watched = (await page.evaluate('window.readinessWatch')) as Watched;
        if (watched.responseEnd === null || asked.candidatesAnswered() !== askedBefore + 1) m.fresh = false;
        const from = watched.responseEnd ?? Number.NaN;
        m.answer.push(watched.first - from);
        m.answerDom.push(watched.seen - from);
        m.answerAll.push(watched.all - from);
        m.click.push(watched.clicked === null ? Number.NaN : watched.first - watched.clicked);
        m.rows = watched.rows;
        m.cells = watched.cells;
        m.allCells = watched.allCells;
        console.error(
          `[bench]   readiness through the dashboard, ${viewport.width}×${viewport.height}: answer → first screen painted ${Math.round(watched.first - from)} ms, every student ${Math.round(watched.all - from)} ms`,
        );
      } finally {
        await context.close();
      }
    },
  };
}

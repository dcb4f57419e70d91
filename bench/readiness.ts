/**
 * Class readiness at size: a class of 50 students × 30 competencies in
 * Chromium, two ways, run by run side by side. The class readiness page
 * reached through the built dashboard (readiness-dashboard.ts: the sandbox
 * service asking a bench plugin), timed from the candidates answer's last
 * byte to the matrix painted: what a trainer gets. And the stand-alone page
 * `bench/readiness-page/`: the dashboard's own matrix, training plan and
 * readiness model, built for the bench with Vite and fed the same class's
 * answer in place of the service and a plugin, timed from the answer's JSON
 * text in hand (parsed and checked with the contract's schema, as the
 * dashboard's client does) to the matrix painted, and from a what-if change
 * (one student's checkbox, or a training's "all who need it") to the updated
 * matrix painted. Beside them, the model alone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../testkit/chromium.ts';
import { repoRoot, standaloneSettings } from './lib/build.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, int, median } from './lib/stats.ts';
import {
  type ReadinessDashboard,
  startReadinessDashboard,
  type ThroughDashboard,
  throughDashboard,
} from './readiness-dashboard.ts';

export interface ReadinessOptions {
  readonly students: number;
  readonly competencies: number;
  /** Fresh pages, each given the answer once and then changed `changes` times. */
  readonly runs: number;
  readonly changes: number;
}

interface Api {
  answer(): Promise<{ ms: number; commitMs: number; rows: number; cells: number; allMs: number; allCells: number }>;
  toggle(index: number): Promise<{ ms: number; commitMs: number; planned: number; shown: boolean }>;
  toggleAll(index: number): Promise<{ ms: number; commitMs: number; planned: number; shown: boolean }>;
  model(runs: number): { build: number; projection: number };
  scroll(): Promise<{ steps: number; maxMs: number; totalMs: number }>;
}

interface Measured {
  readonly answer: number[];
  /** From the answer to every student's row in the page and painted. */
  readonly answerAll: number[];
  readonly toggle: number[];
  readonly toggleAll: number[];
  /** The same, to React's commit: the part before the browser's style, layout and paint. */
  readonly answerCommit: number[];
  readonly toggleCommit: number[];
  readonly toggleAllCommit: number[];
  readonly build: number[];
  readonly projection: number[];
  /** The page scrolled top to bottom a screen at a time: the slowest step to its paint, and all steps. */
  readonly scrollMax: number[];
  readonly scrollTotal: number[];
  scrollSteps: number;
  /** Students in the page at the first screen's paint. */
  rows: number;
  /** Cells saying their call at the first screen's paint, and once the whole class is in. */
  cells: number;
  allCells: number;
  /** Every change showed on its control (the checkbox checked or not, the button's words). */
  changed: boolean;
  /** Changes that also changed how many cells the plan closes (not so when other planned training already closed them). */
  cellChanges: number;
}

const ORIGIN = 'http://readiness.bench';
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

async function buildPage(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-readiness-'));
  const settings = await standaloneSettings();
  await build({
    ...settings,
    root: join(repoRoot, 'bench', 'readiness-page'),
    build: { ...settings.build, outDir, emptyOutDir: true },
  });
  return outDir;
}

const measured = (): Measured => ({
  answer: [],
  answerAll: [],
  toggle: [],
  toggleAll: [],
  answerCommit: [],
  toggleCommit: [],
  toggleAllCommit: [],
  build: [],
  projection: [],
  scrollMax: [],
  scrollTotal: [],
  scrollSteps: 0,
  rows: 0,
  cells: 0,
  allCells: 0,
  changed: true,
  cellChanges: 0,
});

/** One fresh stand-alone page: the answer, the what-if changes, the scroll and the model, added to `m`. */
async function measureRun(
  browser: Browser,
  dir: string,
  options: ReadinessOptions,
  viewport: { width: number; height: number },
  wide: boolean,
  m: Measured,
): Promise<void> {
  const context = await browser.newContext({ viewport });
  await context.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    route.fulfill({ body: readFileSync(file), contentType: types[extname(file)] ?? 'application/octet-stream' });
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/?students=${options.students}&competencies=${options.competencies}&wide=${wide ? 1 : 0}`);
  await page.waitForFunction(() => 'readinessBench' in window);
  // Let the load's own work settle, so the answer lands on an idle page as it would.
  await page.waitForTimeout(300);
  const answered = await page.evaluate(() => (window as unknown as { readinessBench: Api }).readinessBench.answer());
  m.answer.push(answered.ms);
  m.answerCommit.push(answered.commitMs);
  m.answerAll.push(answered.allMs);
  m.rows = answered.rows;
  m.cells = answered.cells;
  m.allCells = answered.allCells;
  let planned = 0;
  /** One what-if change: its times into `times` and `commits`, whether it showed, and whether it changed the cells. */
  const changeOnce = async (change: 'toggle' | 'toggleAll', index: number, times: number[], commits: number[]) => {
    const toggled = await page.evaluate(
      ([which, at]) => (window as unknown as { readinessBench: Api }).readinessBench[which](at),
      [change, index] as const,
    );
    times.push(toggled.ms);
    commits.push(toggled.commitMs);
    if (!toggled.shown) m.changed = false;
    if (toggled.planned !== planned) m.cellChanges += 1;
    planned = toggled.planned;
    await page.waitForTimeout(50);
  };
  // Every seventh checkbox: different students and trainings, each a new plan.
  for (let change = 0; change < options.changes; change++)
    await changeOnce('toggle', change * 7, m.toggle, m.toggleCommit);
  for (let change = 0; change < Math.max(2, Math.floor(options.changes / 3)); change++)
    await changeOnce('toggleAll', change, m.toggleAll, m.toggleAllCommit);
  // After the changes, so it does not warm the page for them.
  const scrolled = await page.evaluate(() => (window as unknown as { readinessBench: Api }).readinessBench.scroll());
  m.scrollMax.push(scrolled.maxMs);
  m.scrollTotal.push(scrolled.totalMs);
  m.scrollSteps = scrolled.steps;
  const model = await page.evaluate(() => (window as unknown as { readinessBench: Api }).readinessBench.model(50));
  m.build.push(model.build);
  m.projection.push(model.projection);
  await context.close();
}

const spread = (values: readonly number[]) =>
  values.length === 0 ? '' : `${int(Math.min(...values))}–${int(Math.max(...values))} ms (${values.length})`;

export async function readinessBench(options: ReadinessOptions): Promise<Section> {
  const s = section('Class readiness at size');
  const dir = await buildPage();
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  let started: ReadinessDashboard | undefined;
  try {
    const dashboard = await startReadinessDashboard(options);
    started = dashboard;
    const deskView = { width: 1280, height: 800 };
    const phoneView = { width: 390, height: 844 };
    const desk = measured();
    const phone = measured();
    const deskReal = throughDashboard();
    const phoneReal = throughDashboard();
    // Run by run, each screen's stand-alone page beside the page through the dashboard (which goes first
    // alternating), so a machine getting busier or quieter favours neither.
    for (let run = 0; run < options.runs; run++) {
      console.error(`[bench]   readiness: run ${run + 1} of ${options.runs}`);
      const both = [
        () => measureRun(browser, dir, options, deskView, true, desk),
        () => dashboard.measureRun(browser, deskView, deskReal),
        () => measureRun(browser, dir, options, phoneView, false, phone),
        () => dashboard.measureRun(browser, phoneView, phoneReal),
      ];
      const order = run % 2 === 0 ? [0, 1, 2, 3] : [1, 0, 3, 2];
      for (const index of order) await both[index]?.();
    }
    const expectedCells = options.students * options.competencies;
    s.lines.push(
      `A class of ${options.students} students × one position of ${options.competencies} competencies: one in ten students ready, one in ten not returned by the plugin (not known), the rest with a gap in every other competency, each gap with a course and an objective (\`bench/lib/readiness-answer.ts\`). Measured two ways, run by run side by side, Chromium headless, ${options.runs} fresh page(s) per screen and way, medians.`,
      '',
      `**The stand-alone page** (\`bench/readiness-page/\`, built in this run with Vite) renders the dashboard's own \`ReadinessMatrixView\` and \`TrainingPlan\` with \`buildMatrix\`, as the class readiness page does, from the generated answer instead of the service and a plugin, so the times start when the answer's JSON text is in the page. It is cold: React, react-router and zod have not run before the answer, which the real page has. "Answer → painted": JSON.parse and the contract's schema check of the answer, the model, React's commit, then a frame and a task after it; "to React's commit" is the part up to React writing the DOM (parse, model, render), the rest is the browser's style, layout and paint. The matrix is shown a screen first: its first render holds the students who fit on a screen (here ${int(desk.rows)} rows of the table, ${int(phone.rows)} card(s), counted in the page at that paint; the table's first rows say the calls of the columns a screen shows, their other cells written empty and filled with the rest), and React adds the rest in a background render started as soon as that is committed; "answer → matrix painted" is that first screen, "every student in the page" is the whole class in the DOM and painted (every cell counted below). Even then the browser has laid out and painted only the cells and cards near the view (the matrix's cells once the whole class is in, the cards and the trainings are \`content-visibility: auto\`); the rest are laid out as they are scrolled near, which "scrolled to the end" times: the page scrolled a screen at a time (the table's region also across, a screen at a time, at each), each step to its paint (after the what-if changes). "What-if": a click on one student's checkbox of a recommended training (${options.changes} a page, different students and trainings), or on a training's "All N who need it" (the whole class), to the updated matrix painted; a training's students are behind a disclosure, opened before the click and outside its time.`,
      '',
      `**The class readiness page through the dashboard** (\`bench/readiness-dashboard.ts\`): the sandbox service (\`server/main.ts\` in its own process, on a temp copy of the demo plus a class of ${options.students} students of the demo trainer with a few entries about them, serving the dashboard built in this run) asks the demo plugin \`sandbox-plugin-coach\`, pointed through the admin route at a bench plugin (node:http in the bench process, \`bench/lib/planner-plugin.ts\`: the asked position with ${options.competencies} competencies, then the class placed by the same generator, by userId in the class's order). Each run is a trainer opening the page: a new browser context, the trainer's session stored as the dashboard stores it (nothing kept from an earlier run), \`/classes/<classId>/readiness\` opened, the targets form filled (title, knowledge level journeyman, the plugin), then "Check readiness" clicked, which asks the plugin for the competencies and then for the candidates, each through the service. Timed in the page from the candidates answer's \`responseEnd\` (its PerformanceResourceTiming: the last byte in) to the first screen painted: a MutationObserver installed before the click notes the first cell saying its call in the DOM ("to the cells in the DOM", in the commit column), then a frame and a task after it, as on the stand-alone page; then on, frame by frame, until every cell of the class is in the page and painted. On this page the time also holds what the dashboard does around the matrix (its fetch wrapper reading the answer, React Query's notification, the answer kept in localStorage, the results heading focused); the training's names are asked of the service once the first screen is painted. The bench plugin's courses and objectives are not in the sandbox's catalogue, so the names answer names none of them and the rows keep showing their ids; with a catalogue that names them, the rows would re-render once when the names come, after the first screen. "Click → first screen painted" is the whole wait from the click: both plugin calls through the service, and the same.`,
      '',
    );
    const real = 'the class readiness page through the dashboard';
    const rows = (label: string, m: Measured, r: ThroughDashboard) => [
      [
        `${label}, ${real}: answer → first screen painted`,
        `${int(median(r.answer))} ms`,
        `${int(median(r.answerDom))} ms`,
        spread(r.answer),
      ],
      [`${label}, ${real}: answer → every student painted`, `${int(median(r.answerAll))} ms`, '', spread(r.answerAll)],
      [
        `${label}, ${real}: click “Check readiness” → first screen painted`,
        `${int(median(r.click))} ms`,
        '',
        spread(r.click),
      ],
      [
        `${label}, the stand-alone page: answer → matrix painted`,
        `${int(median(m.answer))} ms`,
        `${int(median(m.answerCommit))} ms`,
        spread(m.answer),
      ],
      [
        `${label}, the stand-alone page: answer → every student in the page, painted`,
        `${int(median(m.answerAll))} ms`,
        '',
        spread(m.answerAll),
      ],
      [
        `${label}: what-if, one student's checkbox → painted`,
        `${int(median(m.toggle))} ms`,
        `${int(median(m.toggleCommit))} ms`,
        spread(m.toggle),
      ],
      [
        `${label}: what-if, whole class → painted`,
        `${int(median(m.toggleAll))} ms`,
        `${int(median(m.toggleAllCommit))} ms`,
        spread(m.toggleAll),
      ],
      [
        `${label}: scrolled to the end, slowest screen → painted`,
        `${int(median(m.scrollMax))} ms`,
        '',
        `${m.scrollSteps} screens, all of them ${int(median(m.scrollTotal))} ms (median); slowest ${spread(m.scrollMax)}`,
      ],
    ];
    s.lines.push(
      table(
        [
          'measure',
          'median',
          'of which to React’s commit (through the dashboard: to the cells in the DOM)',
          'range (samples)',
        ],
        [
          ...rows('1280×800, table', desk, deskReal),
          ...rows('390×844, a card per student', phone, phoneReal),
          [
            'model alone: buildMatrix of the answer',
            `${fixed(median(desk.build), 2)} ms`,
            '',
            `median of 50 in each of ${desk.build.length} page(s)`,
          ],
          [
            'model alone: a plan change (withPlanned + buildMatrix)',
            `${fixed(median(desk.projection), 2)} ms`,
            '',
            `median of 50 in each of ${desk.projection.length} page(s)`,
          ],
        ],
      ),
      '',
      `Cells saying their call at the first screen's paint: ${int(desk.cells)} (table), ${int(phone.cells)} (cards) on the stand-alone page, ${int(deskReal.cells)} and ${int(phoneReal.cells)} through the dashboard (${int(deskReal.rows)} rows, ${int(phoneReal.rows)} card(s)); once the whole class is in: ${int(desk.allCells)} and ${int(phone.allCells)}, ${int(deskReal.allCells)} and ${int(phoneReal.allCells)} through the dashboard, of ${int(expectedCells)} expected. Through the dashboard, each run's answer was a fresh one (the bench plugin asked once for candidates, one candidates response in the page): ${deskReal.fresh && phoneReal.fresh ? 'yes' : '**no**'}. Every change showed on its control: ${desk.changed && phone.changed ? 'yes' : '**no**'}; changes that also changed the cells closed by the plan: ${desk.cellChanges} (table) and ${phone.cellChanges} (cards) of ${desk.toggle.length + desk.toggleAll.length} each (the others planned training for gaps that other planned training already closed).`,
    );
    const rendered = [desk, phone, deskReal, phoneReal].every((m) => m.allCells === expectedCells);
    target(
      s,
      'every cell rendered, every change shown',
      rendered && desk.changed && phone.changed && deskReal.fresh && phoneReal.fresh,
      `${int(desk.allCells)} and ${int(phone.allCells)} of ${int(expectedCells)} cells (through the dashboard ${int(deskReal.allCells)} and ${int(phoneReal.allCells)})`,
    );
    // Decided on the page a trainer opens: the stand-alone page is the matrix alone, reported beside it.
    const answerMs = Math.max(median(deskReal.answer), median(phoneReal.answer));
    target(
      s,
      `${options.students} × ${options.competencies}: its first screen painted < 100 ms after the answer (the class readiness page through the dashboard)`,
      answerMs < 100,
      `${int(median(deskReal.answer))} ms table, ${int(median(phoneReal.answer))} ms cards through the dashboard; the stand-alone page ${int(median(desk.answer))} / ${int(median(phone.answer))}; the whole class in the page ${int(median(deskReal.answerAll))} and ${int(median(phoneReal.answerAll))} ms through the dashboard, ${int(median(desk.answerAll))} / ${int(median(phone.answerAll))} stand-alone`,
    );
    const whatIfMs = Math.max(median(desk.toggle), median(phone.toggle));
    target(
      s,
      'what-if painted < 50 ms after a change',
      whatIfMs < 50,
      `${int(median(desk.toggle))} ms table, ${int(median(phone.toggle))} ms cards (whole class: ${int(median(desk.toggleAll))}, ${int(median(phone.toggleAll))} ms)`,
    );
  } finally {
    await browser.close();
    await started?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return s;
}

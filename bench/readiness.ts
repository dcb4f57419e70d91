/**
 * Class readiness at size: a class of 50 students × 30 competencies in
 * Chromium. The page is `bench/readiness-page/`: the dashboard's own matrix,
 * training plan and readiness model, built for the bench with Vite and fed a
 * generated candidate answer in place of the service and a plugin. Timed in
 * the page: from the answer's JSON text in hand (parsed and checked with the
 * contract's schema, as the dashboard's client does) to the matrix painted;
 * and from a what-if change (one student's checkbox, or a training's "all who
 * need it") to the updated matrix painted. Beside them, the model alone.
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

async function measure(
  browser: Browser,
  dir: string,
  options: ReadinessOptions,
  viewport: { width: number; height: number },
  wide: boolean,
): Promise<Measured> {
  const m: Measured = {
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
  };
  for (let run = 0; run < options.runs; run++) {
    const context = await browser.newContext({ viewport });
    await context.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      const file = join(dir, path === '/' ? 'index.html' : path);
      route.fulfill({ body: readFileSync(file), contentType: types[extname(file)] ?? 'application/octet-stream' });
    });
    const page = await context.newPage();
    await page.goto(
      `${ORIGIN}/?students=${options.students}&competencies=${options.competencies}&wide=${wide ? 1 : 0}`,
    );
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
    for (let change = 0; change < options.changes; change++) {
      // Every seventh checkbox: different students and trainings, each a new plan.
      const toggled = await page.evaluate(
        (index) => (window as unknown as { readinessBench: Api }).readinessBench.toggle(index),
        change * 7,
      );
      m.toggle.push(toggled.ms);
      m.toggleCommit.push(toggled.commitMs);
      if (!toggled.shown) m.changed = false;
      if (toggled.planned !== planned) m.cellChanges += 1;
      planned = toggled.planned;
      await page.waitForTimeout(50);
    }
    for (let change = 0; change < Math.max(2, Math.floor(options.changes / 3)); change++) {
      const toggled = await page.evaluate(
        (index) => (window as unknown as { readinessBench: Api }).readinessBench.toggleAll(index),
        change,
      );
      m.toggleAll.push(toggled.ms);
      m.toggleAllCommit.push(toggled.commitMs);
      if (!toggled.shown) m.changed = false;
      if (toggled.planned !== planned) m.cellChanges += 1;
      planned = toggled.planned;
      await page.waitForTimeout(50);
    }
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
  return m;
}

const spread = (values: readonly number[]) =>
  values.length === 0 ? '' : `${int(Math.min(...values))}–${int(Math.max(...values))} ms (${values.length})`;

export async function readinessBench(options: ReadinessOptions): Promise<Section> {
  const s = section('Class readiness at size');
  const dir = await buildPage();
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  try {
    const desk = await measure(browser, dir, options, { width: 1280, height: 800 }, true);
    const phone = await measure(browser, dir, options, { width: 390, height: 844 }, false);
    const expectedCells = options.students * options.competencies;
    s.lines.push(
      `A class of ${options.students} students × one position of ${options.competencies} competencies: one in ten students ready, one in ten not returned by the plugin (not known), the rest with a gap in every other competency, each gap with a course and an objective. The page (\`bench/readiness-page/\`, built in this run with Vite) renders the dashboard's own \`ReadinessMatrixView\` and \`TrainingPlan\` with \`buildMatrix\`, as the class readiness page does, from a generated answer instead of the service and a plugin (a class of this shape is generated here, not seeded in the sandbox and answered by the demo's plugin); the sandbox service and the plugin are not in the path, so the times start when the answer's JSON text is in the page. Chromium headless, ${options.runs} fresh page(s) per screen. "Answer → painted": JSON.parse and the contract's schema check of the answer, the model, React's commit, then a frame and a task after it; "to React's commit" is the part up to React writing the DOM (parse, model, render), the rest is the browser's style, layout and paint. The matrix is shown a screen first: its first render holds the students who fit on a screen (here ${int(desk.rows)} rows of the table, ${int(phone.rows)} card(s), counted in the page at that paint; the table's first rows say the calls of the columns a screen shows, their other cells written empty and filled with the rest), and React adds the rest in a background render started as soon as that is committed; "answer → matrix painted" is that first screen, "every student in the page" is the whole class in the DOM and painted (every cell counted below). Even then the browser has laid out and painted only the cells and cards near the view (the matrix's cells once the whole class is in, the cards and the trainings are \`content-visibility: auto\`); the rest are laid out as they are scrolled near, which "scrolled to the end" times: the page scrolled a screen at a time (the table's region also across, a screen at a time, at each), each step to its paint (after the what-if changes). "What-if": a click on one student's checkbox of a recommended training (${options.changes} a page, different students and trainings), or on a training's "All N who need it" (the whole class), to the updated matrix painted; a training's students are behind a disclosure, opened before the click and outside its time.`,
      '',
    );
    const rows = (label: string, m: Measured) => [
      [
        `${label}: answer → matrix painted`,
        `${int(median(m.answer))} ms`,
        `${int(median(m.answerCommit))} ms`,
        spread(m.answer),
      ],
      [
        `${label}: answer → every student in the page, painted`,
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
        ['measure', 'median', 'of which to React’s commit', 'range (samples)'],
        [
          ...rows('1280×800, table', desk),
          ...rows('390×844, a card per student', phone),
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
      `Cells saying their call at the first screen's paint: ${int(desk.cells)} (table), ${int(phone.cells)} (cards); once the whole class is in: ${int(desk.allCells)} and ${int(phone.allCells)}, of ${int(expectedCells)} expected. Every change showed on its control: ${desk.changed && phone.changed ? 'yes' : '**no**'}; changes that also changed the cells closed by the plan: ${desk.cellChanges} (table) and ${phone.cellChanges} (cards) of ${desk.toggle.length + desk.toggleAll.length} each (the others planned training for gaps that other planned training already closed).`,
    );
    const rendered = desk.allCells === expectedCells && phone.allCells === expectedCells;
    target(
      s,
      'every cell rendered, every change shown',
      rendered && desk.changed && phone.changed,
      `${int(desk.allCells)} and ${int(phone.allCells)} of ${int(expectedCells)} cells`,
    );
    const answerMs = Math.max(median(desk.answer), median(phone.answer));
    target(
      s,
      `${options.students} × ${options.competencies}: its first screen painted < 100 ms after the answer`,
      answerMs < 100,
      `${int(median(desk.answer))} ms table, ${int(median(phone.answer))} ms cards; the whole class in the page ${int(median(desk.answerAll))} and ${int(median(phone.answerAll))} ms`,
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
    rmSync(dir, { recursive: true, force: true });
  }
  return s;
}

/**
 * A long list: a trainer whose one student has 10,000 comments opens that
 * filter in Chromium. Time to first rows (from applying the filter in the
 * page, and from a cold navigation to the filtered URL) and smoothness while
 * scrolling to the end (long tasks over 50 ms, PerformanceObserver 'longtask').
 */
import { chromium, type Page } from '@playwright/test';
import { commentEndpoints } from '../contract/endpoints/comments.ts';
import { chromiumLaunchOptions } from '../testkit/chromium.ts';
import { sandboxSession, storeSession } from './lib/browser.ts';
import { buildDashboard, buildDashboardAt } from './lib/build.ts';
import { startHotStudentService } from './lib/bulk.ts';
import { checkOut } from './lib/checkout.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { inTurn, int, median } from './lib/stats.ts';

export interface LongListOptions {
  readonly comments: number;
  readonly runs: number;
  /** How long to scroll (or less, at the end of the list). */
  readonly scrollSeconds: number;
  /** Another git revision's dashboard measured beside this one, alternating runs (`--base=REV`). */
  readonly base?: string;
}

interface Measured {
  readonly inApp: number[];
  readonly cold: number[];
  readonly renderTasks: number[];
  readonly scrolls: { tasks: number[]; seconds: number; pixels: number; rows: number }[];
}

/** Records long tasks and when the first comment row of a list appears. */
const instrument = () => {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
  w.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No longtask support: the figures say so (none recorded).
  }
};

const ROW = 'ol.card-list > li';

/**
 * The count the heading shows for a list of `rows` while its first page (of
 * `pageSize` rows) is in: "(N)", or "(200+)" when more pages follow.
 */
const headingCount = (rows: number, pageSize: number) => (rows > pageSize ? `(${pageSize}+)` : `(${rows})`);

/**
 * Goes to `url` and answers the page size the dashboard asks the comments
 * list for: the `limit` of its first request there.
 */
async function gotoObservingPageSize(page: Page, url: string): Promise<number> {
  const asked = page.waitForRequest(
    (request) => {
      const { pathname, searchParams } = new URL(request.url());
      return (
        request.method() === commentEndpoints.listComments.method &&
        pathname === commentEndpoints.listComments.path &&
        searchParams.has('limit')
      );
    },
    { timeout: 120_000 },
  );
  await page.goto(url);
  const limit = Number(new URL((await asked).url()).searchParams.get('limit'));
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`the dashboard asked for comments with limit ${limit}`);
  return limit;
}

async function waitForRows(page: Page, rows: number, pageSize: number, since: number): Promise<number> {
  // The first rows of the new list: the count heading is that list's and at least one row is in the DOM.
  const handle = await page.waitForFunction(
    ({ row, expected }) => {
      const count = document.querySelector('#comment-list-heading .count')?.textContent ?? '';
      return document.querySelector(row) && count.trim() === expected ? performance.now() : false;
    },
    { row: ROW, expected: headingCount(rows, pageSize) },
    { polling: 'raf', timeout: 120_000 },
  );
  return Number(await handle.jsonValue()) - since;
}

/** Scrolls down with the mouse wheel (to the end, or for `seconds`) and returns the long tasks that started meanwhile. */
async function scroll(
  page: Page,
  seconds: number,
): Promise<{ tasks: number[]; seconds: number; pixels: number; rows: number }> {
  await page.mouse.move(600, 400);
  const startedAt = await page.evaluate(() => performance.now());
  const until = Date.now() + seconds * 1000;
  let last = -1;
  for (let step = 0; Date.now() < until; step++) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(16);
    if (step % 20 === 19) {
      const y = await page.evaluate(() => window.scrollY);
      if (y === last) break;
      last = y;
    }
  }
  await page.waitForTimeout(300);
  const endedAt = await page.evaluate(() => performance.now());
  const tasks = await page.evaluate(
    (from) =>
      (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks
        .filter((t) => t.start >= from)
        .map((t) => t.duration),
    startedAt,
  );
  const pixels = await page.evaluate(() => window.scrollY);
  const rows = await page.evaluate((row) => document.querySelectorAll(row).length, ROW);
  return { tasks, seconds: (endedAt - startedAt) / 1000, pixels, rows };
}

export async function longListBench(options: LongListOptions): Promise<Section> {
  const s = section(options.base ? `A long list: this checkout beside ${options.base}` : 'A long list');
  const checkout = options.base ? checkOut(options.base) : undefined;
  const targets: { label: string; service: Awaited<ReturnType<typeof startHotStudentService>>; m: Measured }[] = [];
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  try {
    // Both dashboards served by this checkout's service on copies of the same database: the list is the dashboard's.
    if (checkout && options.base) {
      const built = await buildDashboardAt(checkout.tree);
      const service = await startHotStudentService(options.comments, built.dir);
      targets.push({
        label: `${options.base} (before)`,
        service,
        m: { inApp: [], cold: [], renderTasks: [], scrolls: [] },
      });
    }
    const built = await buildDashboard();
    const service = await startHotStudentService(options.comments, built.dir);
    targets.push({ label: 'this checkout', service, m: { inApp: [], cold: [], renderTasks: [], scrolls: [] } });
    const { trainerId, hotStudentId, otherStudentId, hotComments, otherComments } = service.facts;
    for (let run = 0; run < options.runs; run++) {
      // Alternating which dashboard goes first, so a machine getting busier or quieter favours neither.
      for (const { service: served, m } of inTurn(run, targets)) {
        const base = served.url;
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await context.addInitScript(instrument);
        const page = await context.newPage();
        await storeSession(page, base, await sandboxSession(base, trainerId));

        // In the page: from the other student's comments, apply the filter of the student with many.
        const pageSize = await gotoObservingPageSize(
          page,
          `${base}/comments?studentId=${encodeURIComponent(otherStudentId)}`,
        );
        await waitForRows(page, otherComments, pageSize, 0);
        const select = page.locator(`form[aria-label="Filter comments"] select:has(option[value="${hotStudentId}"])`);
        await select.selectOption(hotStudentId);
        const clickedAt = await page.evaluate(() => {
          const button = [
            ...document.querySelectorAll('form[aria-label="Filter comments"] button[type="submit"]'),
          ][0] as HTMLButtonElement;
          const at = performance.now();
          button.click();
          return at;
        });
        m.inApp.push(await waitForRows(page, hotComments, pageSize, clickedAt));

        // Cold: a navigation straight to the filtered address (cache warm from the page above).
        await page.goto(`${base}/comments?studentId=${encodeURIComponent(hotStudentId)}`);
        m.cold.push(await waitForRows(page, hotComments, pageSize, 0));
        await page.waitForTimeout(500);
        const during = await page.evaluate(() =>
          (window as unknown as { __longTasks: { duration: number }[] }).__longTasks.map((t) => t.duration),
        );
        m.renderTasks.push(Math.max(0, ...during));
        m.scrolls.push(await scroll(page, options.scrollSeconds));
        await context.close();
      }
    }
    s.lines.push(
      `The demo sandbox plus ${int(hotComments)} comments about one student (the seed generator's hot student, \`seedBulk\` in sandbox/bulk.ts), read by their trainer \`${trainerId}\`; the dashboard built in this run${targets.length > 1 ? ` (and ${options.base}'s, built from a temp worktree, alternating runs)` : ''}, served by this checkout's \`server/main.ts\`; Chromium headless, 1280×900, ${options.runs} run(s). "Apply filter" is the time from clicking Apply filters (coming from a student with ${otherComments} comment(s)) to the first rows of the ${int(hotComments)}-row list; "cold" is from navigation start of \`/comments?studentId=…\` to the first rows. Scrolling is the mouse wheel, 1,200 px every ~16 ms, for ${options.scrollSeconds} s or to the end of the list.`,
      '',
    );
    for (const { label, m } of targets) {
      const scrollTasks = m.scrolls.flatMap((r) => r.tasks);
      s.lines.push(
        ...(targets.length > 1 ? [`${label}:`, ''] : []),
        table(
          ['measure', 'median', 'runs'],
          [
            ['apply filter → first rows', `${int(median(m.inApp))} ms`, m.inApp.map((v) => int(v)).join(', ')],
            ['cold navigation → first rows', `${int(median(m.cold))} ms`, m.cold.map((v) => int(v)).join(', ')],
            [
              'longest task while the list first renders',
              `${int(median(m.renderTasks))} ms`,
              m.renderTasks.map((v) => int(v)).join(', '),
            ],
            [
              'long tasks (> 50 ms) while scrolling',
              String(scrollTasks.length),
              m.scrolls
                .map(
                  (r) =>
                    `${r.tasks.length} in ${r.seconds.toFixed(1)} s, ${int(r.pixels)} px, ${int(r.rows)} rows shown`,
                )
                .join('; '),
            ],
            ['longest task while scrolling', `${int(Math.max(0, ...scrollTasks))} ms`, ''],
          ],
        ),
        '',
      );
    }
    const mine = (targets[targets.length - 1] as (typeof targets)[number]).m;
    const scrollTasks = mine.scrolls.flatMap((r) => r.tasks);
    const inAppMedian = median(mine.inApp);
    target(s, 'first rows < 150 ms after applying the filter', inAppMedian < 150, `${int(inAppMedian)} ms`);
    target(s, 'first rows < 300 ms on a cold navigation', median(mine.cold) < 300, `${int(median(mine.cold))} ms`);
    target(
      s,
      'no long task while scrolling',
      scrollTasks.length === 0,
      `${scrollTasks.length} long tasks, longest ${int(Math.max(0, ...scrollTasks))} ms`,
    );
  } finally {
    await browser.close();
    for (const t of targets) await t.service.stop();
    checkout?.remove();
  }
  return s;
}

/**
 * Page speed: Lighthouse 12 (default settings: mobile, simulated throttling)
 * in Debian's Chromium against the service started as `npm start` starts it
 * (the built dashboard served by `server/main.ts` on the demo database), for
 * every page of the dashboard: the public ones signed out, the others signed
 * in with a session stored the way the dashboard stores it.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type PageRoute, type Routes, readRoutes } from '../scripts/page-routes.ts';
import { type ChildService, freePort, repoRoot, startChild } from '../testkit/child-service.ts';
import { launchChromium, sandboxSession, storeSession } from './lib/browser.ts';
import { type Built, buildDashboard, buildDashboardAt, buildFloor, closure, entryKey, sizeOf } from './lib/build.ts';
import { startSmallService } from './lib/bulk.ts';
import { checkOut } from './lib/checkout.ts';
import { demoTrainer, removeDatabase, startDemoService, tempDatabase } from './lib/dataset.ts';
import { type Fetched, fetchedBy } from './lib/fetched.ts';
import { ports } from './lib/ports.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, inTurn, int, kb, median } from './lib/stats.ts';

export interface PagesOptions {
  readonly runs: number;
  /** Lighthouse's default (mobile: slow 4G, 4x CPU slowdown) or its desktop preset. */
  readonly preset: 'mobile' | 'desktop';
  /** Another git revision measured beside this checkout, in the same run (`--base=REV`). */
  readonly base?: string;
  /** Only the pages whose path starts with one of these (`--pages=/comments,/students`); every page when unset. */
  readonly only?: readonly string[];
}

/** The first page's JS+CSS (what a first visit fetches), as a ratio to the floor. */
const FIRST_VISIT_TARGET = 1.15;
/** What each signed-in page's JS+CSS was once held to, now only reported beside it. */
const RETIRED_SIGNED_IN_RATIO = 1.25;

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  problems: string[];
}

/** A short account of what an audit found (issue types, console messages), for the report. */
function detailsOf(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const said = items
    .slice(0, 3)
    .map((item) => {
      const sub = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items?.[0];
      return String(item.issueType ?? item.description ?? sub?.url ?? item.url ?? item.source ?? '').slice(0, 160);
    })
    .filter(Boolean);
  return said.length > 0 ? ` — ${said.join('; ')}` : '';
}

async function audit(url: string, port: number, preset: PagesOptions['preset']) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: true,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned nothing');
  if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

/** One dashboard under test: its build, the service serving it, and the pages it has. */
interface Target {
  readonly label: string;
  readonly built: Built;
  readonly routes: Routes;
  readonly service: ChildService;
  readonly trainer: string;
  readonly params: Record<string, string | undefined>;
  readonly world: string;
}

/** The service of the checkout at `cwd` on a new demo database, serving `dashboardDir`. */
async function serveCheckout(cwd: string, dashboardDir: string): Promise<ChildService> {
  if (cwd === repoRoot) return startDemoService({ dashboardDir });
  const database = tempDatabase('demo-base');
  const port = await freePort(...ports.serviceSecond);
  const service = await startChild(['--import', 'tsx', 'server/main.ts'], {
    cwd,
    port,
    readyPath: '/readyz',
    readyTimeoutMs: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE: database,
      PLATFORM_ENV: 'sandbox',
      DASHBOARD_DIR: dashboardDir,
    },
  });
  return {
    ...service,
    stop: async () => {
      await service.stop();
      removeDatabase(database);
    },
  };
}

async function prepare(label: string, cwd: string, built: Built): Promise<Target> {
  let service = await serveCheckout(cwd, built.dir);
  let trainer = await demoTrainer(service.url).catch(() => undefined);
  let world = 'the seeded demo database';
  if (!trainer) {
    await service.stop();
    service = await startSmallService(built.dir);
    trainer = 'bench-trainer-0';
    world =
      'the bench’s small world (bench/lib/bulk.ts: one class of 50 students, 5 comments and 5 notes each; the demo sandbox had no trainer)';
  }
  const base = service.url;
  const session = await sandboxSession(base, trainer);
  const headers = { Authorization: `Bearer ${session.token}` };
  const notes = (await (await fetch(`${base}/edu/v1/note/list`, { headers })).json()) as { noteId: string }[];
  // A page with a parameter opens the trainer's first note, the record of the first student they train, or their first class's readiness.
  const roster = (await (await fetch(`${base}/edu/v1/trainer/roster`, { headers })).json()) as {
    classes: { classId: string; students: { userId: string }[] }[];
  };
  return {
    label,
    built,
    routes: readRoutes(cwd),
    service,
    trainer,
    world,
    params: {
      noteId: notes[0]?.noteId,
      userId: roster.classes.flatMap((c) => c.students)[0]?.userId,
      classId: roster.classes[0]?.classId,
    },
  };
}

/** The page's address with its parameter filled in, or undefined when the data has none. */
function pathOf(route: PageRoute, target: Target): string | undefined {
  const path = `/${route.path}`;
  if (!path.includes(':')) return path;
  const name = /:(\w+)/.exec(path)?.[1] ?? '';
  const value = target.params[name];
  return value ? path.replace(/:\w+/, encodeURIComponent(value)) : undefined;
}

/** What the bundle says a page needs before it renders: entry, the layout of signed-in pages, the page's chunk. */
function needsOf(target: Target, route: PageRoute | undefined): number {
  const { manifest } = target.built;
  const keys = [entryKey(manifest)];
  if (route) keys.push(...(route.signedIn && target.routes.layout ? [target.routes.layout] : []), route.module);
  const size = sizeOf(target.built, closure(manifest, keys));
  return size.js + size.css;
}

/** Signed in as the bench trainer, or signed out, in the browser's storage for `target`'s origin. */
async function signInOrOut(page: Page, target: Target, signedIn: boolean): Promise<void> {
  if (signedIn) await storeSession(page, target.service.url, await sandboxSession(target.service.url, target.trainer));
  else {
    await page.goto(`${target.service.url}/config.json`);
    await page.evaluate(() => localStorage.clear());
  }
}

async function countFetched(context: BrowserContext, page: Page, target: Target, path: string, signedIn: boolean) {
  await signInOrOut(page, target, signedIn);
  return fetchedBy(context, target.service.url + path);
}

async function lighthouseRun(
  page: Page,
  cdp: { send(method: 'Network.clearBrowserCache'): Promise<unknown> },
  target: Target,
  path: string,
  signedIn: boolean,
  options: PagesOptions,
  chromePort: number,
): Promise<Scores | string> {
  // Signed in or out as the page needs, with a cold HTTP cache every run.
  await signInOrOut(page, target, signedIn);
  await cdp.send('Network.clearBrowserCache');
  // Lighthouse now and then loses the trace (NO_NAVSTART and the like): try a page up to three times.
  let lhr: Awaited<ReturnType<typeof audit>> | undefined;
  let lastError = '';
  for (let attempt = 0; attempt < 3 && !lhr; attempt++) {
    try {
      lhr = await audit(target.service.url + path, chromePort, options.preset);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
  if (!lhr) return lastError;
  const found = lhr;
  // The whole report of the latest run of each page, to read where the time went (trace-based audits).
  const kept = join(repoRoot, 'bench', 'results', 'lighthouse');
  mkdirSync(kept, { recursive: true });
  writeFileSync(
    join(kept, `${target.label.replace(/\W+/g, '-')}${path.replace(/\W+/g, '_')}.json`),
    JSON.stringify(lhr),
  );
  const score = (id: string) => (found.categories[id]?.score ?? Number.NaN) * 100;
  const numeric = (id: string) => found.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(found.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => found.audits[ref.id]))
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => `${a?.id}: ${a?.title}${detailsOf(a?.details)}`);
  const opportunities = Object.values(found.audits)
    .filter((a) => a.details?.type === 'opportunity' && a.score !== null && a.score < 0.9)
    .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    problems: [...failing, ...opportunities],
  };
}

const summarise = (runs: readonly Scores[]): Scores => {
  const m = (pick: (r: Scores) => number) => median(runs.map(pick));
  return {
    performance: m((r) => r.performance),
    accessibility: m((r) => r.accessibility),
    bestPractices: m((r) => r.bestPractices),
    fcp: m((r) => r.fcp),
    lcp: m((r) => r.lcp),
    tbt: m((r) => r.tbt),
    cls: m((r) => r.cls),
    problems: [...new Set(runs.flatMap((r) => r.problems))],
  };
};

export async function pagesBench(options: PagesOptions): Promise<Section> {
  const s = section(
    `Page speed (Lighthouse, ${options.preset})${options.base ? `: this checkout beside ${options.base}` : ''}`,
  );
  const floor = await buildFloor();
  const floorSize = sizeOf(floor, closure(floor.manifest, [entryKey(floor.manifest)]));
  const floorTotal = floorSize.js + floorSize.css;
  const checkout = options.base ? checkOut(options.base) : undefined;
  const targets: Target[] = [];
  const chrome = await launchChromium(await freePort(...ports.chromium));
  try {
    if (checkout && options.base) {
      console.error(`[bench]   pages: building ${options.base} …`);
      targets.push(await prepare(`${options.base} (before)`, checkout.tree, await buildDashboardAt(checkout.tree)));
    }
    targets.push(await prepare('this checkout', repoRoot, await buildDashboard()));
    const page = await chrome.context.newPage();
    const cdp = await chrome.context.newCDPSession(page);

    // One run first that counts for nothing: Chromium and each service warm up on it.
    for (const target of targets) {
      await signInOrOut(page, target, true);
      await audit(`${target.service.url}/profile`, chrome.port, options.preset).catch(() => undefined);
    }

    const ratio = (bytes: number) => `${kb(bytes)} (${fixed(bytes / floorTotal, 2)}×)`;
    const byteRows: string[][] = [];
    const fetchedDetail: string[] = [];
    const mine = targets[targets.length - 1] as Target;
    let firstVisit = Number.NaN;
    let worstSignedIn = 0;
    let worstSignedInPage = '';
    // The first visit: `/` signed out, which lands on sign-in.
    for (const target of targets) {
      const fetched = await countFetched(chrome.context, page, target, '/', false);
      const signIn = target.routes.pages.find((route) => route.path === 'sign-in');
      const total = fetched.js + fetched.css;
      if (target === mine) firstVisit = total;
      byteRows.push([
        'first visit of `/`',
        target.label,
        ratio(needsOf(target, signIn)),
        ratio(total),
        kb(fetched.wire),
      ]);
      fetchedDetail.push(fileList(target.label, '/', fetched));
    }
    const rows: string[][] = [];
    const problems: string[] = [];
    const all: Scores[] = [];
    const chosen = mine.routes.pages.filter(
      (route) => !options.only || options.only.some((prefix) => `/${route.path}`.startsWith(prefix)),
    );
    for (const route of chosen) {
      const runs = new Map<Target, Scores[]>(targets.map((target) => [target, []]));
      const paths = new Map<Target, string | undefined>();
      for (const target of targets) {
        const own = target.routes.pages.find((r) => r.path === route.path);
        const path = own ? pathOf(own, target) : undefined;
        paths.set(target, path);
        if (!own || !path) continue;
        const fetched = await countFetched(chrome.context, page, target, path, route.signedIn);
        const total = fetched.js + fetched.css;
        const needs = needsOf(target, own);
        if (target === mine && route.signedIn && Math.max(total, needs) > worstSignedIn) {
          worstSignedIn = Math.max(total, needs);
          worstSignedInPage = `/${route.path}`;
        }
        byteRows.push([`/${route.path}`, target.label, ratio(needs), ratio(total), kb(fetched.wire)]);
        if (target === mine || route.path === 'comments') fetchedDetail.push(fileList(target.label, path, fetched));
      }
      for (let run = 0; run < options.runs; run++) {
        // Alternating which revision goes first, so a machine getting busier or quieter favours neither.
        const order = inTurn(run, targets);
        for (const target of order) {
          const path = paths.get(target);
          if (!path) continue;
          const result = await lighthouseRun(page, cdp, target, path, route.signedIn, options, chrome.port);
          if (typeof result === 'string')
            problems.push(`- ${target.label} \`${path}\` Lighthouse failed three times: ${result}`);
          else {
            runs.get(target)?.push(result);
            // Each run on stderr, so the spread behind a median is there to read.
            console.error(
              `[bench]   ${path} ${target.label} run ${run + 1}: performance ${result.performance}, FCP ${int(result.fcp)} ms, LCP ${int(result.lcp)} ms, TBT ${int(result.tbt)} ms`,
            );
          }
        }
      }
      for (const target of targets) {
        const path = paths.get(target);
        if (!path) continue;
        const done = runs.get(target) ?? [];
        const label = targets.length > 1 ? target.label : '';
        if (done.length === 0) {
          rows.push([path, label, route.signedIn ? 'yes' : 'no', 'failed', '', '', '', '', '', '']);
          if (target === mine) all.push({ ...summarise([]), performance: 0, accessibility: 0, bestPractices: 0 });
          continue;
        }
        const summary = summarise(done);
        if (target === mine) {
          all.push(summary);
          for (const problem of summary.problems) problems.push(`- \`${path}\` ${problem}`);
        }
        rows.push([
          path,
          label,
          route.signedIn ? 'yes' : 'no',
          int(summary.performance),
          int(summary.accessibility),
          int(summary.bestPractices),
          `${int(summary.fcp)} ms`,
          `${int(summary.lcp)} ms`,
          `${int(summary.tbt)} ms`,
          fixed(summary.cls, 3),
        ]);
      }
    }
    const header = [
      'page',
      'revision',
      'signed in',
      'performance',
      'accessibility',
      'best practices',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
    ];
    const single = targets.length === 1;
    s.lines.push(
      `Lighthouse 12 with ${options.preset === 'desktop' ? 'its desktop preset (no CPU slowdown, simulated fast network)' : 'its default settings (mobile emulation, simulated slow 4G and 4× CPU slowdown)'}, Debian Chromium headless; each service started from its checkout's \`server/main.ts\` on ${mine.world}, serving the dashboard built in this run from that checkout; median of ${options.runs} run(s) per page, each with a cold HTTP cache${single ? '' : ', the revisions alternating which goes first'}.`,
      '',
      single
        ? table(
            header.filter((h) => h !== 'revision'),
            rows.map((row) => row.filter((_, i) => i !== 1)),
          )
        : table(header, rows),
      '',
      `JS and CSS of each page, gzip -9, as a ratio to the floor (${kb(floorTotal)}: react, react-dom, react-router-dom and react-query alone, bench/floor/). *Needs*: what the bundle says the page needs before it renders (the entry and its static imports, the signed-in layout, the page's chunk; the \`bundle\` benchmark's count). *Fetched*: what Chromium fetched opening the page with the HTTP cache off, every JS and CSS response until the network was idle (no request for 500 ms), each counted as gzip -9 of its decoded body, plus inline \`<style>\` elements of the document; *on the wire* is the encoded bytes as received (the service sends brotli).`,
      '',
      table(['page', 'revision', 'needs', 'fetched', 'fetched, on the wire'], byteRows),
      '',
      '<details><summary>What the browser fetched</summary>',
      '',
      ...fetchedDetail,
      '</details>',
      '',
      problems.length > 0 ? 'What Lighthouse flagged (this checkout):' : 'Lighthouse flagged nothing.',
      '',
      ...problems,
    );
    const worst = (pick: (r: Scores) => number) => Math.min(...all.map(pick));
    target(
      s,
      'performance ≥ 98 on every page',
      worst((r) => r.performance) >= 98,
      `lowest ${int(worst((r) => r.performance))}`,
    );
    target(
      s,
      'accessibility 100 on every page',
      worst((r) => r.accessibility) >= 100,
      `lowest ${int(worst((r) => r.accessibility))}`,
    );
    target(
      s,
      'best practices 100 on every page',
      worst((r) => r.bestPractices) >= 100,
      `lowest ${int(worst((r) => r.bestPractices))}`,
    );
    target(
      s,
      `first visit fetches ≤ ${FIRST_VISIT_TARGET}× the floor`,
      firstVisit / floorTotal <= FIRST_VISIT_TARGET,
      `${kb(firstVisit)} = ${fixed(firstVisit / floorTotal, 2)}×`,
    );
    // Reported, no longer a target: the `bound` bench showed no chunking brings a signed-in page to 1.25× the
    // floor with zod, and that target was retired for Lighthouse's score on every page.
    s.lines.push(
      '',
      `The largest signed-in page's JS+CSS: ${worstSignedInPage} ${kb(worstSignedIn)} = ${fixed(worstSignedIn / floorTotal, 2)}× the floor (a retired target of ${RETIRED_SIGNED_IN_RATIO}×: the \`bound\` bench showed no chunking meets it with zod).`,
    );
  } finally {
    await chrome.close();
    for (const t of targets) await t.service.stop();
    checkout?.remove();
  }
  return s;
}

function fileList(label: string, path: string, fetched: Fetched): string {
  return `- ${label} \`${path}\`: ${fetched.files.map((file) => `${file.url.replace(/^\/assets\//, '')} ${kb(file.gzip)}`).join(', ')}`;
}

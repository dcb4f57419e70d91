/**
 * Page speed: Lighthouse 12 (default settings: mobile, simulated throttling)
 * in Debian's Chromium against the service started as `npm start` starts it
 * (the built dashboard served by `server/main.ts` on the demo database), for
 * every page of the dashboard: the public ones signed out, the others signed
 * in with a session stored the way the dashboard stores it.
 */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type ChildService, freePort } from '../testkit/child-service.ts';
import { launchChromium, sandboxSession, storeSession } from './lib/browser.ts';
import { buildDashboard } from './lib/build.ts';
import { startSmallService } from './lib/bulk.ts';
import { demoTrainer, startDemoService } from './lib/dataset.ts';
import { ports } from './lib/ports.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { readRoutes } from './lib/routes.ts';
import { fixed, int, median } from './lib/stats.ts';

export interface PagesOptions {
  readonly runs: number;
  /** Lighthouse's default (mobile: slow 4G, 4x CPU slowdown) or its desktop preset. */
  readonly preset: 'mobile' | 'desktop';
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
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

export async function pagesBench(options: PagesOptions): Promise<Section> {
  const s = section(`Page speed (Lighthouse, ${options.preset})`);
  const built = await buildDashboard();
  // The demo sandbox, as `npm start` shows it; the bench's small world if the demo has no trainer yet.
  let service: ChildService = await startDemoService({ dashboardDir: built.dir });
  let trainer = await demoTrainer(service.url).catch(() => undefined);
  let world = 'the seeded demo database';
  if (!trainer) {
    await service.stop();
    service = await startSmallService(built.dir);
    trainer = 'bench-trainer-0';
    world =
      'the bench’s small world (bench/lib/bulk.ts: one class of 50 students, 5 comments and 5 notes each; the demo sandbox had no trainer)';
  }
  const chrome = await launchChromium(await freePort(...ports.chromium));
  try {
    const base = service.url;
    const session = await sandboxSession(base, trainer as string);
    const notes = (await (
      await fetch(`${base}/edu/v1/note/list`, { headers: { Authorization: `Bearer ${session.token}` } })
    ).json()) as { noteId: string }[];
    // A page with a parameter opens the trainer's first note, or the record of the first student they train.
    const roster = (await (
      await fetch(`${base}/edu/v1/trainer/roster`, { headers: { Authorization: `Bearer ${session.token}` } })
    ).json()) as { classes: { students: { userId: string }[] }[] };
    const params: Record<string, string | undefined> = {
      noteId: notes[0]?.noteId,
      userId: roster.classes.flatMap((c) => c.students)[0]?.userId,
    };
    const page = await chrome.context.newPage();
    const cdp = await chrome.context.newCDPSession(page);

    // One run first that counts for nothing: Chromium and the service warm up on it.
    await storeSession(page, base, await sandboxSession(base, trainer as string));
    await audit(`${base}/profile`, chrome.port, options.preset).catch(() => undefined);

    const rows: string[][] = [];
    const problems: string[] = [];
    const all: Scores[] = [];
    for (const route of readRoutes().pages) {
      let path = `/${route.path}`;
      if (path.includes(':')) {
        const name = /:(\w+)/.exec(path)?.[1] ?? '';
        const value = params[name];
        if (!value) continue;
        path = path.replace(/:\w+/, encodeURIComponent(value));
      }
      const runs: Scores[] = [];
      // (a page whose every run failed is reported under "What Lighthouse flagged")
      for (let run = 0; run < options.runs; run++) {
        // Signed in or out as the page needs, with a cold HTTP cache every run.
        if (route.signedIn) await storeSession(page, base, await sandboxSession(base, trainer as string));
        else {
          await page.goto(`${base}/config.json`);
          await page.evaluate(() => localStorage.clear());
        }
        await cdp.send('Network.clearBrowserCache');
        // Lighthouse now and then loses the trace (NO_NAVSTART and the like): try a page up to three times.
        let lhr: Awaited<ReturnType<typeof audit>> | undefined;
        let lastError = '';
        for (let attempt = 0; attempt < 3 && !lhr; attempt++) {
          try {
            lhr = await audit(base + path, chrome.port, options.preset);
          } catch (error) {
            lastError = error instanceof Error ? error.message : String(error);
          }
        }
        if (!lhr) {
          problems.push(`- \`${path}\` Lighthouse failed three times: ${lastError}`);
          continue;
        }
        const score = (id: string) => (lhr?.categories[id]?.score ?? Number.NaN) * 100;
        const found = lhr;
        const numeric = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
        const failing = Object.values(found.categories)
          .filter((category) => category.id !== 'performance')
          .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => found.audits[ref.id]))
          .filter((a) => a && a.score !== null && a.score < 1)
          .map((a) => `${a?.id}: ${a?.title}${detailsOf(a?.details)}`);
        const opportunities = Object.values(found.audits)
          .filter((a) => a.details?.type === 'opportunity' && a.score !== null && a.score < 0.9)
          .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcp: numeric('largest-contentful-paint'),
          tbt: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          problems: [...failing, ...opportunities],
        });
      }
      if (runs.length === 0) {
        rows.push([path, route.signedIn ? 'yes' : 'no', 'failed', '', '', '', '', '']);
        all.push({
          performance: 0,
          accessibility: 0,
          bestPractices: 0,
          lcp: Number.NaN,
          tbt: Number.NaN,
          cls: Number.NaN,
          problems: [],
        });
        continue;
      }
      const m = (pick: (r: Scores) => number) => median(runs.map(pick));
      const summary: Scores = {
        performance: m((r) => r.performance),
        accessibility: m((r) => r.accessibility),
        bestPractices: m((r) => r.bestPractices),
        lcp: m((r) => r.lcp),
        tbt: m((r) => r.tbt),
        cls: m((r) => r.cls),
        problems: [...new Set(runs.flatMap((r) => r.problems))],
      };
      all.push(summary);
      rows.push([
        path,
        route.signedIn ? 'yes' : 'no',
        int(summary.performance),
        int(summary.accessibility),
        int(summary.bestPractices),
        `${int(summary.lcp)} ms`,
        `${int(summary.tbt)} ms`,
        fixed(summary.cls, 3),
      ]);
      for (const problem of summary.problems) problems.push(`- \`${path}\` ${problem}`);
    }
    s.lines.push(
      `Lighthouse 12 with ${options.preset === 'desktop' ? 'its desktop preset (no CPU slowdown, simulated fast network)' : 'its default settings (mobile emulation, simulated slow 4G and 4× CPU slowdown)'}, Debian Chromium headless; the service started from \`server/main.ts\` on ${world}, serving the dashboard built in this run; median of ${options.runs} run(s) per page, each with a cold HTTP cache.`,
      '',
      table(['page', 'signed in', 'performance', 'accessibility', 'best practices', 'LCP', 'TBT', 'CLS'], rows),
      '',
      problems.length > 0 ? 'What Lighthouse flagged:' : 'Lighthouse flagged nothing.',
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
  } finally {
    await chrome.close();
    await service.stop();
  }
  return s;
}

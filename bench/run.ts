/**
 * `npm run bench [-- name ...] [--quick]`: runs the benchmarks named (all
 * when none is), writes `bench/results/report.md` (and `results.json`
 * beside it), and prints the report. See bench/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { boundBench } from './bound.ts';
import { bundleBench } from './bundle.ts';
import { classPageBench } from './class-page.ts';
import { growthBench } from './growth.ts';
import { removeBuilds, repoRoot } from './lib/build.ts';
import { type BulkSize, bulkSizes } from './lib/bulk.ts';
import { render, type Section } from './lib/report.ts';
import { loadBench } from './load.ts';
import { loggingBench } from './logging.ts';
import { longListBench } from './long-list.ts';
import { pagesBench } from './pages.ts';
import { peerBench } from './peer.ts';
import { readinessBench } from './readiness.ts';
import { revisionBench } from './revision.ts';
import { scaleBench } from './scale.ts';
import { searchBench } from './search.ts';
import { serviceBench } from './service.ts';
import { signinFloodBench } from './signin-flood.ts';
import { startupBench } from './startup.ts';
import { suggestionsBench } from './suggestions.ts';

interface Bench {
  readonly name: string;
  readonly about: string;
  readonly run: () => Promise<Section>;
}

/** `--quick`: fewer and shorter rounds and the smaller databases, to check that everything runs. */
const quick = process.argv.includes('--quick');
const flag = (name: string): string | undefined =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const number = (name: string, fallback: number): number => {
  const value = Number(flag(name) ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const size = (flag('size') ?? (quick ? '100k' : '1m')) as BulkSize;
if (!bulkSizes.includes(size)) throw new Error(`--size must be one of ${bulkSizes.join(', ')}`);
const rounds = number('rounds', quick ? 1 : 3);
const seconds = number('seconds', quick ? 2 : 3);

const benches: Bench[] = [
  {
    name: 'bundle',
    about: 'gzipped JS/CSS of each route and of the first page, as a ratio to the floor',
    run: bundleBench,
  },
  {
    name: 'bound',
    about: 'the least JS/CSS each signed-in page could need: one file of only its code, with and without zod',
    run: boundBench,
  },
  {
    name: 'pages',
    about: 'Lighthouse (performance, accessibility, best practices, LCP, TBT, CLS) of every page',
    run: async () =>
      pagesBench({
        runs: number('lighthouse-runs', 1),
        preset: flag('lighthouse-preset') === 'desktop' ? 'desktop' : 'mobile',
        ...(flag('base') ? { base: flag('base') as string } : {}),
        ...(flag('pages') ? { only: (flag('pages') as string).split(',') } : {}),
      }),
  },
  {
    name: 'list',
    about: 'a 10,000-comment list in Chromium: time to first rows, long tasks while scrolling',
    run: () =>
      longListBench({
        comments: number('list-comments', 10_000),
        runs: number('list-runs', quick ? 1 : 3),
        scrollSeconds: number('scroll-seconds', quick ? 3 : 8),
        ...(flag('base') ? { base: flag('base') as string } : {}),
      }),
  },
  {
    name: 'suggestions',
    about: 'a trainer with 5,000 earlier comments types one: keystroke to suggestion list in Chromium',
    run: () =>
      suggestionsBench({ entries: number('suggestion-entries', 5000), runs: number('suggestion-runs', quick ? 1 : 3) }),
  },
  {
    name: 'readiness',
    about:
      'a class of 50 students × 30 competencies in Chromium: answer to matrix painted (the real page through the dashboard, and a stand-alone page), a what-if change to painted',
    run: () =>
      readinessBench({
        students: number('readiness-students', 50),
        competencies: number('readiness-competencies', 30),
        runs: number('readiness-runs', quick ? 2 : 15),
        changes: number('readiness-changes', quick ? 6 : 12),
      }),
  },
  {
    name: 'service',
    about: 'five routes beside bare Node and their transport floor; latency at 1,000 req/s (1,000,000 comments)',
    run: () =>
      serviceBench({
        size,
        rounds,
        seconds,
        rate: number('rate', 1000),
        rateSeconds: number('rate-seconds', quick ? 3 : 10),
      }),
  },
  {
    name: 'peer',
    about: 'comments of one student, this service against json-server 0.17 on the same 10,000 rows',
    run: () => peerBench({ rounds, seconds }),
  },
  {
    name: 'growth',
    about:
      'comments read, notes list, search and the classes page at 10k, 100k and 1M rows, the sizes in turn: latency, start-up, RSS',
    run: () => growthBench({ sizes: quick ? ['10k', '100k'] : bulkSizes, rounds, seconds }),
  },
  {
    name: 'class-page',
    about:
      "the classes page's counts for a class of 100 to 100,000 entries: the extension's answer beside the lists read whole",
    run: () =>
      classPageBench({
        sizes: quick ? [100, 10_000] : [100, 1_000, 10_000, 100_000],
        rate: number('class-page-rate', 100),
        rounds: quick ? 2 : 3,
        rateSeconds: number('rate-seconds', quick ? 3 : 10),
      }),
  },
  {
    name: 'startup',
    about: 'start-up time and RSS of the service and plugin: tsx against the compiled bundle (npm start)',
    run: () => startupBench({ rounds: number('startup-rounds', quick ? 2 : 5), burstSeconds: quick ? 1 : 2 }),
  },
  {
    name: 'logging',
    about: 'reads with LOG_REQUESTS=1 (JSON lines to a file) beside LOG_REQUESTS=0: the cost of logging',
    run: () => loggingBench({ size, rounds, seconds }),
  },
  {
    name: 'scale',
    about: 'comments of one student at 1, 2 and all workers on SQLite and PostgreSQL; the PostgreSQL driver',
    run: () => scaleBench({ size, rounds, seconds }),
  },
  {
    name: 'search',
    about: 'search of two words over 1,000,000 comments and 1,000,000 notes on SQLite and PostgreSQL, beside its floor',
    run: () => searchBench({ size, rounds, seconds }),
  },
  {
    name: 'revision',
    about:
      "one student's comments, and adding a comment (50 connections, and paced): this checkout beside the revision --base=REV, same data, alternating rounds",
    run: () =>
      revisionBench({
        base: flag('base') ?? 'HEAD',
        comments: number('revision-comments', quick ? 100_000 : 1_000_000),
        rounds,
        seconds,
        rate: number('rate', 1000),
        rateSeconds: number('rate-seconds', quick ? 3 : 10),
      }),
  },
  {
    name: 'signin',
    about: 'a real sign-in while 64 wrong ones are in flight (from few addresses, from many): time to an answer',
    run: () => signinFloodBench({ inFlight: number('flood', 64), signins: number('signins', quick ? 4 : 10) }),
  },
  {
    name: 'load',
    about: '1,000 connections for 15 s on a read and a write route: timeouts, resets, statuses, memory',
    run: () =>
      loadBench({ size, connections: number('connections', 1000), seconds: number('load-seconds', quick ? 5 : 15) }),
  },
];

function usage(): string {
  return [
    'usage: npm run bench -- [name ...]',
    '',
    ...benches.map((b) => `  ${b.name.padEnd(8)} ${b.about}`),
    '',
    'With no name every benchmark runs. The report goes to bench/results/report.md.',
    '',
    'options: --quick (short rounds, smaller databases), --size=10k|100k|1m (service and load database),',
    '         --rounds=N --seconds=N (autocannon), --rate=N --rate-seconds=N (service at a fixed rate),',
    '         --lighthouse-runs=N, --lighthouse-preset=mobile|desktop, --pages=/comments,/students (pages: only these),',
    '         --list-runs=N, --list-comments=N, --scroll-seconds=N,',
    '         --suggestion-entries=N, --suggestion-runs=N (suggestions),',
    '         --readiness-runs=N, --readiness-changes=N, --readiness-students=N, --readiness-competencies=N,',
    '         --connections=N --load-seconds=N (load), --startup-rounds=N (startup), --flood=N --signins=N (signin),',
    '         --base=REV --revision-comments=N (revision; pages and list measure REV beside this checkout too)',
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage());
    return;
  }
  const names = args.filter((arg) => !arg.startsWith('-'));
  const unknown = names.filter((name) => !benches.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(`unknown benchmark: ${unknown.join(', ')}\n\n${usage()}`);
    process.exit(2);
  }
  const chosen = names.length === 0 ? benches : benches.filter((b) => names.includes(b.name));
  const sections: Section[] = [];
  const started = Date.now();
  const startLoad = loadavg()[0] ?? 0;
  for (const bench of chosen) {
    const t0 = Date.now();
    console.error(`[bench] ${bench.name} …`);
    try {
      sections.push(await bench.run());
    } catch (error) {
      const failed: Section = { title: bench.name, lines: [], targets: [] };
      failed.lines.push(
        'The benchmark failed:',
        '',
        '```',
        error instanceof Error ? (error.stack ?? error.message) : String(error),
        '```',
      );
      failed.targets.push({ name: 'ran', met: false, detail: 'failed, see its section' });
      sections.push(failed);
      console.error(error);
    }
    console.error(`[bench] ${bench.name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  removeBuilds();
  const meta = [
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; benchmarks: ${chosen.map((b) => b.name).join(', ')}; ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
    `Load average (1 min) at the start ${startLoad.toFixed(2)}, at the end ${loadavg()[0]?.toFixed(2)}${startLoad > 0.7 * cpus().length ? ' — **the machine was busy with other work: absolute figures are low and noisy; the side-by-side ratios less so**' : ''}.`,
  ];
  const report = render(sections, meta);
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'report.md'), report);
  writeFileSync(join(dir, 'results.json'), `${JSON.stringify(sections, null, 2)}\n`);
  console.log(report);
  console.error(`[bench] report written to bench/results/report.md`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

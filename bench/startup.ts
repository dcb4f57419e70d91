/**
 * Start-up and memory, before and after the compiled start: the service and
 * the sample plugin as TypeScript through tsx (`node --import tsx …`, how
 * `npm start` ran them before) against the bundles esbuild makes for
 * `npm start` (`node build/main.js`, `node build/plugin.js`), in alternating
 * rounds on the same machine. Start-up is spawn to the first answered
 * request; RSS is read right after it and, for the service, again after a
 * short burst of reads (what a worker holds once it has served).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BulkFacts } from '../testkit/bulk-data.ts';
import { freePort, startChild } from '../testkit/child-service.ts';
import { repoRoot } from './lib/build.ts';
import { benchTargets, bulkDatabase } from './lib/bulk.ts';
import { cannon } from './lib/cannon.ts';
import { removeDatabase, tempDatabase } from './lib/dataset.ts';
import { ports } from './lib/ports.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, int, median } from './lib/stats.ts';

export interface StartupOptions {
  readonly rounds: number;
  /** Seconds of reads before the second RSS reading. */
  readonly burstSeconds: number;
}

interface Sample {
  startupMs: number;
  rssStartMb: number;
  rssServedMb?: number;
}

type Kind = 'tsx' | 'bundle';

/** Bundles into a folder inside the repo, so they find node_modules as build/ does. */
function buildBundles(): string {
  const outdir = join(repoRoot, 'node_modules', '.cache', `bench-build-${process.pid}`);
  const built = spawnSync(process.execPath, ['scripts/build-service.mjs', '--outdir', outdir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the build failed: ${built.stderr}`);
  return outdir;
}

const programs = (outdir: string) =>
  ({
    service: {
      tsx: ['--import', 'tsx', 'server/main.ts'],
      bundle: [join(outdir, 'main.js')],
    },
    plugin: {
      tsx: ['--import', 'tsx', 'plugin/main.ts'],
      bundle: [join(outdir, 'plugin.js')],
    },
  }) as const;

const mbOf = (bytes: number) => bytes / 1024 / 1024;

async function serviceSample(args: readonly string[], facts: BulkFacts, burstSeconds: number): Promise<Sample> {
  const database = tempDatabase('startup');
  copyFileSync(facts.file, database);
  const port = await freePort(...ports.service);
  const child = await startChild(args, {
    port,
    readyPath: '/edu/v1/ready-probe',
    readyTimeoutMs: 60_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATABASE: database, PLATFORM_ENV: 'sandbox' },
  });
  try {
    const rssStartMb = mbOf(child.rss());
    const targets = await benchTargets(child.url, { ...facts, file: database });
    await cannon(child.url, targets.commentsByStudent, 10, burstSeconds);
    await cannon(child.url, targets.myProfile, 10, burstSeconds);
    return { startupMs: child.startupMs, rssStartMb, rssServedMb: mbOf(child.rss()) };
  } finally {
    await child.stop();
    removeDatabase(database);
  }
}

async function pluginSample(args: readonly string[]): Promise<Sample> {
  const port = await freePort(...ports.serviceSecond);
  const child = await startChild(args, {
    port,
    readyPath: '/health',
    env: { PLUGIN_PORT: String(port), PLUGIN_HOST: '127.0.0.1', PLATFORM_URL: 'http://127.0.0.1:9' },
  });
  try {
    return { startupMs: child.startupMs, rssStartMb: mbOf(child.rss()) };
  } finally {
    await child.stop();
  }
}

const med = (samples: Sample[], pick: (s: Sample) => number | undefined) =>
  median(samples.map(pick).filter((v): v is number => v !== undefined));

export async function startupBench(options: StartupOptions): Promise<Section> {
  const s = section('Start-up and memory: tsx against the compiled bundle');
  const outdir = buildBundles();
  const facts = await bulkDatabase('10k');
  const runs = programs(outdir);
  const samples: Record<'service' | 'plugin', Record<Kind, Sample[]>> = {
    service: { tsx: [], bundle: [] },
    plugin: { tsx: [], bundle: [] },
  };
  try {
    // Warm the file cache once for both, so the first round is not the one that reads node_modules from disk.
    await serviceSample(runs.service.tsx, facts, 0.5);
    await serviceSample(runs.service.bundle, facts, 0.5);
    for (let round = 0; round < options.rounds; round++) {
      console.error(`[bench]   startup: round ${round + 1} of ${options.rounds}`);
      for (const kind of ['tsx', 'bundle'] as const) {
        samples.service[kind].push(await serviceSample(runs.service[kind], facts, options.burstSeconds));
        samples.plugin[kind].push(await pluginSample(runs.plugin[kind]));
      }
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
  const rows: string[][] = [];
  for (const program of ['service', 'plugin'] as const) {
    const before = samples[program].tsx;
    const after = samples[program].bundle;
    const startBefore = med(before, (x) => x.startupMs);
    const startAfter = med(after, (x) => x.startupMs);
    const rssBefore = med(before, (x) => x.rssStartMb);
    const rssAfter = med(after, (x) => x.rssStartMb);
    rows.push([
      program,
      `${int(startBefore)} ms`,
      `${int(startAfter)} ms`,
      `${fixed(startAfter / startBefore, 2)}×`,
      `${int(rssBefore)} MB`,
      `${int(rssAfter)} MB`,
      `${int(rssBefore - rssAfter)} MB`,
      program === 'service'
        ? `${int(med(before, (x) => x.rssServedMb))} → ${int(med(after, (x) => x.rssServedMb))} MB`
        : '—',
    ]);
    target(
      s,
      `${program}: the bundle starts faster than tsx`,
      startAfter < startBefore,
      `${int(startAfter)} ms vs ${int(startBefore)} ms`,
    );
    target(
      s,
      `${program}: the bundle uses less memory than tsx`,
      rssAfter < rssBefore,
      `${int(rssAfter)} MB vs ${int(rssBefore)} MB`,
    );
  }
  s.lines.push(
    `Medians of ${options.rounds} alternating rounds. "tsx" is \`node --import tsx server/main.ts\` (and \`plugin/main.ts\`), how \`npm start\` ran them before; "bundle" is \`node build/main.js\` (and \`build/plugin.js\`) made by \`scripts/build-service.mjs\` (esbuild, packages external), what \`npm start\` runs now. The service opens a copy of the 10k bulk database (${int(facts.comments)} comments, already seeded); start-up is spawn to the first answered request; RSS right after it, and after ${options.burstSeconds} s each of two reads (10 connections). The plugin's first answer is its /health.`,
    '',
    table(
      [
        'program',
        'start-up, tsx',
        'start-up, bundle',
        'bundle ÷ tsx',
        'RSS at start, tsx',
        'RSS at start, bundle',
        'saved per process',
        'RSS after reads, tsx → bundle',
      ],
      rows,
    ),
  );
  return s;
}

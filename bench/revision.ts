/**
 * This checkout beside another git revision of the service, on the same data:
 * one student's comments, alternating rounds with bare Node. The other
 * revision is checked out into a temp worktree (sharing this node_modules),
 * makes the database with its own seed CLI, and this checkout serves a copy
 * of that file (migrating it forward). Measured with the answer cache off
 * (the data layer itself) and on.
 *
 * `npm run bench -- revision --base=REV` (e.g. the commit before a change).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BulkFacts, bulkFacts } from '../testkit/bulk-data.ts';
import { type ChildService, freePort, repoRoot, startChild } from '../testkit/child-service.ts';
import { addCommentSpec, BENCH_APP } from './lib/bulk.ts';
import { cannon, type LoadSpec, type Measure } from './lib/cannon.ts';
import { mainThreadCpuMs, pacedAtRate, type RateMeasure, statusText } from './lib/paced.ts';
import { ports } from './lib/ports.ts';
import { type Section, section, table } from './lib/report.ts';
import { fixed, int, median } from './lib/stats.ts';
import { CONNECTIONS, startBareNode } from './service.ts';

export interface RevisionOptions {
  readonly base: string;
  readonly comments: number;
  readonly rounds: number;
  readonly seconds: number;
  /** Adding a comment paced at this many a second (open loop), for `rateSeconds`, once a round. */
  readonly rate: number;
  readonly rateSeconds: number;
}

async function serve(cwd: string, database: string, env: Record<string, string> = {}): Promise<ChildService> {
  const port = await freePort(...ports.service);
  return startChild(['--import', 'tsx', 'server/main.ts'], {
    cwd,
    port,
    readyPath: '/sandbox/v1/users',
    readyTimeoutMs: 120_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATABASE: database, PLATFORM_ENV: 'sandbox', ...env },
  });
}

/** Signs the student's trainer in and names the read and the write. */
async function requestsAbout(base: string, facts: BulkFacts): Promise<{ read: LoadSpec; write: LoadSpec }> {
  const response = await fetch(`${base}/sandbox/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: facts.trainerId, clientId: BENCH_APP }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return {
    read: {
      path: `/edu/v1/student/comment?studentId=${facts.studentId}`,
      headers: { Authorization: `Bearer ${token}` },
    },
    write: addCommentSpec(token, facts, facts.studentId),
  };
}

export async function revisionBench(options: RevisionOptions): Promise<Section> {
  const s = section(`This checkout beside ${options.base}`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-revision-'));
  const tree = join(dir, 'tree');
  const services: { name: string; service: ChildService; spec?: LoadSpec; write?: LoadSpec; runs: Measure[] }[] = [];
  const bare = await startBareNode();
  execFileSync('git', ['worktree', 'add', '--detach', tree, options.base], { cwd: repoRoot, stdio: 'ignore' });
  try {
    symlinkSync(join(repoRoot, 'node_modules'), join(tree, 'node_modules'));
    const database = join(dir, 'base.sqlite');
    console.error(`[bench]   revision: ${options.base} seeds ${int(options.comments)} comments …`);
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        existsSync(join(tree, 'sandbox/cli.ts')) ? 'sandbox/cli.ts' : 'server/seed/cli.ts',
        '--database',
        database,
        '--students',
        String(Math.round(options.comments / 50)),
        '--comments',
        String(options.comments),
      ],
      { cwd: tree, stdio: 'ignore' },
    );
    const copy = join(dir, 'this.sqlite');
    copyFileSync(database, copy);
    const facts = await bulkFacts({ file: copy });

    services.push({ name: `${options.base} (before)`, service: await serve(tree, database), runs: [] });
    services.push({
      name: 'this checkout, answers not kept',
      service: await serve(repoRoot, copy, { ANSWER_CACHE_MB: '0' }),
      runs: [],
    });
    services.push({ name: 'this checkout, answers kept', service: await serve(repoRoot, copy), runs: [] });
    for (const entry of services) {
      const requests = await requestsAbout(entry.service.url, facts);
      entry.spec = requests.read;
      entry.write = requests.write;
      await cannon(entry.service.url, entry.spec, CONNECTIONS, 1);
    }
    const bareRuns: Measure[] = [];
    for (let round = 0; round < options.rounds; round++) {
      bareRuns.push(await cannon(bare.url, { path: '/' }, CONNECTIONS, options.seconds));
      for (const entry of services) {
        console.error(`[bench]   revision: round ${round + 1}, ${entry.name}`);
        entry.runs.push(await cannon(entry.service.url, entry.spec as LoadSpec, CONNECTIONS, options.seconds));
      }
    }
    const base = median(services[0]?.runs.map((r) => r.rps) ?? []);

    // Adding a comment through each revision: the one without kept answers stops first, as it serves the same file.
    await services[1]?.service.stop();
    const writers = [services[0], services[2]].flatMap((entry) => (entry ? [entry] : []));
    const writes: { name: string; pid: number; url: string; spec: LoadSpec; runs: Measure[] }[] = [];
    for (const entry of writers) {
      const spec = entry.write as LoadSpec;
      await cannon(entry.service.url, spec, CONNECTIONS, 1);
      writes.push({ name: entry.name, pid: entry.service.pid, url: entry.service.url, spec, runs: [] });
    }
    const paced = new Map<string, { m: RateMeasure; cpuPerWrite: number }[]>();
    for (let round = 0; round < options.rounds; round++) {
      // Alternating which goes first, as the machine is shared.
      for (const entry of round % 2 === 0 ? writes : [...writes].reverse()) {
        console.error(`[bench]   revision: round ${round + 1}, adding a comment, ${entry.name}`);
        entry.runs.push(await cannon(entry.url, entry.spec, CONNECTIONS, options.seconds));
        const cpu = mainThreadCpuMs(entry.pid);
        const m = await pacedAtRate(entry.url, entry.spec, options.rate, options.rateSeconds);
        const cpuPerWrite = ((mainThreadCpuMs(entry.pid) - cpu) * 1000) / m.requests;
        paced.set(entry.name, [...(paced.get(entry.name) ?? []), { m, cpuPerWrite }]);
      }
    }
    const writeBase = median(writes[0]?.runs.map((r) => r.rps) ?? []);
    const perRound = (entry: (typeof writes)[number]) =>
      `${entry.name}: ${entry.runs.map((r) => int(r.rps)).join(', ')} req/s; ${(paced.get(entry.name) ?? []).map((p) => int(p.cpuPerWrite)).join(', ')} µs a paced write`;
    const cpuBase = median(paced.get(writes[0]?.name ?? '')?.map((p) => p.cpuPerWrite) ?? []);
    s.lines.push(
      `One student's comments (~50 rows) on a SQLite database of ${int(options.comments)} comments made by ${options.base}'s seed CLI; autocannon, ${CONNECTIONS} connections, ${options.rounds} alternating rounds of ${options.seconds} s, medians. Bare Node: ${int(median(bareRuns.map((r) => r.rps)))} req/s.`,
      '',
      table(
        ['service', 'req/s', 'p50', 'p99', `vs ${options.base}`, 'errors + non-2xx'],
        services.map((entry) => [
          entry.name,
          int(median(entry.runs.map((r) => r.rps))),
          `${fixed(median(entry.runs.map((r) => r.p50)), 0)} ms`,
          `${fixed(median(entry.runs.map((r) => r.p99)), 0)} ms`,
          `${fixed(median(entry.runs.map((r) => r.rps)) / base, 2)}×`,
          String(entry.runs.reduce((n, r) => n + r.errors + r.non2xx, 0)),
        ]),
      ),
      '',
      `Adding a comment about that student, through ${options.base} and through this checkout (answers kept): autocannon, ${CONNECTIONS} connections, ${options.rounds} rounds of ${options.seconds} s; and after each, ${int(options.rate)} a second paced (open loop, \`bench/lib/paced.ts\`) for ${options.rateSeconds} s, with the main thread's CPU time per write over that run (\`/proc\`: what a write costs the event loop, the figure the paced latency follows and the least moved by the machine's noise). The two alternate which goes first; medians over the rounds.`,
      '',
      table(
        [
          'service',
          `req/s at ${CONNECTIONS}`,
          `vs ${options.base}`,
          `paced ${int(options.rate)}/s: main thread per write`,
          `vs ${options.base}`,
          'paced p50',
          'paced p99',
          'answers',
        ],
        writes.map((entry) => {
          const runs = paced.get(entry.name) ?? [];
          const cpu = median(runs.map((p) => p.cpuPerWrite));
          const statuses: Record<string, number> = {};
          for (const run of runs)
            for (const [code, n] of Object.entries(run.m.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
          const rps = median(entry.runs.map((r) => r.rps));
          return [
            entry.name,
            int(rps),
            `${fixed(rps / writeBase, 2)}×`,
            `${int(cpu)} µs`,
            `${fixed(cpu / cpuBase, 2)}×`,
            `${fixed(median(runs.map((p) => p.m.p50)), 1)} ms`,
            `${fixed(median(runs.map((p) => p.m.p99)), 1)} ms`,
            `${statusText(statuses)}; ${int(entry.runs.reduce((n, r) => n + r.errors + r.non2xx, 0))} errors + non-2xx back to back`,
          ];
        }),
      ),
      '',
      `Round by round: ${writes.map(perRound).join('; ')}.`,
    );
  } finally {
    for (const entry of services) await entry.service.stop();
    await bare.stop();
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: repoRoot, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
  return s;
}

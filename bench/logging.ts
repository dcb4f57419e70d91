/**
 * What logging costs reads, measured two ways:
 *
 * - over HTTP: two services on copies of the same database, one with
 *   LOG_REQUESTS=0 and one with LOG_REQUESTS=1 writing its JSON lines to a
 *   file (as a log pipeline would read them), in alternating autocannon
 *   rounds. Target: logging on keeps at least 90% of the req/s.
 * - in process: the same app built twice on one database, logging off and on
 *   (to a file, asynchronously), called through `app.fetch` in alternating
 *   batches, so both meet the same machine within milliseconds. This is the
 *   steadier figure when the machine is busy with other work.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startChildService } from '../testkit/child-service.ts';
import { appsOnFile, type Fetch } from '../testkit/in-process.ts';
import { type BulkSize, benchTargets, bulkDatabase } from './lib/bulk.ts';
import { cannon, type LoadSpec, type Measure } from './lib/cannon.ts';
import { removeDatabase, tempDatabase } from './lib/dataset.ts';
import { ports } from './lib/ports.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, inTurn, int, median, roundRatios } from './lib/stats.ts';
import { CONNECTIONS } from './service.ts';

export interface LoggingOptions {
  readonly size: BulkSize;
  readonly rounds: number;
  readonly seconds: number;
}

export async function loggingBench(options: LoggingOptions): Promise<Section> {
  const s = section('Logging: each request logged against none');
  const facts = await bulkDatabase(options.size);
  const logDir = mkdtempSync(join(tmpdir(), 'bench-logging-'));
  const logFile = join(logDir, 'service.log');
  const start = async (logRequests: boolean) => {
    const database = tempDatabase(logRequests ? 'logging-on' : 'logging-off');
    copyFileSync(facts.file, database);
    const service = await startChildService({
      database,
      port: logRequests ? await freePort(...ports.serviceSecond) : await freePort(...ports.service),
      readyTimeoutMs: 120_000,
      env: { LOG_REQUESTS: logRequests ? '1' : '0' },
      ...(logRequests ? { stdoutFile: logFile } : {}),
    });
    return { service, database };
  };
  const off = await start(false);
  const on = await start(true);
  try {
    const offTargets = await benchTargets(off.service.url, facts);
    const onTargets = await benchTargets(on.service.url, facts);
    const routes: { name: string; pick: (t: typeof offTargets) => LoadSpec }[] = [
      { name: `comments of one student (${offTargets.studentComments} rows)`, pick: (t) => t.commentsByStudent },
      { name: 'my profile', pick: (t) => t.myProfile },
      { name: `plugin record-data of one org (${offTargets.recordRows} rows)`, pick: (t) => t.recordData },
    ];
    const rows: string[][] = [];
    for (const route of routes) {
      console.error(`[bench]   logging: ${route.name}`);
      const offSpec = route.pick(offTargets);
      const onSpec = route.pick(onTargets);
      await cannon(off.service.url, offSpec, CONNECTIONS, 1);
      await cannon(on.service.url, onSpec, CONNECTIONS, 1);
      const offRuns: Measure[] = [];
      const onRuns: Measure[] = [];
      for (let round = 0; round < options.rounds; round++) {
        // Alternate which goes first, so neither always meets the machine warmer.
        for (const measure of inTurn(round, [
          async () => offRuns.push(await cannon(off.service.url, offSpec, CONNECTIONS, options.seconds)),
          async () => onRuns.push(await cannon(on.service.url, onSpec, CONNECTIONS, options.seconds)),
        ]))
          await measure();
      }
      const ratio = median(roundRatios(onRuns, offRuns));
      const offRps = median(offRuns.map((r) => r.rps));
      const onRps = median(onRuns.map((r) => r.rps));
      rows.push([
        route.name,
        int(offRps),
        int(onRps),
        `${fixed(median(offRuns.map((r) => r.p99)), 0)} → ${fixed(median(onRuns.map((r) => r.p99)), 0)} ms`,
        `${fixed(ratio * 100, 0)}%`,
      ]);
      target(
        s,
        `${route.name}: logging on keeps ≥ 90% of the req/s`,
        ratio >= 0.9,
        `${fixed(ratio * 100, 0)}% (${int(onRps)} vs ${int(offRps)} req/s)`,
      );
    }
    rows.push(...(await inProcess(facts, join(logDir, 'in-process.log'), s)));
    const lines = statSync(logFile).size;
    s.lines.push(
      `Two services on copies of the ${options.size} database (${int(facts.comments)} comments), both running during the whole benchmark: LOG_REQUESTS=0, and LOG_REQUESTS=1 with stdout to a file (pino, asynchronous writes). autocannon, ${CONNECTIONS} connections, ${options.rounds} rounds of ${options.seconds} s per route, the order alternating each round; the ratio is the median of on ÷ off per round. The log file held ${int(lines / 1024 / 1024)} MB at the end.`,
      '',
      table(['read', 'req/s, logging off', 'req/s, logging on', 'p99 off → on', 'on ÷ off'], rows),
      '',
      `Rows marked "in process": one database, the app built twice (logging off; logging on to a file through pino's asynchronous destination), ${IN_PROCESS_ROUNDS} rounds of ${BATCH} sequential \`app.fetch\` calls each, alternating; the figure is this process's CPU time (user + system, its threads included, so the log writes count) per request, medians; the ratio is requests per CPU-second, on ÷ off. CPU time is far less disturbed than req/s by other work on the machine.`,
    );
  } finally {
    await off.service.stop();
    await on.service.stop();
    removeDatabase(off.database);
    removeDatabase(on.database);
    rmSync(logDir, { recursive: true, force: true });
  }
  return s;
}

const IN_PROCESS_ROUNDS = 15;
const BATCH = 400;

/** The same reads through app.fetch, logging off and on, in alternating batches. */
async function inProcess(facts: Awaited<ReturnType<typeof bulkDatabase>>, logFile: string, s: Section) {
  const database = tempDatabase('logging-in-process');
  copyFileSync(facts.file, database);
  const apps = await appsOnFile(database);
  try {
    const off = apps.app({ LOG_REQUESTS: '0' });
    const on = apps.app({ LOG_REQUESTS: '1' }, logFile);
    const base = 'http://127.0.0.1';
    const signIn = await off(
      new Request(`${base}/sandbox/v1/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userId: facts.trainerId, clientId: 'sandbox-trainer-dashboard' }),
      }),
    );
    const { token } = (await signIn.json()) as { token: string };
    const reads = [
      { name: 'comments of one student', path: `/edu/v1/student/comment?studentId=${facts.studentId}` },
      { name: 'my profile', path: '/user/v1/my/profile' },
    ];
    const rows: string[][] = [];
    for (const read of reads) {
      /** CPU time of this process (threads included, so the log writes count) per request, in µs. */
      const batch = async (app: Fetch) => {
        const before = process.cpuUsage();
        for (let i = 0; i < BATCH; i++) {
          const response = await app(new Request(base + read.path, { headers: { Authorization: `Bearer ${token}` } }));
          if (response.status !== 200) throw new Error(`${read.path}: ${response.status}`);
          await response.arrayBuffer();
        }
        const used = process.cpuUsage(before);
        return (used.user + used.system) / BATCH;
      };
      await batch(off);
      await batch(on);
      const offCpu: number[] = [];
      const onCpu: number[] = [];
      for (let round = 0; round < IN_PROCESS_ROUNDS; round++) {
        for (const measure of inTurn(round, [
          async () => offCpu.push(await batch(off)),
          async () => onCpu.push(await batch(on)),
        ]))
          await measure();
      }
      // Requests per CPU-second, on ÷ off: what logging leaves of the service's capacity.
      const ratio = median(offCpu) / median(onCpu);
      rows.push([
        `${read.name}, in process (CPU per request)`,
        `${fixed(median(offCpu), 0)} µs`,
        `${fixed(median(onCpu), 0)} µs`,
        '—',
        `${fixed(ratio * 100, 0)}%`,
      ]);
      target(
        s,
        `${read.name}, in process: logging on keeps ≥ 90% of the requests per CPU-second`,
        ratio >= 0.9,
        `${fixed(ratio * 100, 0)}% (${fixed(median(onCpu), 0)} vs ${fixed(median(offCpu), 0)} µs of CPU per request)`,
      );
    }
    return rows;
  } finally {
    await apps.close();
    removeDatabase(database);
  }
}

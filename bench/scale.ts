/**
 * Scale-out: one student's comments at 1, 2 and all workers, on SQLite and on
 * PostgreSQL, every configuration running at once and measured in the same
 * rounds beside bare Node, so the figures are side by side. Also the
 * PostgreSQL driver: the same read through postgres.js (the service's
 * driver) and node-postgres (`pg`, Kysely's stock dialect), alternating.
 */
import { copyFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type BulkFacts, bulkFacts, createPostgresDatabase, generateDatabase } from '../testkit/bulk-data.ts';
import { type ChildService, freePort, startChildService } from '../testkit/child-service.ts';
import { commentReadsOnPostgres } from '../testkit/comment-reads.ts';
import { startPostgres } from '../testkit/postgres-server.ts';
import { type BulkSize, benchTargets, bulkDatabase, bulkRowsOf } from './lib/bulk.ts';
import { cannon, type LoadSpec, type Measure } from './lib/cannon.ts';
import { removeDatabase, tempDatabase } from './lib/dataset.ts';
import { ports } from './lib/ports.ts';
import { type Section, section, table } from './lib/report.ts';
import { fixed, int, median } from './lib/stats.ts';
import { CONNECTIONS, startBareNode } from './service.ts';

export interface ScaleOptions {
  readonly size: BulkSize;
  readonly rounds: number;
  readonly seconds: number;
}

interface Config {
  readonly engine: 'sqlite' | 'postgres';
  readonly workers: number;
  readonly service: ChildService;
  readonly spec: LoadSpec;
  readonly runs: Measure[];
  readonly ratios: number[];
}

export async function scaleBench(options: ScaleOptions): Promise<Section> {
  const s = section('Scale-out: workers and engines');
  const cores = availableParallelism();
  const workerCounts = [...new Set([1, 2, cores])];
  const bare = await startBareNode();
  const configs: Config[] = [];
  const server = await startPostgres();
  const copy = tempDatabase('scale');
  try {
    // SQLite: one copy of the cached bulk file, shared by every SQLite configuration (the read does not write).
    const sqliteFacts = await bulkDatabase(options.size);
    copyFileSync(sqliteFacts.file, copy);

    // PostgreSQL: the same generator writes the same rows.
    console.error(`[bench]   scale: generating the ${options.size} database on PostgreSQL …`);
    const started = performance.now();
    const url = await createPostgresDatabase(server, 'bench');
    await generateDatabase({ url }, bulkRowsOf(options.size));
    const pgFacts = await bulkFacts({ url });
    console.error(`[bench]   … in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    for (const engine of ['sqlite', 'postgres'] as const) {
      for (const workers of workerCounts) {
        const env: Record<string, string> = engine === 'sqlite' ? { DATABASE: copy } : { DATABASE_URL: url };
        const service = await startChildService({
          port: await freePort(...ports.service),
          readyTimeoutMs: 120_000,
          env: { ...env, WORKERS: String(workers) },
        });
        const facts = engine === 'sqlite' ? sqliteFacts : pgFacts;
        const targets = await benchTargets(service.url, facts);
        configs.push({ engine, workers, service, spec: targets.commentsByStudent, runs: [], ratios: [] });
      }
    }

    // Warm-up, then rounds: bare Node, then every configuration, in the same round.
    for (const config of configs) await cannon(config.service.url, config.spec, CONNECTIONS, 1);
    const bareRuns: Measure[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const b = await cannon(bare.url, { path: '/' }, CONNECTIONS, options.seconds);
      bareRuns.push(b);
      for (const config of configs) {
        console.error(`[bench]   scale: round ${round + 1}, ${config.engine} × ${config.workers}`);
        const m = await cannon(config.service.url, config.spec, CONNECTIONS, options.seconds);
        config.runs.push(m);
        config.ratios.push(m.rps / b.rps);
      }
    }

    const rps = (config: Config) => median(config.runs.map((r) => r.rps));
    const one = (engine: Config['engine']) => configs.find((c) => c.engine === engine && c.workers === 1);
    const rows = configs.map((config) => {
      const base = one(config.engine);
      return [
        config.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL',
        String(config.workers),
        int(rps(config)),
        `${fixed(median(config.runs.map((r) => r.p50)), 0)} ms`,
        `${fixed(median(config.runs.map((r) => r.p99)), 0)} ms`,
        base ? `${fixed(rps(config) / rps(base), 2)}×` : '–',
        `${fixed(median(config.ratios) * 100, 0)}%`,
        String(config.runs.reduce((n, r) => n + r.errors + r.non2xx, 0)),
      ];
    });
    const sqliteOne = one('sqlite');
    const pgOne = one('postgres');
    s.lines.push(
      `One student's comments (${pgFacts.comments.toLocaleString('en-US')} comments in the database, the same generator on both engines), autocannon with ${CONNECTIONS} connections, ${options.rounds} rounds of ${options.seconds} s. Every configuration runs at once (the SQLite ones share one copy of the file; the PostgreSQL ones one database on a throwaway local server with default settings) and each round measures bare Node and then every configuration, so the ratios are side by side. ${cores} cores: the load generator, the server processes and PostgreSQL share them, so more workers than cores cannot help here.`,
      '',
      table(['engine', 'workers', 'req/s', 'p50', 'p99', 'vs 1 worker', 'vs bare Node', 'errors + non-2xx'], rows),
      '',
      sqliteOne && pgOne
        ? `Engines side by side on one worker: PostgreSQL answers ${fixed(rps(pgOne) / rps(sqliteOne), 2)}× the req/s of SQLite (${int(rps(pgOne))} vs ${int(rps(sqliteOne))}).`
        : '',
      `Bare Node: ${int(median(bareRuns.map((r) => r.rps)))} req/s.`,
      '',
    );
    s.lines.push(...(await driverComparison(url, pgFacts, options)));
  } finally {
    for (const config of configs) await config.service.stop();
    await bare.stop();
    server.stop();
    removeDatabase(copy);
  }
  return s;
}

/**
 * The comments read through Kysely on postgres.js (our dialect: prepared
 * statements, a pool) and on node-postgres (Kysely's stock PostgresDialect, a
 * pg.Pool of the same size), 16 reads in flight, alternating rounds.
 */
async function driverComparison(url: string, facts: BulkFacts, options: ScaleOptions): Promise<string[]> {
  const reads = await commentReadsOnPostgres(url, 10, facts);
  const measure = async (read: () => Promise<number>): Promise<number> => {
    let done = 0;
    const until = performance.now() + options.seconds * 1000;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (performance.now() < until) {
          await read();
          done++;
        }
      }),
    );
    return done / options.seconds;
  };
  try {
    const rows = await reads.service();
    if ((await reads.nodePostgres()) !== rows) throw new Error('the two drivers read different rows');
    await measure(reads.service);
    await measure(reads.nodePostgres);
    const postgresJs: number[] = [];
    const nodePostgres: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      postgresJs.push(await measure(reads.service));
      nodePostgres.push(await measure(reads.nodePostgres));
    }
    const a = median(postgresJs);
    const b = median(nodePostgres);
    return [
      '### PostgreSQL driver',
      '',
      `The comments read (${rows} rows: the list query and the people's summaries) through the repository, 16 in flight, in the bench process, ${options.rounds} alternating rounds of ${options.seconds} s:`,
      '',
      table(
        ['driver', 'reads/s', 'vs node-postgres'],
        [
          ['postgres.js 3.4 (the service: prepared statements, pool of 10)', int(a), `${fixed(a / b, 2)}×`],
          ["node-postgres 8 (Kysely's stock dialect, pool of 10)", int(b), '1.00×'],
        ],
      ),
    ];
  } finally {
    await reads.close();
  }
}

/**
 * Service throughput and latency: autocannon (50 connections) against the
 * service running as its own process on a database of 1,000,000 comments,
 * each route beside a bare node:http hello-world measured in the same
 * rounds. Reports req/s, p50, p99 and the ratio to bare Node.
 */
import { freePort, startChild } from '../server/hardening/child-service.ts';
import { type BulkSize, benchTargets, startBulkService } from './lib/bulk.ts';
import { type LoadSpec, sideBySide } from './lib/cannon.ts';
import { ports } from './lib/ports.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, int } from './lib/stats.ts';

export interface ServiceOptions {
  readonly size: BulkSize;
  readonly rounds: number;
  readonly seconds: number;
}

export const CONNECTIONS = 50;

/** bench/servers/hello.mjs in its own process. */
export async function startBareNode() {
  const port = await freePort(...ports.bare);
  return startChild(['bench/servers/hello.mjs'], { port, env: { PORT: String(port) }, readyPath: '/' });
}

export async function serviceBench(options: ServiceOptions): Promise<Section> {
  const s = section('Service throughput and latency');
  const bare = await startBareNode();
  const service = await startBulkService(options.size);
  try {
    const t = await benchTargets(service.url, service.facts);
    const routes: { name: string; read: boolean; spec: LoadSpec }[] = [
      { name: `comments of one student (${t.studentComments} rows)`, read: true, spec: t.commentsByStudent },
      { name: 'add a comment', read: false, spec: t.addComment },
      { name: `list notes of one student (${t.studentNotes} rows)`, read: true, spec: t.notesOfStudent },
      { name: 'my profile', read: true, spec: t.myProfile },
      { name: `plugin record-data of one org (${t.recordRows} rows)`, read: true, spec: t.recordData },
    ];
    const rows: string[][] = [];
    for (const route of routes) {
      console.error(`[bench]   service: ${route.name}`);
      const result = await sideBySide(bare.url, service.url, route.spec, {
        rounds: options.rounds,
        seconds: options.seconds,
        connections: CONNECTIONS,
      });
      const m = result.target;
      rows.push([
        route.name,
        int(m.rps),
        `${fixed(m.p50, 0)} ms`,
        `${fixed(m.p99, 0)} ms`,
        int(result.bare.rps),
        `${fixed(result.bare.p99, 0)} ms`,
        `${fixed(result.ratio * 100, 0)}%`,
        String(m.errors + m.non2xx),
      ]);
      if (route.read) {
        target(
          s,
          `${route.name}: ≥ 40% of bare Node`,
          result.ratio >= 0.4,
          `${fixed(result.ratio * 100, 0)}% (${int(m.rps)} vs ${int(result.bare.rps)} req/s)`,
        );
      }
      target(s, `${route.name}: p99 < 20 ms`, m.p99 < 20, `p99 ${fixed(m.p99, 0)} ms`);
      if (m.errors + m.non2xx > 0)
        target(s, `${route.name}: no errors`, false, `${m.errors} errors, ${m.non2xx} non-2xx`);
    }
    s.lines.push(
      `autocannon, ${CONNECTIONS} connections, ${options.rounds} rounds of ${options.seconds} s per route; each round measures bare Node (\`bench/servers/hello.mjs\`, a node:http hello-world in its own process) and then the route, so both see the same machine; medians over the rounds. The service runs \`server/main.ts\` in its own process on a database of ${int(service.facts.comments)} comments and ${int(service.facts.notes)} notes; autocannon runs in the bench process. 2 cores: the load generator and the server share them.`,
      '',
      table(['route', 'req/s', 'p50', 'p99', 'bare Node req/s', 'bare p99', 'vs bare Node', 'errors + non-2xx'], rows),
      '',
      `Service RSS after the runs: ${int(service.rss() / 1024 / 1024)} MB; start-up (spawn to first answer) ${int(service.startupMs)} ms.`,
    );
  } finally {
    await service.stop();
    await bare.stop();
  }
  return s;
}

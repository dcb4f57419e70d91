/**
 * Load: 1,000 concurrent connections for 20 seconds against a read and a
 * write route. No errors, no dropped connections, and memory back near where
 * it started afterwards. Reported, not a timed test.
 */

import { type BulkSize, benchTargets, startBulkService } from './lib/bulk.ts';
import { cannon, type Measure } from './lib/cannon.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, int, sleep } from './lib/stats.ts';
import { startBareNode } from './service.ts';

export interface LoadOptions {
  readonly size: BulkSize;
  readonly connections: number;
  readonly seconds: number;
}

const codes = (m: Measure) => {
  const list = Object.entries(m.errorCodes).map(([code, n]) => `${code} ${n}`);
  return list.length > 0 ? ` (${list.join(', ')})` : '';
};

export async function loadBench(options: LoadOptions): Promise<Section> {
  const s = section('Load');
  const service = await startBulkService(options.size);
  try {
    const t = await benchTargets(service.url, service.facts);
    // Warm up, then take the baseline.
    await cannon(service.url, t.commentsByStudent, 10, 2);
    await sleep(1000);
    const before = service.rss();
    const rows: string[][] = [];
    for (const [name, spec] of [
      ['read: comments of one student', t.commentsByStudent],
      ['write: add a comment', t.addComment],
    ] as const) {
      console.error(`[bench]   load: ${name}`);
      let peak = service.rss();
      const sampler = setInterval(() => {
        peak = Math.max(peak, service.rss());
      }, 250);
      const m = await cannon(service.url, spec, options.connections, options.seconds);
      clearInterval(sampler);
      rows.push([
        name,
        int(m.requests),
        int(m.rps),
        `${fixed(m.p50, 0)} ms`,
        `${fixed(m.p99, 0)} ms`,
        `${m.errors}${codes(m)}`,
        String(m.non2xx),
        `${int(peak / 1024 / 1024)} MB`,
      ]);
      target(
        s,
        `${name}: no errors or dropped connections at ${options.connections} connections`,
        m.errors === 0 && m.non2xx === 0,
        `${m.errors} errors/timeouts, ${m.non2xx} non-2xx of ${int(m.requests)}`,
      );
    }
    // The same load on bare Node: what this machine and autocannon manage at all.
    const bare = await startBareNode();
    let control: Measure;
    try {
      control = await cannon(bare.url, { path: '/' }, options.connections, Math.min(options.seconds, 10));
    } finally {
      await bare.stop();
    }
    rows.push([
      'control: bare Node hello-world',
      int(control.requests),
      int(control.rps),
      `${fixed(control.p50, 0)} ms`,
      `${fixed(control.p99, 0)} ms`,
      `${control.errors}${codes(control)}`,
      String(control.non2xx),
      '',
    ]);
    await sleep(5000);
    const after = service.rss();
    const alive = (await fetch(`${service.url}${t.myProfile.path}`, { headers: t.myProfile.headers ?? {} })).status;
    s.lines.push(
      `autocannon, ${options.connections} connections for ${options.seconds} s per route against \`server/main.ts\` in its own process (database: ${int(service.facts.comments)} comments). RSS sampled every 250 ms.`,
      '',
      table(['route', 'requests', 'req/s', 'p50', 'p99', 'errors + timeouts', 'non-2xx', 'peak RSS'], rows),
      '',
      `RSS: ${int(before / 1024 / 1024)} MB before, ${int(after / 1024 / 1024)} MB 5 s after the load (${fixed((after / before) * 100, 0)}%). The service still answers: ${alive}.`,
    );
    target(
      s,
      'memory back near its start (≤ 125% of before, 5 s after)',
      after <= before * 1.25,
      `${int(before / 1024 / 1024)} → ${int(after / 1024 / 1024)} MB`,
    );
    target(s, 'still answering after the load', alive === 200, String(alive));
  } finally {
    await service.stop();
  }
  return s;
}

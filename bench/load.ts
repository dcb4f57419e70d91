/**
 * Load: 1,000 concurrent connections for 15 seconds against a read and a
 * write route. Every request answered, 2xx or 503 `overloaded` (the service
 * answers overload at once rather than letting requests queue), none timed
 * out or reset, and memory back near where it started 5 s afterwards.
 * Reported, not a timed test.
 */

import { type BulkSize, benchTargets, startBulkService } from './lib/bulk.ts';
import { cannon, type Measure } from './lib/cannon.ts';
import { statusText } from './lib/paced.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, int, sleep } from './lib/stats.ts';
import { startBareNode } from './service.ts';

export interface LoadOptions {
  readonly size: BulkSize;
  readonly connections: number;
  readonly seconds: number;
}

/** Connection failures that are not time-outs: the connection was reset or broken under the client. */
const resetCodes = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ECONNABORTED']);

function failures(m: Measure) {
  let resets = 0;
  let other = 0;
  for (const [code, n] of Object.entries(m.errorCodes)) {
    if (resetCodes.has(code)) resets += n;
    else if (!/timed? ?out/i.test(code)) other += n;
  }
  const answered = Object.values(m.statuses).reduce((sum, n) => sum + n, 0);
  const unexpected = Object.entries(m.statuses)
    .filter(([code]) => !code.startsWith('2') && code !== '503')
    .reduce((sum, [, n]) => sum + n, 0);
  return { resets, other, answered, unexpected };
}

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
      const f = failures(m);
      rows.push([
        name,
        int(m.requests),
        int(f.answered),
        statusText(m.statuses),
        `${fixed(m.p50, 0)} ms`,
        `${fixed(m.p99, 0)} ms`,
        String(m.timeouts),
        String(f.resets),
        String(f.other),
        `${int(peak / 1024 / 1024)} MB`,
      ]);
      target(
        s,
        `${name}: 0 timeouts, 0 resets at ${options.connections} connections`,
        m.timeouts === 0 && f.resets === 0 && f.other === 0,
        `${m.timeouts} timeouts, ${f.resets} resets${f.other ? `, ${f.other} other failures` : ''} of ${int(m.requests)}`,
      );
      target(s, `${name}: every answer 2xx or 503`, f.unexpected === 0 && f.answered > 0, statusText(m.statuses));
    }
    // The same load on bare Node: what this machine and autocannon manage at all.
    const bare = await startBareNode();
    let control: Measure;
    try {
      control = await cannon(bare.url, { path: '/' }, options.connections, Math.min(options.seconds, 10));
    } finally {
      await bare.stop();
    }
    const cf = failures(control);
    rows.push([
      'control: bare Node hello-world',
      int(control.requests),
      int(cf.answered),
      statusText(control.statuses),
      `${fixed(control.p50, 0)} ms`,
      `${fixed(control.p99, 0)} ms`,
      String(control.timeouts),
      String(cf.resets),
      String(cf.other),
      '',
    ]);
    await sleep(5000);
    const after = service.rss();
    const alive = (await fetch(`${service.url}${t.myProfile.path}`, { headers: t.myProfile.headers ?? {} })).status;
    s.lines.push(
      `autocannon, ${options.connections} connections for ${options.seconds} s per route (request timeout 10 s) against \`server/main.ts\` in its own process (database: ${int(service.facts.comments)} comments; MAX_IN_FLIGHT and TURN_SLICE_MS at their defaults). autocannon sends the next request on a connection as soon as the last is answered and ignores Retry-After. RSS sampled every 250 ms.`,
      '',
      table(
        [
          'route',
          'requests',
          'answered',
          'answers by status',
          'p50',
          'p99',
          'timeouts',
          'resets',
          'other failures',
          'peak RSS',
        ],
        rows,
      ),
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

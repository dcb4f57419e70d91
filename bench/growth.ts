/**
 * Growth: the comments read and the notes list at 10,000, 100,000 and
 * 1,000,000 rows. Latency should stay flat; start-up time and RSS at each
 * size are reported beside it.
 */

import { type BulkSize, benchTargets, bulkRows, startBulkService } from './lib/bulk.ts';
import { cannon, type Measure } from './lib/cannon.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, int, median } from './lib/stats.ts';
import { CONNECTIONS } from './service.ts';

export interface GrowthOptions {
  readonly sizes: readonly BulkSize[];
  readonly rounds: number;
  readonly seconds: number;
}

function med(runs: Measure[]): { rps: number; p50: number; p99: number } {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  };
}

export async function growthBench(options: GrowthOptions): Promise<Section> {
  const s = section('Growth');
  const rows: string[][] = [];
  const bySize: { size: BulkSize; comments: ReturnType<typeof med>; notes: ReturnType<typeof med> }[] = [];
  for (const size of options.sizes) {
    console.error(`[bench]   growth: ${size}`);
    const service = await startBulkService(size);
    try {
      const startRss = service.rss();
      const t = await benchTargets(service.url, service.facts);
      const comments: Measure[] = [];
      const notes: Measure[] = [];
      // Warm up (JIT, SQLite page cache) before anything counts.
      await cannon(service.url, t.commentsByStudent, CONNECTIONS, 1);
      await cannon(service.url, t.notesOfStudent, CONNECTIONS, 1);
      for (let round = 0; round < options.rounds; round++) {
        comments.push(await cannon(service.url, t.commentsByStudent, CONNECTIONS, options.seconds));
        notes.push(await cannon(service.url, t.notesOfStudent, CONNECTIONS, options.seconds));
      }
      const c = med(comments);
      const n = med(notes);
      bySize.push({ size, comments: c, notes: n });
      rows.push([
        `${int(bulkRows[size])} comments + ${int(bulkRows[size])} notes`,
        `${int(c.rps)} req/s, p50 ${fixed(c.p50, 0)} / p99 ${fixed(c.p99, 0)} ms (${t.studentComments} rows)`,
        `${int(n.rps)} req/s, p50 ${fixed(n.p50, 0)} / p99 ${fixed(n.p99, 0)} ms (${t.studentNotes} rows)`,
        `${int(service.startupMs)} ms`,
        `${int(startRss / 1024 / 1024)} → ${int(service.rss() / 1024 / 1024)} MB`,
      ]);
    } finally {
      await service.stop();
    }
  }
  s.lines.push(
    `Each size is its own database (the same generator, the same shape per student: one student's comments and notes stay about the same while the tables grow). autocannon, ${CONNECTIONS} connections, ${options.rounds} rounds of ${options.seconds} s per route, medians. Start-up is spawn of \`server/main.ts\` to its first answer; RSS is after start-up → after the runs.`,
    '',
    table(['rows', 'comments of one student', 'notes of one student', 'start-up', 'RSS'], rows),
  );
  const first = bySize[0];
  const last = bySize[bySize.length - 1];
  if (first && last && first !== last) {
    const flat = (a: number, b: number) => b >= a * 0.75;
    const cr = last.comments.rps / first.comments.rps;
    const nr = last.notes.rps / first.notes.rps;
    target(
      s,
      `comments read flat from ${first.size} to ${last.size} (≥ 75% of the req/s)`,
      flat(first.comments.rps, last.comments.rps),
      `${fixed(cr * 100, 0)}%, p99 ${fixed(first.comments.p99, 0)} → ${fixed(last.comments.p99, 0)} ms`,
    );
    target(
      s,
      `notes list flat from ${first.size} to ${last.size} (≥ 75% of the req/s)`,
      flat(first.notes.rps, last.notes.rps),
      `${fixed(nr * 100, 0)}%, p99 ${fixed(first.notes.p99, 0)} → ${fixed(last.notes.p99, 0)} ms`,
    );
  }
  return s;
}

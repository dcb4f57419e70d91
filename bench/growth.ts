/**
 * Growth: the comments read, the notes list, a search (two words, newest
 * first, a page of 20) and the classes page's read (the class activity of the
 * bench trainer's class) at 10,000, 100,000 and 1,000,000 rows. Latency
 * should stay flat; start-up time and RSS at each size are reported beside it.
 */

import { endpointUrl } from '../contract/endpoint-url.ts';
import { classActivityEndpoints } from '../contract/endpoints/class-activity.ts';
import { type BulkSize, benchTargets, bulkRows, startBulkService } from './lib/bulk.ts';
import { cannon, type LoadSpec, type Measure } from './lib/cannon.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, int, median } from './lib/stats.ts';
import { SEARCH_QUERY } from './search.ts';
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

const routeNames = ['comments', 'notes', 'search', 'classes'] as const;
type RouteName = (typeof routeNames)[number];
const routeTitles: Record<RouteName, string> = {
  comments: 'comments read',
  notes: 'notes list',
  search: 'search (newest first)',
  classes: 'classes page (class activity)',
};

export async function growthBench(options: GrowthOptions): Promise<Section> {
  const s = section('Growth');
  const rows: string[][] = [];
  const bySize: { size: BulkSize; routes: Record<RouteName, ReturnType<typeof med>> }[] = [];
  for (const size of options.sizes) {
    console.error(`[bench]   growth: ${size}`);
    const service = await startBulkService(size);
    try {
      const startRss = service.rss();
      const t = await benchTargets(service.url, service.facts);
      const auth = { Authorization: `Bearer ${t.token}` };
      const specs: Record<RouteName, LoadSpec> = {
        comments: t.commentsByStudent,
        notes: t.notesOfStudent,
        search: {
          path: `/edu/v1/search?${new URLSearchParams({ q: SEARCH_QUERY, order: 'newest' })}`,
          headers: auth,
        },
        classes: {
          path: endpointUrl(classActivityEndpoints.classActivity, { query: { classId: service.facts.classId } }),
          headers: auth,
        },
      };
      const runs: Record<RouteName, Measure[]> = { comments: [], notes: [], search: [], classes: [] };
      // Warm up (JIT, SQLite page cache) before anything counts.
      for (const name of routeNames) await cannon(service.url, specs[name], CONNECTIONS, 1);
      for (let round = 0; round < options.rounds; round++) {
        for (const name of routeNames)
          runs[name].push(await cannon(service.url, specs[name], CONNECTIONS, options.seconds));
      }
      const routes = {
        comments: med(runs.comments),
        notes: med(runs.notes),
        search: med(runs.search),
        classes: med(runs.classes),
      };
      bySize.push({ size, routes });
      const cell = (m: ReturnType<typeof med>, rowsNote: string) =>
        `${int(m.rps)} req/s, p50 ${fixed(m.p50, 0)} / p99 ${fixed(m.p99, 0)} ms${rowsNote}`;
      rows.push([
        `${int(bulkRows[size])} comments + ${int(bulkRows[size])} notes`,
        cell(routes.comments, ` (${t.studentComments} rows)`),
        cell(routes.notes, ` (${t.studentNotes} rows)`),
        cell(routes.search, ''),
        cell(routes.classes, ''),
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
    `The search is "${SEARCH_QUERY}", newest first, a page of 20, by the bench trainer; the classes page's read is the class activity (\`GET /edu/v1/class/activity\`) of the bench trainer's class. Both with the answer cache as the service runs by default.`,
    '',
    table(
      [
        'rows',
        'comments of one student',
        'notes of one student',
        'search, newest first',
        'classes page',
        'start-up',
        'RSS',
      ],
      rows,
    ),
  );
  const first = bySize[0];
  const last = bySize[bySize.length - 1];
  if (first && last && first !== last) {
    for (const name of routeNames) {
      const a = first.routes[name];
      const b = last.routes[name];
      target(
        s,
        `${routeTitles[name]} flat from ${first.size} to ${last.size} (≥ 75% of the req/s)`,
        b.rps >= a.rps * 0.75,
        `${fixed((b.rps / a.rps) * 100, 0)}%, p99 ${fixed(a.p99, 0)} → ${fixed(b.p99, 0)} ms`,
      );
    }
  }
  return s;
}

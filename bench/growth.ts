/**
 * Growth: the comments read, the notes list, a search (two words, newest
 * first, a page of 20) and the classes page's read (the class activity of a
 * class of the same size and history in every database) at 10,000, 100,000
 * and 1,000,000 rows. Latency should stay flat; start-up time and RSS at each
 * size are reported beside it.
 *
 * The class is added to each copy (`testkit/class-history.ts`): the bulk
 * trainees are enrolled round-robin over the demo's classes, so a demo class
 * holds ~50 students at 10,000 rows and ~4,000 at 1,000,000, and its activity
 * answer grows with it (7 KB to 575 KB): a bigger class, not a longer history.
 */

import { endpointUrl } from '../contract/endpoint-url.ts';
import { classActivityEndpoints } from '../contract/endpoints/class-activity.ts';
import { addClassWithHistory } from '../testkit/class-history.ts';
import { type BulkService, type BulkSize, benchTargets, bulkRows, startBulkService } from './lib/bulk.ts';
import { cannon, type LoadSpec, type Measure } from './lib/cannon.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, inTurn, int, median, roundRatios } from './lib/stats.ts';
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

/** The class the classes page's read is of: the same in every database, trained by the bench trainer. */
const GROWTH_CLASS = { classId: 'bench-growth-class', students: 30, entries: 1_000 } as const;

const routeNames = ['comments', 'notes', 'search', 'classes'] as const;
type RouteName = (typeof routeNames)[number];
const routeTitles: Record<RouteName, string> = {
  comments: 'comments read',
  notes: 'notes list',
  search: 'search (newest first)',
  classes: 'classes page (class activity)',
};

/** One size's service, the requests made of it, and its runs. */
interface Sized {
  readonly size: BulkSize;
  readonly service: BulkService;
  readonly startRss: number;
  readonly studentComments: number;
  readonly studentNotes: number;
  readonly specs: Record<RouteName, LoadSpec>;
  readonly runs: Record<RouteName, Measure[]>;
}

async function startSized(size: BulkSize): Promise<Sized> {
  console.error(`[bench]   growth: starting ${size}`);
  const service = await startBulkService(size, (copy, facts) =>
    addClassWithHistory(copy, { ...GROWTH_CLASS, trainerId: facts.trainerId }),
  );
  const startRss = service.rss();
  const t = await benchTargets(service.url, service.facts).catch(async (error: unknown) => {
    await service.stop();
    throw error;
  });
  const auth = { Authorization: `Bearer ${t.token}` };
  return {
    size,
    service,
    startRss,
    studentComments: t.studentComments,
    studentNotes: t.studentNotes,
    specs: {
      comments: t.commentsByStudent,
      notes: t.notesOfStudent,
      search: {
        path: `/edu/v1/search?${new URLSearchParams({ q: SEARCH_QUERY, order: 'newest' })}`,
        headers: auth,
      },
      classes: {
        path: endpointUrl(classActivityEndpoints.classActivity, { query: { classId: GROWTH_CLASS.classId } }),
        headers: auth,
      },
    },
    runs: { comments: [], notes: [], search: [], classes: [] },
  };
}

/**
 * Every size's service runs at once and each round measures each route on
 * every size back to back, the sizes in turn (alternating which goes first):
 * the sizes see the same machine, and a size is judged by the median of its
 * per-round ratios to the smallest.
 */
export async function growthBench(options: GrowthOptions): Promise<Section> {
  const s = section('Growth');
  const sized: Sized[] = [];
  const endRss = new Map<BulkSize, number>();
  try {
    for (const size of options.sizes) sized.push(await startSized(size));
    // Warm up (JIT, SQLite page cache) before anything counts.
    for (const one of sized)
      for (const name of routeNames) await cannon(one.service.url, one.specs[name], CONNECTIONS, 1);
    for (let round = 0; round < options.rounds; round++) {
      console.error(`[bench]   growth: round ${round + 1} of ${options.rounds}`);
      // Each route on every size back to back, so a route's runs of one round see the same moment of the machine.
      for (const name of routeNames)
        for (const one of inTurn(round, sized))
          one.runs[name].push(await cannon(one.service.url, one.specs[name], CONNECTIONS, options.seconds));
    }
  } finally {
    for (const one of sized) {
      endRss.set(one.size, one.service.rss());
      await one.service.stop();
    }
  }
  const rows = sized.map((one) => {
    const cell = (name: RouteName, rowsNote: string) => {
      const m = med(one.runs[name]);
      return `${int(m.rps)} req/s, p50 ${fixed(m.p50, 0)} / p99 ${fixed(m.p99, 0)} ms${rowsNote}`;
    };
    return [
      `${int(bulkRows[one.size])} comments + ${int(bulkRows[one.size])} notes`,
      cell('comments', ` (${one.studentComments} rows)`),
      cell('notes', ` (${one.studentNotes} rows)`),
      cell('search', ''),
      cell('classes', ''),
      `${int(one.service.startupMs)} ms`,
      `${int(one.startRss / 1024 / 1024)} → ${int((endRss.get(one.size) ?? Number.NaN) / 1024 / 1024)} MB`,
    ];
  });
  s.lines.push(
    `Each size is its own database (the same generator, the same shape per student: one student's comments and notes stay about the same while the tables grow), each served by its own \`server/main.ts\`, all at once. autocannon, ${CONNECTIONS} connections, ${options.rounds} rounds of ${options.seconds} s; each round measures each route on every size back to back, taking the sizes in turn (alternating which goes first), so they see the same machine. Medians; the ratio to the smallest size is the median of the per-round ratios. Start-up is spawn of \`server/main.ts\` to its first answer; RSS is after start-up → after the runs.`,
    '',
    `The search is "${SEARCH_QUERY}", newest first, a page of 20, by the bench trainer; the classes page's read is the class activity (\`GET /edu/v1/class/activity\`) of a class of ${GROWTH_CLASS.students} students and ${int(GROWTH_CLASS.entries)} entries added to each database (\`testkit/class-history.ts\`), trained by the bench trainer: the same class at every size, as the bulk trainees fill the demo's classes (~50 students each at 10,000 rows, ~4,000 at 1,000,000). Both with the answer cache as the service runs by default.`,
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
  const first = sized[0];
  const last = sized[sized.length - 1];
  if (first && last && first !== last) {
    for (const name of routeNames) {
      const ratios = roundRatios(last.runs[name], first.runs[name]);
      const ratio = median(ratios);
      target(
        s,
        `${routeTitles[name]} flat from ${first.size} to ${last.size} (≥ 75% of the req/s)`,
        ratio >= 0.75,
        `${fixed(ratio * 100, 0)}% (rounds ${ratios.map((r) => fixed(r * 100, 0)).join(', ')}), p99 ${fixed(med(first.runs[name]).p99, 0)} → ${fixed(med(last.runs[name]).p99, 0)} ms`,
      );
    }
  }
  return s;
}

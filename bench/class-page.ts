/**
 * The classes page as a class's history grows: one class each of 100, 1,000,
 * 10,000 and 100,000 entries (half comments, half notes, over 30 students),
 * and for each, what the page reads to show its counts:
 * - with the extensions on, the class activity answer (`GET
 *   /edu/v1/class/activity`): its bytes, and its latency at a fixed offered
 *   rate with the answer cache off, so each request counts;
 * - on the platform, the class's comments and notes lists read whole, page by
 *   page as the dashboard reads them: their bytes and the time of one read.
 * The answer's bytes and time should stay flat from the smallest class to the
 * largest; the lists' grow with the history, which is why the extension exists.
 */
import { endpointUrl } from '../contract/endpoint-url.ts';
import { classActivityEndpoints } from '../contract/endpoints/class-activity.ts';
import { commentEndpoints } from '../contract/endpoints/comments.ts';
import { noteEndpoints } from '../contract/endpoints/notes.ts';
import { demoIds } from '../sandbox/demo-ids.ts';
import { generateDatabase } from '../testkit/bulk-data.ts';
import { freePort, startChildService } from '../testkit/child-service.ts';
import { addClassWithHistory } from '../testkit/class-history.ts';
import { sandboxSession } from './lib/browser.ts';
import { removeDatabase, tempDatabase } from './lib/dataset.ts';
import { pacedAtRate, type RateMeasure } from './lib/paced.ts';
import { ports } from './lib/ports.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, int, median } from './lib/stats.ts';

export interface ClassPageOptions {
  readonly sizes: readonly number[];
  /** Offered rate of the answer's latency runs, req/s. */
  readonly rate: number;
  readonly rateSeconds: number;
  /** Rounds over every size in turn. */
  readonly rounds: number;
}

const STUDENTS = 30;
const TRAINER = demoIds.users.trainer;

const classOf = (entries: number) => `bench-class-page-${entries}`;

/** The class's lists read whole as the dashboard reads them (pages of 1,000 following `Link`): bytes and time. */
async function readLists(base: string, token: string, classId: string): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  let bytes = 0;
  for (const endpoint of [commentEndpoints.listComments, noteEndpoints.listNotes]) {
    let next: string | null = endpointUrl(endpoint, { query: { classId, limit: '1000' } });
    while (next) {
      const response: Response = await fetch(new URL(next, base), { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${next} answered ${response.status}`);
      bytes += (await response.arrayBuffer()).byteLength;
      const link = response.headers.get('Link');
      next = link ? (/<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null) : null;
    }
  }
  return { bytes, ms: performance.now() - started };
}

interface Row {
  readonly entries: number;
  readonly answerBytes: number;
  readonly answer: { readonly p50: number; readonly p99: number; readonly achieved: number };
  readonly lists: { bytes: number; ms: number };
}

export async function classPageBench(options: ClassPageOptions): Promise<Section> {
  const s = section('The classes page as a class grows');
  const file = tempDatabase('class-page');
  const rows: Row[] = [];
  try {
    console.error('[bench]   class page: the demo and one class per size …');
    await generateDatabase({ file }, {});
    for (const entries of options.sizes) {
      await addClassWithHistory(file, { classId: classOf(entries), trainerId: TRAINER, students: STUDENTS, entries });
    }
    const service = await startChildService({
      database: file,
      port: await freePort(...ports.service),
      readyTimeoutMs: 120_000,
      env: { ANSWER_CACHE_MB: '0' },
    });
    try {
      const { token } = await sandboxSession(service.url, TRAINER);
      const headers = { Authorization: `Bearer ${token}` };
      // Each round measures every size in turn, so all sizes see the same machine; medians over the rounds.
      const paths = options.sizes.map((entries) =>
        endpointUrl(classActivityEndpoints.classActivity, { query: { classId: classOf(entries) } }),
      );
      const answerBytes: number[] = [];
      for (const path of paths) {
        const first = await fetch(service.url + path, { headers });
        if (!first.ok) throw new Error(`${path} answered ${first.status}`);
        answerBytes.push((await first.arrayBuffer()).byteLength);
        await pacedAtRate(service.url, { path, headers }, options.rate, 1);
      }
      const runs: RateMeasure[][] = paths.map(() => []);
      for (let round = 0; round < options.rounds; round++) {
        for (const [i, path] of paths.entries()) {
          console.error(`[bench]   class page: ${int(options.sizes[i] ?? 0)} entries, round ${round + 1}`);
          runs[i]?.push(await pacedAtRate(service.url, { path, headers }, options.rate, options.rateSeconds));
        }
      }
      for (const [i, entries] of options.sizes.entries()) {
        const measured = runs[i] ?? [];
        rows.push({
          entries,
          answerBytes: answerBytes[i] ?? 0,
          answer: {
            p50: median(measured.map((m) => m.p50)),
            p99: median(measured.map((m) => m.p99)),
            achieved: median(measured.map((m) => m.achieved)),
          },
          lists: await readLists(service.url, token, classOf(entries)),
        });
      }
    } finally {
      await service.stop();
    }
  } finally {
    removeDatabase(file);
  }

  s.lines.push(
    `One class per size (half comments, half notes, over ${STUDENTS} students) beside the demo's, all trained by the demo trainer. The class activity answer with the answer cache off (ANSWER_CACHE_MB=0), so each request counts, at ${options.rate} req/s offered for ${options.rateSeconds} s (paced, open loop), ${options.rounds} rounds taking every size in turn, medians; the lists read whole once, pages of 1,000, as the dashboard reads them without the extension. SQLite, one worker.`,
    '',
    table(
      [
        'entries in the class',
        'answer bytes',
        'answer p50 / p99 at a fixed rate',
        'lists read whole: bytes',
        'lists: one read',
      ],
      rows.map((r) => [
        int(r.entries),
        int(r.answerBytes),
        `${fixed(r.answer.p50, 1)} / ${fixed(r.answer.p99, 1)} ms (${int(r.answer.achieved)} req/s answered)`,
        int(r.lists.bytes),
        `${int(r.lists.ms)} ms`,
      ]),
    ),
    '',
  );
  const small = rows[0];
  const large = rows[rows.length - 1];
  if (small && large && small !== large) {
    target(
      s,
      `answer bytes flat from ${int(small.entries)} to ${int(large.entries)} entries (≤ 1.1×)`,
      large.answerBytes <= small.answerBytes * 1.1,
      `${int(small.answerBytes)} → ${int(large.answerBytes)} bytes (${fixed(large.answerBytes / small.answerBytes, 2)}×); the lists ${int(small.lists.bytes)} → ${int(large.lists.bytes)} (${fixed(large.lists.bytes / small.lists.bytes, 0)}×)`,
    );
    // A millisecond of slack: at these latencies the machine's own jitter is that large.
    target(
      s,
      `answer time flat from ${int(small.entries)} to ${int(large.entries)} entries (p99 ≤ 1.5× + 1 ms)`,
      large.answer.p99 <= small.answer.p99 * 1.5 + 1,
      `p99 ${fixed(small.answer.p99, 1)} → ${fixed(large.answer.p99, 1)} ms; the lists' one read ${int(small.lists.ms)} → ${int(large.lists.ms)} ms`,
    );
  }
  return s;
}

/**
 * Large databases for the service benchmarks, and the requests made on them.
 *
 * A bulk database (testkit/bulk-data.ts) is the demo sandbox plus the seed
 * generator's bulk rows, one trainee per 50 comments, so one student's
 * comments stay ~50 rows while the tables grow from 10,000 to 1,000,000 rows,
 * which is what the growth benchmark needs; and a small org whose plugin
 * record-data read answers the same ~50 rows at every size. Files are cached
 * (bench/results/cache) and copied per run, since runs write.
 */
import { copyFileSync } from 'node:fs';
import { basicHeader } from '../../contract/basic-auth.ts';
import { demoIds } from '../../sandbox/demo-ids.ts';
import {
  BENCH_PLUGIN,
  type BulkFacts,
  type BulkRows,
  bulkFacts,
  COMMENTS_PER_STUDENT,
  generateDatabase,
  type HotFacts,
  hotStudentFacts,
} from '../../testkit/bulk-data.ts';
import { type ChildService, freePort, startChildService } from '../../testkit/child-service.ts';
import type { LoadSpec } from './cannon.ts';
import { cachedDatabase, removeDatabase, tempDatabase } from './dataset.ts';
import { ports } from './ports.ts';

export const bulkRows = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 } as const;
export type BulkSize = keyof typeof bulkRows;
export const bulkSizes = Object.keys(bulkRows) as BulkSize[];

export const BENCH_APP = demoIds.apps.training;

/** The cached database of a size (made on first use). */
export async function bulkDatabase(size: BulkSize): Promise<BulkFacts> {
  const file = await cachedDatabase(`bulk-${size}`, async (target) => {
    const started = performance.now();
    console.error(`[bench]   generating the ${size} database with seedBulk (cached for later runs) …`);
    await generateDatabase({ file: target }, bulkRowsOf(size));
    console.error(`[bench]   … in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  });
  return bulkFacts({ file });
}

/** The rows of a bulk database of a size. */
export function bulkRowsOf(size: BulkSize): BulkRows {
  const rows = bulkRows[size];
  return { students: rows / COMMENTS_PER_STUDENT, comments: rows, notes: rows };
}

export type BulkService = ChildService & { readonly facts: BulkFacts };

/** The service on a copy of `file`, removed when it stops; `prepare` writes to the copy before the service opens it. */
async function serveCopy(
  file: string,
  label: string,
  env: Record<string, string> = {},
  prepare?: (copy: string) => Promise<void>,
): Promise<ChildService & { readonly file: string }> {
  const copy = tempDatabase(label);
  copyFileSync(file, copy);
  let service: ChildService;
  try {
    await prepare?.(copy);
    service = await startChildService({
      database: copy,
      port: await freePort(...ports.service),
      readyTimeoutMs: 120_000,
      env,
    });
  } catch (error) {
    removeDatabase(copy);
    throw error;
  }
  return {
    ...service,
    file: copy,
    stop: async () => {
      await service.stop();
      removeDatabase(copy);
    },
  };
}

async function serve(
  source: BulkFacts,
  label: string,
  env: Record<string, string> = {},
  prepare?: (copy: string, facts: BulkFacts) => Promise<void>,
): Promise<BulkService> {
  const service = await serveCopy(
    source.file,
    label,
    env,
    prepare && ((copy) => prepare(copy, { ...source, file: copy })),
  );
  return { ...service, facts: { ...source, file: service.file } };
}

/**
 * The service on a copy of the cached database of a size; `prepare` adds to
 * the copy (its facts name the copy) before the service starts.
 */
export async function startBulkService(
  size: BulkSize,
  prepare?: (copy: string, facts: BulkFacts) => Promise<void>,
): Promise<BulkService> {
  return serve(await bulkDatabase(size), `bulk-${size}`, {}, prepare);
}

/** The demo sandbox with `comments` more comments about the demo student of the trainer's class (the long list). */
export async function startHotStudentService(
  comments: number,
  dashboardDir: string,
): Promise<ChildService & { facts: HotFacts }> {
  const file = await cachedDatabase(`hot-${comments}`, (target) =>
    generateDatabase({ file: target }, { hotStudentComments: comments }),
  );
  const facts = await hotStudentFacts(file);
  // The demo and the hot student only: no bulk trainees, so no BulkFacts.
  const service = await serveCopy(file, 'hot', { DASHBOARD_DIR: dashboardDir });
  return { ...service, facts };
}

/**
 * A small world (the demo sandbox alone) for the page-speed benchmark when the
 * demo sandbox started by the service has no trainer to sign in as.
 */
export async function startSmallService(dashboardDir: string): Promise<ChildService> {
  const file = await cachedDatabase('small', (target) => generateDatabase({ file: target }, {}));
  return serveCopy(file, 'small', { DASHBOARD_DIR: dashboardDir });
}

export interface Targets {
  readonly token: string;
  readonly commentsByStudent: LoadSpec;
  readonly addComment: LoadSpec;
  /** Adding a comment about another trainee of the class: nothing of `commentsByStudent` changes. */
  readonly addCommentElsewhere: LoadSpec;
  readonly notesOfStudent: LoadSpec;
  readonly myProfile: LoadSpec;
  readonly recordData: LoadSpec;
  readonly studentComments: number;
  readonly studentNotes: number;
  readonly recordRows: number;
}

async function rowsOf(base: string, spec: LoadSpec): Promise<number> {
  const response = await fetch(base + spec.path, { headers: spec.headers ?? {} });
  if (!response.ok) throw new Error(`${spec.path}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as unknown;
  return Array.isArray(body) ? body.length : 1;
}

/** Adding a comment about `studentId` in the bench class, signed in with `token`. */
export function addCommentSpec(token: string, f: BulkFacts, studentId: string) {
  return {
    method: 'POST' as const,
    path: '/edu/v1/student/comment',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      studentId,
      classId: f.classId,
      lessonId: f.lessonId,
      text: 'Benchmark: steady approach, good radio calls.',
    }),
  };
}

/** Signs the bench trainer in and describes each benchmarked request. */
export async function benchTargets(base: string, f: BulkFacts): Promise<Targets> {
  const response = await fetch(`${base}/sandbox/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: f.trainerId, clientId: BENCH_APP }),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const addAbout = (studentId: string) => addCommentSpec(token, f, studentId);
  const targets = {
    token,
    commentsByStudent: { path: `/edu/v1/student/comment?studentId=${f.studentId}`, headers: auth },
    addComment: addAbout(f.studentId),
    addCommentElsewhere: addAbout(f.otherStudentId),
    notesOfStudent: { path: `/edu/v1/note/list?studentId=${f.studentId}`, headers: auth },
    myProfile: { path: '/user/v1/my/profile', headers: auth },
    recordData: {
      path: `/plugin/v2/ai/record-data?orgIds=${f.orgId}`,
      headers: { Authorization: basicHeader(BENCH_PLUGIN.clientId, BENCH_PLUGIN.clientSecret) },
    },
  };
  return {
    ...targets,
    studentComments: await rowsOf(base, targets.commentsByStudent),
    studentNotes: await rowsOf(base, targets.notesOfStudent),
    recordRows: await rowsOf(base, targets.recordData),
  };
}

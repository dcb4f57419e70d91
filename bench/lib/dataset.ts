/**
 * The data the benchmarks run on: the demo sandbox (seeded by the service on
 * first start), and large databases made with the seed generator's bulk
 * option, cached between runs under bench/results/cache (keyed by the
 * sizes and by the migrations and seed sources, so a schema change rebuilds).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { type ChildService, freePort, startChildService } from '../../testkit/child-service.ts';
import { repoRoot } from './build.ts';
import { ports } from './ports.ts';

export const cacheDir = join(repoRoot, 'bench', 'results', 'cache');

/** A fresh temp file for a database. */
export function tempDatabase(label: string): string {
  return join(mkdtempSync(join(tmpdir(), `bench-${label}-`)), 'platform.sqlite');
}

export function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  // The temp dir tempDatabase made for it goes too.
  if (basename(dirname(file)).startsWith('bench-')) rmSync(dirname(file), { recursive: true, force: true });
}

/** The service on the demo sandbox (a new database unless one is given), optionally serving a built dashboard. */
export async function startDemoService(
  options: { dashboardDir?: string; database?: string } = {},
): Promise<ChildService> {
  const database = options.database ?? tempDatabase('demo');
  const service = await startChildService({
    database,
    port: await freePort(...ports.service),
    readyTimeoutMs: 120_000,
    env: options.dashboardDir ? { DASHBOARD_DIR: options.dashboardDir } : {},
  });
  if (options.database) return service;
  return {
    ...service,
    stop: async () => {
      await service.stop();
      removeDatabase(database);
    },
  };
}

/** The first demo trainer (someone who teaches a class). */
export async function demoTrainer(base: string): Promise<string> {
  const users = (await (await fetch(`${base}/sandbox/v1/users`)).json()) as { userId: string; teaches: unknown[] }[];
  const trainer = users.find((user) => user.teaches.length > 0);
  if (!trainer) throw new Error('the demo sandbox has no trainer');
  return trainer.userId;
}

/** A hash of everything that shapes a generated database. */
export function sourceKey(): string {
  const hash = createHash('sha256');
  for (const file of ['bench/lib/bulk.ts', 'testkit/bulk-data.ts']) hash.update(readFileSync(join(repoRoot, file)));
  for (const dir of ['server/data/migrations', 'sandbox']) {
    const full = join(repoRoot, dir);
    if (!existsSync(full)) continue;
    for (const name of readdirSync(full).sort()) {
      if (name.endsWith('.test.ts')) continue;
      hash.update(name).update(readFileSync(join(full, name)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/** A cached database file made by `make` (into a temp path, then moved in place). */
export async function cachedDatabase(name: string, make: (file: string) => Promise<void> | void): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `${name}-${sourceKey()}.sqlite`);
  if (existsSync(file)) return file;
  for (const old of readdirSync(cacheDir).filter((f) => f.startsWith(`${name}-`)))
    rmSync(join(cacheDir, old), { force: true });
  const building = `${file}.building`;
  removeDatabase(building);
  await make(building);
  for (const suffix of ['-wal', '-shm'])
    if (existsSync(building + suffix)) throw new Error('close the database before caching it');
  renameSync(building, file);
  return file;
}

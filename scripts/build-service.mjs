/**
 * `npm run build:service [-- --outdir DIR]`: bundles the service, the sample
 * plugin, the seed CLI and the `npm start` launcher into plain JavaScript
 * (default `build/`, gitignored) that node runs without tsx. Packages stay
 * external (read from node_modules at run time): better-sqlite3 is native,
 * and swagger-ui-dist's files are served from its folder. The migrations are
 * modules (server/data/migrations/*.ts), so they are in the bundle.
 *
 * Plain JavaScript so it runs with node alone, before anything is built.
 */
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Entry points, by the name of the file each becomes (`build/main.js` …). */
export const entries = {
  main: 'server/main.ts',
  plugin: 'plugin/main.ts',
  seed: 'sandbox/cli.ts',
  start: 'scripts/start.ts',
};

export async function buildService(outdir = join(root, 'build')) {
  const started = performance.now();
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(root, file)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return { outdir, milliseconds: Math.round(performance.now() - started) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  const { outdir, milliseconds } = await buildService(values.outdir ? resolve(values.outdir) : undefined);
  console.log(`Built the service into ${outdir} in ${milliseconds} ms`);
}

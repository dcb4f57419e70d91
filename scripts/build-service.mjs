/**
 * `npm run build:service [-- --outdir DIR]`: bundles the service, its admin
 * command, the sample plugin, the seed CLI and the `npm start` launcher into plain JavaScript
 * (default `build/`, gitignored) that node runs without tsx. Packages stay
 * external (read from node_modules at run time): better-sqlite3 is native,
 * and swagger-ui-dist's files are served from its folder. The migrations are
 * modules (server/data/migrations/*.ts), so they are in the bundle.
 *
 * Code shared by the entries goes into `chunks/`. The service loads the demo
 * generator (sandbox/) through a dynamic import, only when it seeds, so that
 * code sits in chunks `build/main.js` imports only then: the production
 * service carries none of it (scripts/build-service.test.ts holds this).
 * `--metafile FILE` writes esbuild's account of inputs and outputs there.
 *
 * Plain JavaScript so it runs with node alone, before anything is built.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Entry points, by the name of the file each becomes (`build/main.js` …). */
export const entries = {
  main: 'server/main.ts',
  admin: 'server/admin-cli.ts',
  plugin: 'plugin/main.ts',
  seed: 'sandbox/cli.ts',
  start: 'scripts/start.ts',
};

export async function buildService(outdir = join(root, 'build')) {
  const started = performance.now();
  rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(root, file)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return { outdir, metafile, milliseconds: Math.round(performance.now() - started) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' }, metafile: { type: 'string' } } });
  const { outdir, metafile, milliseconds } = await buildService(values.outdir ? resolve(values.outdir) : undefined);
  if (values.metafile) writeFileSync(values.metafile, JSON.stringify(metafile));
  console.log(`Built the service into ${outdir} in ${milliseconds} ms`);
}

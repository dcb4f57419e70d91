/**
 * Bound: the least JS+CSS each signed-in page could need with the code it has today, as a ratio to the
 * floor. For each signed-in page the dashboard is built once more as one file holding only what that page
 * reaches: every other lazy import is cut (each becomes a rejected promise), nothing is split, so no byte
 * of another page and no file boundary is counted. Then the same without zod's own code: the contract's
 * schema calls stay, and `lib/zod-stand-in.ts` stands in for zod's functions, free of side effects as
 * zod's are, so an unused schema drops as it does with zod. What no chunking can take off a page is what
 * this leaves: it tells a byte target the code can reach from one it cannot.
 */
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { build } from 'vite';
import { readRoutes } from '../scripts/page-routes.ts';
import { buildDashboard, buildFloor, closure, entryKey, repoRoot, sizeOf, standaloneSettings } from './lib/build.ts';
import { type Section, section, table } from './lib/report.ts';
import { fixed, kb } from './lib/stats.ts';

const TARGET_RATIO = 1.25;
const appFolders = [join(repoRoot, 'src'), join(repoRoot, 'contract')].map((folder) => `${folder}/`);
const isAppFile = (id: string) => /\.tsx?$/.test(id) && appFolders.some((folder) => id.startsWith(folder));
const withoutExtension = (path: string) => path.replace(/\.(tsx?|jsx?)$/, '');

/** A module's path without its extension, and a folder's `index` as the folder (how an import may name either). */
const moduleName = (path: string) => withoutExtension(path).replace(/\/index$/, '');

/**
 * Every lazy import in the app's code but those of the modules named becomes a rejected promise: the other
 * pages (the router's) and what a page loads only when it needs it (the configuration's error page, the
 * OAuth endpoints a session renewal loads), none of which a page needs before it renders. It refuses to go
 * on (an error stops the build) if an `import(` in the app is not written as `import('…')`, which it would
 * leave in whole, or if a module named is never imported, which it would have cut: either would make the
 * figure wrong without a word.
 */
function onlyThesePages(keep: readonly string[]): Plugin {
  const kept = new Map(keep.map((key) => [moduleName(join(repoRoot, key)), key]));
  const seen = new Set<string>();
  return {
    name: 'bench-only-these-pages',
    enforce: 'pre',
    transform(code, id) {
      if (!isAppFile(id)) return null;
      let matched = 0;
      const cut = code.replace(/import\((['"])([^'"]+)\1\)/g, (call, _quote, specifier: string) => {
        matched++;
        const name = moduleName(resolve(dirname(id), specifier));
        if (!kept.has(name)) return 'Promise.reject(new Error("not in this build"))';
        seen.add(name);
        return call;
      });
      // A module loaded by a URL built at run time (the page loader's retry) pulls no code into the build.
      const calls =
        [...code.matchAll(/\bimport\(/g)].length - [...code.matchAll(/\bimport\(\/\* @vite-ignore \*\//g)].length;
      if (calls !== matched) throw new Error(`bound: ${id} has an import( this benchmark cannot read`);
      return cut;
    },
    buildEnd() {
      const missed = [...kept].filter(([name]) => !seen.has(name)).map(([, key]) => key);
      if (missed.length > 0) throw new Error(`bound: never imported as written, so not kept: ${missed.join(', ')}`);
    },
  };
}

/** gzip -9 of every JS and CSS file of a one-file build that holds only the modules named (and what they import). */
async function oneFile(keep: readonly string[], withoutZod: boolean): Promise<number> {
  const settings = await standaloneSettings();
  const result = await build({
    ...settings,
    root: repoRoot,
    plugins: [...settings.plugins, onlyThesePages(keep)],
    resolve: withoutZod
      ? { alias: [{ find: /^zod\/mini$/, replacement: join(repoRoot, 'bench/lib/zod-stand-in.ts') }] }
      : {},
    build: {
      ...settings.build,
      write: false,
      rolldownOptions: {
        output: { codeSplitting: false },
        // A name the stand-in lacks would weigh as nothing: stop instead.
        onLog(level, log, handler) {
          if (log.code === 'MISSING_EXPORT' || log.code === 'IMPORT_IS_UNDEFINED')
            throw new Error(`bound: ${log.message}`);
          handler(level, log);
        },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : [];
  let total = 0;
  for (const out of outputs) {
    for (const file of out.output) {
      if (!/\.(js|css)$/.test(file.fileName)) continue;
      total += gzipSync(file.type === 'chunk' ? file.code : file.source, { level: 9 }).byteLength;
    }
  }
  return total;
}

export async function boundBench(): Promise<Section> {
  const s = section('Bound: the least each signed-in page could need');
  const [app, floor] = await Promise.all([buildDashboard(), buildFloor()]);
  const floorSize = sizeOf(floor, closure(floor.manifest, [entryKey(floor.manifest)]));
  const floorTotal = floorSize.js + floorSize.css;
  const ratio = (bytes: number) => `${kb(bytes)} (${fixed(bytes / floorTotal, 2)}×)`;
  const { pages, signedInModules } = readRoutes(repoRoot);
  const entry = entryKey(app.manifest);
  const rows: string[][] = [];
  for (const page of pages.filter((p) => p.signedIn)) {
    // The same modules both ways: the entry, the layout, the page and their prefetch modules (the bundle count
    // leaves the prefetch modules out; they are 0.1–0.2 KB).
    const keep = [...signedInModules, page.module, ...(page.prefetch ? [page.prefetch] : [])];
    const today = sizeOf(app, closure(app.manifest, [entry, ...keep]));
    const whole = await oneFile(keep, false);
    const noZod = await oneFile(keep, true);
    rows.push([`/${page.path}`, ratio(today.js + today.css), ratio(whole), ratio(noZod)]);
  }
  s.lines.push(
    `Each signed-in page built once more as one file with only the code it reaches (every other lazy import cut, nothing split), then the same without zod's own code (\`bench/lib/zod-stand-in.ts\`: zod/mini's functions as side-effect-free stand-ins, so unused schemas drop as with zod). gzip -9 of all its JS and CSS, as a ratio to the floor (${kb(floorTotal)}). No chunking can make a page smaller than its one-file figure; a page above ${TARGET_RATIO}× there needs less code, not other chunks.`,
    '',
    table(
      ['page', 'needs today (with the prefetch modules)', 'one file, this page only', 'the same without zod'],
      rows,
    ),
  );
  return s;
}

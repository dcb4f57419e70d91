/**
 * Bundle: gzipped JS and CSS of the first page and of each route, built in
 * this run, beside the floor (react + react-dom + react-router-dom +
 * @tanstack/react-query built alone with the same settings).
 */

import { readRoutes } from '../scripts/page-routes.ts';
import { buildDashboard, buildFloor, byPackage, closure, entryKey, repoRoot, sizeOf } from './lib/build.ts';
import { type Section, section, table, target } from './lib/report.ts';
import { fixed, kb } from './lib/stats.ts';

const TARGET_RATIO = 1.15;

export async function bundleBench(): Promise<Section> {
  const s = section('Bundle');
  const [app, floor] = await Promise.all([buildDashboard(), buildFloor()]);
  const floorSize = sizeOf(floor, closure(floor.manifest, [entryKey(floor.manifest)]));
  const floorTotal = floorSize.js + floorSize.css;

  const { pages, layout } = readRoutes(repoRoot);
  const entry = entryKey(app.manifest);
  const entryFiles = closure(app.manifest, [entry]);
  const rows: string[][] = [];
  const routeTotals = new Map<string, number>();
  for (const page of pages) {
    const keys = [entry, ...(page.signedIn && layout ? [layout] : []), page.module];
    const size = sizeOf(app, closure(app.manifest, keys));
    const total = size.js + size.css;
    routeTotals.set(page.path, total);
    rows.push([
      `/${page.path}`,
      page.signedIn ? 'yes' : 'no',
      kb(size.js),
      kb(size.css),
      kb(total),
      `${fixed(total / floorTotal, 2)}x`,
    ]);
  }
  // A visitor who is not signed in lands on sign-in: that is the first page.
  const firstPage = pages.find((page) => page.path === 'sign-in') ?? pages[0];
  const firstTotal = firstPage ? (routeTotals.get(firstPage.path) ?? Number.NaN) : Number.NaN;
  const firstRatio = firstTotal / floorTotal;
  const entrySize = sizeOf(app, entryFiles);

  s.lines.push(
    'Gzip level 9 of every JS and CSS file a page needs before it renders: the entry with its static imports, the signed-in layout for signed-in pages, and the page’s lazy chunk with its static imports. Built in this run from the working tree with the repo’s `vite.config.ts`; the floor is `bench/floor/` (the four libraries used as the dashboard uses them) built with the same target.',
    '',
    table(
      ['what', 'JS gz', 'CSS gz', 'total gz', 'ratio to floor'],
      [
        [
          'floor (react, react-dom, react-router-dom, react-query)',
          kb(floorSize.js),
          kb(floorSize.css),
          kb(floorTotal),
          '1.00x',
        ],
        [
          'entry (index.html’s script and its imports; its CSS is inlined into index.html)',
          kb(entrySize.js),
          kb(entrySize.css),
          kb(entrySize.js + entrySize.css),
          `${fixed((entrySize.js + entrySize.css) / floorTotal, 2)}x`,
        ],
        [`first page (/${firstPage?.path ?? '?'})`, '', '', kb(firstTotal), `${fixed(firstRatio, 2)}x`],
      ],
    ),
    '',
    'Each route:',
    '',
    table(['route', 'signed in', 'JS gz', 'CSS gz', 'total gz', 'ratio to floor'], rows),
    '',
    'What the first page holds beyond the floor: bytes each package renders into the output (before minification and gzip), first page against floor:',
    '',
    table(
      ['package', 'first page', 'floor', 'difference'],
      (() => {
        const firstFiles = firstPage ? closure(app.manifest, [entry, firstPage.module]) : entryFiles;
        const mine = byPackage(app, firstFiles);
        const theirs = byPackage(floor, closure(floor.manifest, [entryKey(floor.manifest)]));
        return [...new Set([...mine.keys(), ...theirs.keys()])]
          .map((name) => [name, mine.get(name) ?? 0, theirs.get(name) ?? 0] as const)
          .sort((a, b) => b[1] - b[2] - (a[1] - a[2]))
          .filter(([, a, b]) => Math.abs(a - b) >= 512)
          .map(([name, a, b]) => [name, kb(a), kb(b), `${a - b >= 0 ? '+' : ''}${kb(a - b)}`]);
      })(),
    ),
    '',
    'Largest chunks of the dashboard (gzip):',
    '',
    table(
      ['file', 'gz'],
      Object.values(app.manifest)
        .map((chunk) => chunk.file)
        .filter((file, i, all) => all.indexOf(file) === i)
        .map((file) => [file, app.gzipSize(file)] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([file, size]) => [file, kb(size)]),
    ),
  );
  target(
    s,
    `first page ≤ ${TARGET_RATIO}x floor`,
    firstRatio <= TARGET_RATIO,
    `${kb(firstTotal)} = ${fixed(firstRatio, 2)}x of ${kb(floorTotal)}`,
  );
  return s;
}

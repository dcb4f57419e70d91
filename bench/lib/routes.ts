/**
 * The dashboard's pages, read from its router source (`src/app/router.tsx`
 * and the feature routes other features add), so the benchmarks cover every
 * page as pages are added: path, the module of the page, and whether it
 * sits under the signed-in layout.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { repoRoot } from './build.ts';

export interface PageRoute {
  /** As written in the router: `notes/:noteId`. */
  readonly path: string;
  /** Source path relative to the repo root: the key of the page's chunk in the Vite manifest. */
  readonly module: string;
  readonly signedIn: boolean;
}

export interface Routes {
  readonly pages: PageRoute[];
  /** Manifest key of the signed-in layout, when there is one. */
  readonly layout: string | undefined;
}

function moduleKey(root: string, fromFile: string, specifier: string): string {
  const base = resolve(join(fromFile, '..'), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      if (/\.(tsx?|jsx?)$/.test(candidate)) return relative(root, candidate);
    }
  }
  throw new Error(`cannot resolve ${specifier} from ${fromFile}`);
}

/** The pages of the checkout at `root` (this one unless another revision's tree is given). */
export function readRoutes(root: string = repoRoot): Routes {
  const routerFile = join(root, 'src/app/router.tsx');
  const source = readFileSync(routerFile, 'utf8');
  const layoutMatch = /import\('(\.\/signed-in-layout[^']*)'\)/.exec(source);
  const layoutAt = layoutMatch?.index ?? Number.POSITIVE_INFINITY;
  const pages: PageRoute[] = [];
  for (const match of source.matchAll(/page\(\s*'([^']+)'\s*,\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    const [, path, specifier] = match;
    if (!path || !specifier) continue;
    pages.push({ path, module: moduleKey(root, routerFile, specifier), signedIn: (match.index ?? 0) > layoutAt });
  }
  const featureFile = join(root, 'src/app/feature-routes.ts');
  if (existsSync(featureFile)) {
    const features = readFileSync(featureFile, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const match of features.matchAll(/path:\s*'([^']+)'[^}]*?load:\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
      const [, path, specifier] = match;
      if (path && specifier) pages.push({ path, module: moduleKey(root, featureFile, specifier), signedIn: true });
    }
  }
  if (pages.length === 0) throw new Error('found no pages in src/app/router.tsx');
  return { pages, layout: layoutMatch?.[1] ? moduleKey(root, routerFile, layoutMatch[1]) : undefined };
}

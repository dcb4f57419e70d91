/**
 * The dashboard's pages, read from its router source (`src/app/router.tsx`
 * and the feature routes other features add): path, the page's module, the
 * prefetch module that asks for its data, and whether it sits under the
 * signed-in layout. The build links each page's code from its index.html
 * (vite.config.ts, routePreloads) and the benchmarks cover every page as
 * pages are added. A page is written in the router as
 * `page('path', () => import('…'), () => import('…'))`, a feature route as
 * `{ path: '…', …, load: () => import('…'), prefetch: () => import('…') }`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export interface PageRoute {
  /** As written in the router: `notes/:noteId`. */
  readonly path: string;
  /** Source path relative to the repo root: the key of the page's chunk in the Vite manifest. */
  readonly module: string;
  /** The page's prefetch module (see src/app/prefetch.ts), when it names one. */
  readonly prefetch?: string;
  readonly signedIn: boolean;
}

export interface Routes {
  readonly pages: PageRoute[];
  /** Manifest key of the signed-in layout, when there is one. */
  readonly layout: string | undefined;
  /** The modules every signed-in page loads besides its own: the layout and its prefetch. */
  readonly signedInModules: readonly string[];
  /**
   * The lazy imports in the router's files that none of the above accounts for (nor the signed-in landing):
   * a route written in a shape this reader does not know. The build refuses to go on with any.
   */
  readonly unread: number;
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

const lazyImport = String.raw`\(\)\s*=>\s*import\('([^']+)'\)`;

/** The source without its comments (block comments, and line comments on lines of their own). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

const importsIn = (text: string) => [...text.matchAll(/\bimport\(/g)].length;

/** The pages of the checkout at `root`. */
export function readRoutes(root: string): Routes {
  const routerFile = join(root, 'src/app/router.tsx');
  const source = code(routerFile);
  const key = (file: string, specifier: string | undefined) =>
    specifier === undefined ? undefined : moduleKey(root, file, specifier);
  const layoutMatch = /import\('(\.\/signed-in-layout[^']*)'\)/.exec(source);
  const layoutAt = layoutMatch?.index ?? Number.POSITIVE_INFINITY;
  const layoutPrefetch = new RegExp(
    String.raw`signed-in-layout[^']*'\)[^\n]*\n[\s\S]*?loader:\s*prefetchLoader\(\s*queryClient,\s*${lazyImport}`,
  ).exec(source);
  const pages: PageRoute[] = [];
  const pageCall = new RegExp(String.raw`page\(\s*'([^']+)'\s*,\s*${lazyImport}(?:\s*,\s*${lazyImport})?`, 'g');
  for (const match of source.matchAll(pageCall)) {
    const [, path, specifier, prefetch] = match;
    if (!path || !specifier) continue;
    pages.push({
      path,
      module: moduleKey(root, routerFile, specifier),
      ...(prefetch ? { prefetch: moduleKey(root, routerFile, prefetch) } : {}),
      signedIn: (match.index ?? 0) > layoutAt,
    });
  }
  const featureFile = join(root, 'src/app/feature-routes.ts');
  let featureImports = 0;
  if (existsSync(featureFile)) {
    const features = code(featureFile);
    featureImports = importsIn(features);
    const entry = new RegExp(
      String.raw`path:\s*'([^']+)'[^}]*?load:\s*${lazyImport}(?:,\s*prefetch:\s*${lazyImport})?`,
      'g',
    );
    for (const match of features.matchAll(entry)) {
      const [, path, specifier, prefetch] = match;
      if (!path || !specifier) continue;
      pages.push({
        path,
        module: moduleKey(root, featureFile, specifier),
        ...(prefetch ? { prefetch: moduleKey(root, featureFile, prefetch) } : {}),
        signedIn: true,
      });
    }
  }
  if (pages.length === 0) throw new Error('found no pages in src/app/router.tsx');
  const layout = key(routerFile, layoutMatch?.[1]);
  const signedInModules = [layout, key(routerFile, layoutPrefetch?.[1])].filter((m): m is string => m !== undefined);
  const landing = new RegExp(String.raw`index:\s*true,\s*lazy:\s*lazyPage\(${lazyImport}`).test(source) ? 1 : 0;
  const read = pages.reduce((n, page) => n + (page.prefetch ? 2 : 1), 0) + signedInModules.length + landing;
  return { pages, layout, signedInModules, unread: importsIn(source) + featureImports - read };
}

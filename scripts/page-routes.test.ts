/**
 * The router's pages as the build (route preloads) and the benches read them: every lazy import in the
 * router's files is accounted for, and one written in a shape the reader does not know is counted, so the
 * build stops instead of serving that page without its preloads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../testkit/child-service.ts';
import { readRoutes } from './page-routes.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A checkout holding only a router (and the modules it names). */
function checkout(router: string): string {
  const root = mkdtempSync(join(tmpdir(), 'page-routes-'));
  dirs.push(root);
  mkdirSync(join(root, 'src/app'), { recursive: true });
  for (const name of ['a-page', 'a-prefetch', 'signed-in-layout', 'prefetch-access', 'landing', 'b-page', 'c-page']) {
    writeFileSync(join(root, 'src/app', `${name}.tsx`), 'export default null;\n');
  }
  writeFileSync(join(root, 'src/app/router.tsx'), router);
  return root;
}

const router = (extra = '') => `
  page('sign-in', () => import('./a-page')),
  {
    lazy: lazyPage(() => import('./signed-in-layout'), { standalone: true }),
    loader: prefetchLoader(queryClient, () => import('./prefetch-access')),
    children: [
      { index: true, lazy: lazyPage(() => import('./landing')), ErrorBoundary: RouteError },
      // page('old', () => import('./c-page')),
      page('notes/:noteId', () => import('./b-page'), () => import('./a-prefetch')),
      ${extra}
    ],
  },
`;

describe('the router as the build reads it', () => {
  it("reads the dashboard's own router whole", () => {
    const routes = readRoutes(repoRoot);
    expect(routes.unread).toBe(0);
    expect(routes.pages.map((page) => page.path)).toEqual(
      expect.arrayContaining(['sign-in', 'comments', 'notes/:noteId', 'students/:userId', 'mission-planner']),
    );
    expect(routes.signedInModules).toEqual(['src/app/signed-in-layout.tsx', 'src/lib/access/prefetch-access.ts']);
  });

  it('reads pages, their prefetch and the layout, and which pages are signed in', () => {
    const routes = readRoutes(checkout(router()));
    expect(routes.unread).toBe(0);
    expect(routes.pages).toEqual([
      { path: 'sign-in', module: 'src/app/a-page.tsx', signedIn: false },
      { path: 'notes/:noteId', module: 'src/app/b-page.tsx', prefetch: 'src/app/a-prefetch.tsx', signedIn: true },
    ]);
    expect(routes.signedInModules).toEqual(['src/app/signed-in-layout.tsx', 'src/app/prefetch-access.tsx']);
  });

  it('counts a route written in another shape, which the build then refuses', () => {
    const routes = readRoutes(checkout(router(`{ path: 'other', lazy: lazyPage(() => import('./c-page')) },`)));
    expect(routes.unread).toBe(1);
    expect(routes.pages.map((page) => page.path)).not.toContain('other');
  });
});

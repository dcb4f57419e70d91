/// <reference types="vitest/config" />

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { readRoutes } from './scripts/page-routes.ts';

/**
 * The first page's stylesheet goes into index.html as a `<style>` element, so the first paint waits for
 * no CSS request (Lighthouse's render-blocking resource). The service allows it by its sha256 in the
 * page's CSP (server/areas/dashboard), never by 'unsafe-inline'. The CSS file stays in the build for
 * the manifest; nothing links it. Build only: the dev server injects CSS through its own client.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          const css = String(asset.source);
          // A stylesheet that could end the element early is left as a link.
          if (/<\/style/i.test(css)) return link;
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

/**
 * The entry script and its module preloads at low fetch priority (`fetchpriority="low"`; the service links
 * a page's own code the same way, server/areas/dashboard/route-preloads.ts). A module script never blocks
 * the first paint, but on a fast connection Chromium sometimes ran the entry before painting the static
 * "Loading the dashboard…", and at high priority Lighthouse then counted the entry's whole download in
 * First Contentful Paint: a signed-in page's FCP was 1.0 s or 2.0 s on the same build, by chance, about two
 * points of its score. A low-priority script is not one Lighthouse holds the first paint to, which is what a
 * phone on a slow network sees: the HTML paints long before 100 KB of script arrives. Nothing else on these
 * pages competes for the network (the configuration, preloaded, keeps its priority): in the page-speed bench
 * beside the revision before, LCP stayed within its run-to-run spread (about ±100 ms). A tag left without
 * the attribute (a Vite that writes its tags otherwise) stops the build.
 */
export function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const low = html
          .replaceAll('<script type="module" crossorigin', '<script type="module" crossorigin fetchpriority="low"')
          .replaceAll(
            '<link rel="modulepreload" crossorigin',
            '<link rel="modulepreload" crossorigin fetchpriority="low"',
          );
        const tags = low.match(/<script[^>]*type="module"[^>]*>|<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
        const left = tags.filter((tag) => !tag.includes(' fetchpriority="low"'));
        if (left.length > 0) throw new Error(`low-priority-scripts: tags not at low priority: ${left.join(' ')}`);
        return low;
      },
    },
  };
}

/**
 * What each page loads after the entry (its lazy route modules, their static imports and styles), as a
 * file beside index.html, `route-preloads.json`: `{ "routes": [{ "path": "/notes/:noteId", "files": [...] }] }`.
 * The service links them from the index.html it sends for that address (server/areas/dashboard), so the
 * browser fetches a page's code alongside the entry, not after the entry has run and the router has
 * matched: a round trip less before the page shows.
 */
export function routePreloads(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const stripExtension = (id: string) => id.replace(/\.(tsx?|jsx?)$/, '');
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const byFacade = new Map(
        chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[stripExtension(chunk.facadeModuleId), chunk]] : [])),
      );
      const closure = (start: readonly Rolldown.OutputChunk[]) => {
        const seen = new Set<Rolldown.OutputChunk>();
        const queue = [...start];
        for (let next = queue.pop(); next; next = queue.pop()) {
          if (seen.has(next)) continue;
          seen.add(next);
          for (const file of next.imports) {
            const imported = bundle[file];
            if (imported?.type === 'chunk') queue.push(imported);
          }
        }
        return seen;
      };
      const entry = closure(chunks.filter((chunk) => chunk.isEntry));
      const filesOf = (modules: readonly string[]) => {
        const lazy = modules.map((id) => {
          const chunk = byFacade.get(stripExtension(id));
          if (!chunk) throw new Error(`route preloads: no chunk for ${id}`);
          return chunk;
        });
        const needed = [...closure(lazy)].filter((chunk) => !entry.has(chunk));
        const css = needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        // The largest first: on HTTP/1.1's six connections it is the one the page waits for longest.
        const js = needed.sort((a, b) => b.code.length - a.code.length).map((chunk) => chunk.fileName);
        return [...new Set(css), ...js].map((file) => `/${file}`);
      };
      const { pages, signedInModules, unread } = readRoutes(root);
      if (unread !== 0) {
        throw new Error(
          `route preloads: ${unread} lazy import(s) in src/app/router.tsx or feature-routes.ts are not in a shape scripts/page-routes.ts reads (page('path', () => import('…'), () => import('…')) or { path, load, prefetch }): their pages would go without their preloads and benchmarks`,
        );
      }
      const signInPage = pages.filter((page) => page.path === 'sign-in');
      const own = (page: { module: string; prefetch?: string }) =>
        [page.module, page.prefetch].filter((key) => key !== undefined).map((key) => join(root, key));
      const signedIn = signedInModules.map((key) => join(root, key));
      const routes = [
        ...pages.map((page) => ({
          path: `/${page.path}`,
          modules: [...(page.signedIn ? signedIn : []), ...own(page)],
        })),
        // `/` is where a first visit starts, signed out, and goes on to sign in; a signed-in visit goes on to its
        // landing page (landing), which it then loads as before.
        ...signInPage.map((page) => ({ path: '/', modules: own(page) })),
        // Any other address (a page not found) is under the signed-in layout.
        { path: '*', modules: signedIn },
      ].map((route) => ({ path: route.path, files: filesOf(route.modules) }));
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
    },
  };
}

/**
 * The chunks src/app/shared-code.ts evaluates a task apart, one module standing for each (its steps, read
 * from the file), as chunkGroups below makes them: each module in the chunk named for it ("signed-in" is also the one whose link in
 * index.html tells shared-code.ts that the page's code is on its way). A build where one is elsewhere
 * stops: two steps in one chunk would be one task again, and a step's chunk that moved (into the sign-in
 * page's, say) would leave its schemas to the next step's task.
 */
export function sharedCodeChunks(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const stepsFile = join(root, 'src/app/shared-code.ts');
  const chunkOfStep = ['schemas-people', 'schemas', 'signed-in'];
  return {
    name: 'shared-code-chunks',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      // The steps as shared-code.ts writes them: one `() => import('…')` each, in order.
      const steps = [...readFileSync(stepsFile, 'utf8').matchAll(/\(\) => import\('([^']+)'\)/g)].map((match) =>
        join(root, 'src/app', match[1] as string),
      );
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const misplaced =
        steps.length === chunkOfStep.length
          ? steps.flatMap((step, index) => {
              const chunk = chunkOfStep[index] as string;
              const file = chunks.find((found) =>
                Object.keys(found.modules).some((id) => id.replace(/\.tsx?$/, '') === step),
              )?.fileName;
              return new RegExp(`^assets/${chunk}-[\\w-]{8}\\.js$`).test(file ?? '')
                ? []
                : [`${step.slice(root.length)} is in ${file ?? 'no chunk'}, not in "${chunk}"`];
            })
          : [`it has ${steps.length} steps, for ${chunkOfStep.length} chunks`];
      if (misplaced.length > 0) {
        throw new Error(
          `shared-code-chunks: ${misplaced.join('; ')} (src/app/shared-code.ts evaluates each a task apart)`,
        );
      }
    },
  };
}

/**
 * Fewer, larger chunks: a signed-in page's first load asked for about 40 files, and on a phone's network
 * (HTTP/1.1, six connections, 150 ms each way) their round trips, not their bytes, held the page back
 * (Lighthouse: LCP 3.2 s, performance 81 on /comments). Groups, beside the entry:
 * - "sign-in": what the first page (sign-in) needs beyond the entry and shares with other pages, in one
 *   file, so the first visit downloads what it did, in fewer requests;
 * - one per area only some pages use (the notes, the mission planner, the record, the OAuth endpoints):
 *   a chunk is evaluated whole when it arrives, in one task, and building an area's schemas is work that
 *   a page without it should not do;
 * - the schemas two or more chunks share, in two files: "schemas-people" (zod, and the schemas of who is
 *   signed in: contract/users.ts, the profile and session endpoints, and what they import) and "schemas"
 *   (the rest of the contract). Building them is most of the work of evaluating the shared code (16 ms on
 *   this machine, 64 ms on Lighthouse's phone), so they come in two chunks that src/app/shared-code.ts
 *   evaluates a task apart, each task under 50 ms there;
 * - "signed-in": the rest of the code two or more chunks share (the API client, the query hooks, the
 *   lists and forms), in one file, which the first visit never downloads (signing in with a pasted
 *   token, the integrators' way, loads it: the pages after it need it anyway). shared-code.ts finds its
 *   link in index.html by this name.
 * The page's files are linked from its index.html (routePreloads): they are all asked for at once, not one
 * after another as each chunk is read, so a few more files cost no extra round trip in a row.
 * Code only one page uses stays with that page, and the entry keeps its own (react, the router, the
 * query client).
 */
function chunkGroups() {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const entryFile = join(root, 'src/main.tsx');
  const signInPage = join(root, 'src/features/auth/sign-in-page.tsx');
  const ours = /\/(src|contract)\/|\/node_modules\/(zod|@tanstack)\//;
  const schemas = /\/contract\/|\/node_modules\/zod\//;
  const peopleSchemas = ['contract/users.ts', 'contract/endpoints/profile.ts', 'contract/endpoints/sessions.ts'].map(
    (file) => join(root, file),
  );
  // React Query's hooks and observers: the entry reaches them only through the package's index (it uses the
  // client and its provider), so the walk below counts them in the entry, but the bundle leaves them out of
  // it, in five small files of their own; they are grouped like the app's code.
  const hooks =
    /\/@tanstack\/(react-query|query-core)\/build\/modern\/(use(Base|Infinite)?Query|useQueries|useMutation|(infiniteQ|q)ueryOptions|errorBoundaryUtils|IsRestoringProvider|QueryErrorResetBoundary|suspense|(infiniteQuery|queries|query|mutation)Observer)\.js$/;
  const inEntry = (id: string, entry: Set<string>) => entry.has(id) && !hooks.test(id);
  type Context = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };
  let sets: { readonly entry: Set<string>; readonly signIn: Set<string>; readonly people: Set<string> } | undefined;
  const setsOf = (context: Context) => {
    if (sets) return sets;
    const walk = (roots: readonly string[], skip: Set<string>) => {
      const seen = new Set<string>();
      const queue = [...roots];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (seen.has(next) || skip.has(next)) continue;
        seen.add(next);
        const info = context.getModuleInfo(next);
        if (!info) continue;
        queue.push(...info.importedIds);
      }
      return seen;
    };
    const entry = walk([entryFile], new Set());
    // Of the hooks, the sign-in page uses only mutations; the package's index names them all.
    const signIn = [...walk([signInPage], new Set())].filter(
      (id) => !inEntry(id, entry) && (!hooks.test(id) || /\/(useMutation|mutationObserver)\.js$/.test(id)),
    );
    const people = walk(peopleSchemas, new Set());
    sets = { entry, signIn: new Set(signIn), people };
    return sets;
  };
  // Only the modules named: what they import goes where its own group (or the entry) puts it.
  const common = { minShareCount: 2, includeDependenciesRecursively: false } as const;
  // The areas only some pages use, each in a chunk of its own: its schemas, queries and components. Building a
  // schema is work (zod makes ~700 objects for the contract the dashboard uses), and a chunk is evaluated whole
  // when it arrives, in one task: in the shared chunk, the comments page built the mission planner's schemas too.
  const areas: Record<string, readonly string[]> = {
    notes: [
      'contract/notes.ts',
      'contract/endpoints/notes.ts',
      'contract/note-corrections.ts',
      'contract/endpoints/note-corrections.ts',
      'src/features/notes/',
    ],
    'mission-planner': [
      'contract/mission-planner.ts',
      'contract/endpoints/mission-planner.ts',
      'contract/mission-plans.ts',
      'contract/endpoints/mission-plans.ts',
      'src/features/mission-planner/',
    ],
    auth: ['contract/auth.ts', 'contract/endpoints/auth.ts'],
    'student-record': ['contract/student-record.ts', 'contract/endpoints/student-record.ts', 'src/app/student-record/'],
  };
  const areaOf = (id: string) =>
    Object.keys(areas).find((name) => areas[name]?.some((place) => id.startsWith(join(root, place))));
  return [
    {
      ...common,
      name: (id: string, context: Context) => {
        const name = areaOf(id);
        if (!name) return null;
        const { entry, signIn } = setsOf(context);
        return inEntry(id, entry) || signIn.has(id) ? null : name;
      },
      priority: 4,
      debugName: 'areas',
    },
    {
      ...common,
      name: (id: string, context: Context) =>
        ours.test(id) && id !== signInPage && setsOf(context).signIn.has(id) ? 'sign-in' : null,
      priority: 3,
      debugName: 'sign-in',
    },
    {
      ...common,
      name: (id: string, context: Context) => {
        if (!schemas.test(id)) return null;
        const { entry, signIn, people } = setsOf(context);
        if (inEntry(id, entry) || signIn.has(id)) return null;
        return people.has(id) ? 'schemas-people' : 'schemas';
      },
      priority: 2,
      debugName: 'schemas',
    },
    {
      ...common,
      name: (id: string, context: Context) => {
        if (!ours.test(id)) return null;
        const { entry, signIn } = setsOf(context);
        return inEntry(id, entry) || signIn.has(id) ? null : 'signed-in';
      },
      priority: 1,
      debugName: 'signed-in',
    },
  ];
}

// The service (server/) serves the built dashboard; in `npm run dev` Vite
// proxies the API to the service that command starts beside it (on PORT).
const api = `http://127.0.0.1:${process.env.PORT || 8080}`;
const webStorageSwitch = '--no-experimental-webstorage';
const nodeWebStorageOff = process.allowedNodeEnvironmentFlags.has(webStorageSwitch) ? [webStorageSwitch] : [];

export default defineConfig({
  plugins: [react(), inlineEntryCss(), lowPriorityScripts(), routePreloads(), sharedCodeChunks()],
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
  },
  server: {
    proxy: Object.fromEntries(
      [
        '/edu',
        '/user',
        '/plugin',
        '/sandbox',
        // Not /auth itself: /auth/callback is the dashboard's own page.
        '/auth/v1',
        '/admin',
        '/mission-planner',
        '/oauth',
        '/config.json',
        '/openapi.json',
        '/docs',
      ].map((prefix) => [prefix, api]),
    ),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'service',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'sandbox/**/*.test.ts',
            'testkit/**/*.test.ts',
            'contract/**/*.test.ts',
            'plugin/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 20000,
          // The in-process services log only what goes wrong; the child processes tests start get their own env.
          env: { LOG_LEVEL: 'warn' },
        },
      },
      {
        extends: true,
        test: {
          // The same service tests again, on a throwaway PostgreSQL server (testkit/postgres-setup.ts).
          name: 'service-postgres',
          environment: 'node',
          include: ['server/**/*.test.ts', 'sandbox/**/*.test.ts'],
          globalSetup: ['testkit/postgres-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          env: { LOG_LEVEL: 'warn' },
        },
      },
      {
        extends: true,
        test: {
          name: 'dashboard',
          environment: 'jsdom',
          // Node 25 and later have a localStorage of their own, undefined without --localstorage-file, and it
          // hides jsdom's; turned off where Node knows the switch (Node 20 does not, and has none).
          execArgv: nodeWebStorageOff,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // jsdom renders of long lists take seconds on a busy 2-core machine.
          testTimeout: 15000,
          // A reader west of UTC (CI's machines run in UTC): a late-evening time is another day in UTC, so the
          // tests of days and times written in the reader's zone fail if the code reads UTC's instead.
          env: { TZ: 'America/Los_Angeles' },
        },
      },
    ],
  },
});

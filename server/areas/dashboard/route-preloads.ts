/**
 * The page's code, linked from the index.html the service sends for its
 * address: the build writes what each page loads after the entry into
 * `route-preloads.json` (vite.config.ts, routePreloads), and the browser,
 * reading these links with the entry's, fetches the page's chunks alongside
 * the entry instead of after it has run. Only a hint: a build without the
 * file (or with one the service cannot read) gets the page as built, and the
 * service's log says why, once per index.html it reads.
 */
import { z } from 'zod';

const RoutePreloads = z.object({
  routes: z.array(
    z.object({
      path: z.string().startsWith('/').or(z.literal('*')),
      files: z.array(z.string().regex(/^\/assets\/[\w.-]+\.(js|css)$/)),
    }),
  ),
});
export type RoutePreloads = z.infer<typeof RoutePreloads>;

/** A route of fixed segments before one with parameters (`/notes/new` before `/notes/:noteId`), `*` last. */
const rank = (pattern: string) => (pattern === '*' ? 2 : pattern.includes('/:') ? 1 : 0);

/** The file as the build wrote it, or why it cannot be used. */
export type ReadPreloads = { readonly preloads: RoutePreloads } | { readonly problem: string };

/**
 * The file as the build wrote it, its routes in the order the router tries them; or, if there is none or it
 * is not what the build writes, why (the service then sends each page as built, and says so in its log).
 */
export function readRoutePreloads(text: string | undefined): ReadPreloads {
  if (text === undefined) return { problem: 'there is no route-preloads.json beside index.html' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'route-preloads.json is not JSON' };
  }
  const parsed = RoutePreloads.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return { problem: `route-preloads.json is not what the build writes${where}: ${issue?.message ?? 'invalid'}` };
  }
  return { preloads: { routes: [...parsed.data.routes].sort((a, b) => rank(a.path) - rank(b.path)) } };
}

/**
 * Whether a route path (`/notes/:noteId`) names this address, as the router matches: segment by segment,
 * whatever the letter case, with a trailing slash or not; `*` names every address.
 */
function matches(pattern: string, path: string): boolean {
  if (pattern === '*') return true;
  if (path === '/') return pattern === '/';
  const want = pattern.toLowerCase().split('/');
  const got = path.toLowerCase().replace(/\/+$/, '').split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/** The route an address opens, as the router picks it (the routes are in its order, see parseRoutePreloads). */
export function routeFor(preloads: RoutePreloads, path: string): RoutePreloads['routes'][number] | undefined {
  return preloads.routes.find((route) => matches(route.path, path));
}

/**
 * The `<link>`s that fetch the files early: scripts as module preloads, styles as preloaded styles. Both in
 * CORS mode, as the build's loader asks for them (a `<link rel="stylesheet" crossorigin>` when a page's chunk
 * loads): a preload in another mode would not be the one used, and the file would come twice. At low fetch
 * priority, as the entry and its own preloads (lowPriorityScripts in vite.config.ts): none of them holds
 * the page's static first paint, for the browser or for Lighthouse. The styles too: a style preload goes
 * out at the highest priority, which Lighthouse counts as holding the first paint even though nothing
 * applies it until the layout's code asks for it; at low priority it is still fetched with the scripts.
 */
export function preloadLinks(files: readonly string[]): string {
  return files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${file}">`
        : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`,
    )
    .join('');
}

/** index.html with the route's links at the end of its head. */
export function withPreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  return html.replace('</head>', `${preloadLinks(files)}</head>`);
}

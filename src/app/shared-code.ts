/**
 * The code every signed-in page shares, evaluated a chunk per task before any
 * signed-in page's own. A chunk is evaluated whole, in one task, together with
 * every chunk it imports that has not run yet: left to the router, a signed-in
 * page's first visit evaluated the schemas, the API client and the page in one
 * task of 30–40 ms, 120–160 ms on Lighthouse's phone, its longest after the
 * first paint (most of its Total Blocking Time). Imported here one after
 * another, a task apart, each of the three chunks below is one task of its own
 * (zod and the signed-in person's schemas, the other schemas, the API client
 * and the components), each under 50 ms on that phone.
 *
 * The three modules stand for their chunks (vite.config.ts, chunkGroups:
 * "schemas-people", "schemas", "signed-in"): importing one evaluates its
 * chunk. The build reads the steps (each `() => import(…)`) from this file and stops
 * unless each is in its chunk (sharedCodeChunks).
 *
 * Only when index.html links that code (the service links a page's files from
 * the index.html it sends, server/areas/dashboard/route-preloads.ts): then it
 * is on its way already, and evaluating it in steps costs no round trip. An
 * index.html without those links (a static host) gets no steps: each import
 * here would fetch its chunk only after the one before had run, a round trip
 * each before the page's own code is even asked for.
 */
import { nextTask } from '../lib/tasks/next-task';

/** How index.html links the shared chunk (vite.config.ts names it "signed-in"). */
const SHARED_CODE_LINK = 'link[rel="modulepreload"][href*="/assets/signed-in-"]';

const steps: readonly (() => Promise<unknown>)[] = [
  () => import('../../contract/users'),
  () => import('../../contract/roster'),
  () => import('../lib/api/client'),
];

let evaluated: Promise<void> | undefined;

/**
 * Resolves once the shared code has been evaluated in steps, or at once when
 * index.html does not link it. Never fails: a chunk that could not be fetched
 * is fetched again by the page that needs it, which says so (page-loader.tsx).
 */
export function sharedCodeEvaluated(): Promise<void> {
  evaluated ??= (async () => {
    if (!document.querySelector(SHARED_CODE_LINK)) return;
    for (const step of steps) {
      await step();
      // A hidden tab has no input to keep free, and its timers come about once a second: no waiting there.
      if (document.visibilityState !== 'hidden') await nextTask();
    }
  })().catch(() => undefined);
  return evaluated;
}

/**
 * Render as you fetch: a page's data is asked for as soon as the router knows
 * the page, while the page's code downloads, instead of after it has loaded
 * and rendered. Each page may name a small prefetch module (loaded in
 * parallel with the page); it puts the page's queries, with the very options
 * the page uses, into the query cache, where the page then finds them in
 * flight or answered.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { PrefetchArgs } from '../lib/api/prefetch-args';
import { whenConfigured } from '../lib/config/runtime-config';
import { sessionStore } from '../lib/session/session-store';
import { sharedCodeEvaluated } from './shared-code';

export type PrefetchModule = () => Promise<{ readonly default: (args: PrefetchArgs) => void }>;

/**
 * A route loader that starts the page's prefetch and returns at once: it never holds the page back. The
 * prefetch module, like the page, is evaluated after the code signed-in pages share (shared-code.ts).
 */
export function prefetchLoader(queryClient: QueryClient, load: PrefetchModule) {
  return ({ params, request }: LoaderFunctionArgs) => {
    // Only a signed-in visit has data to fetch; the signed-in layout sends anyone else to sign in.
    if (sessionStore.get()) {
      void Promise.all([sharedCodeEvaluated().then(load), whenConfigured()])
        .then(([module]) => {
          if (sessionStore.get()) module.default({ queryClient, params, url: new URL(request.url) });
        })
        .catch(() => {
          // The page fetches for itself; a prefetch that could not even load changes nothing.
        });
    }
    return null;
  };
}

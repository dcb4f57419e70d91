/**
 * React Query's client: memory only (no persister), 5xx thrown to the route
 * error boundary, other errors handled where they happen, and the whole
 * cache cleared whenever the signed-in person changes or signs out, so no
 * one's profile data outlives their session (nor what was found out about
 * the platform's extensions, lib/api/extensions.ts).
 *
 * A read that got no answer at all is sent again a couple of times, backing
 * off, then left to service-recovery.tsx.
 *
 * A request the service was too busy to start (503 `overloaded`) is sent
 * again after the `Retry-After` it named, a few times at most, queries and
 * writes alike: the service did nothing with it. `BusyNotice` tells the
 * person meanwhile.
 *
 * A mutation refreshes its own feature's queries itself; the keys of other
 * features' queries it makes stale it names in `meta.invalidates`, and the one
 * MutationCache here invalidates them, so features never import each other.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError, isNetworkError, isOverloaded, isServerError } from '../lib/api/api-error';
import { extensions } from '../lib/api/extensions';
import { FRESH_FOR_MS } from '../lib/api/freshness';
import type { AppMutationMeta } from '../lib/api/mutation-meta';
import { sessionStore } from '../lib/session/session-store';

/** Times a request refused as overloaded is sent again. */
export const BUSY_RETRIES = 3;
/** The longest wait honoured, whatever `Retry-After` says. */
export const LONGEST_BUSY_WAIT_MS = 10_000;

function isWorthRetrying(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500;
}

/**
 * Times a read that got no answer at all is sent again, backing off, before
 * the page says the service cannot be reached (and service-recovery.tsx
 * keeps trying from there): a dropped connection often comes back at once.
 */
export const UNREACHABLE_RETRIES = 2;

/** The wait the service asked for (1 s when it named none), capped, plus a little spread so clients do not return in step. */
export function busyRetryDelay(error: ApiError): number {
  const asked = (error.retryAfterSeconds ?? 1) * 1000;
  return Math.min(LONGEST_BUSY_WAIT_MS, asked) + Math.floor(Math.random() * 250);
}

const retryDelay = (failures: number, error: unknown): number =>
  isOverloaded(error) ? busyRetryDelay(error) : Math.min(1000 * 2 ** failures, 30_000);

/**
 * Invalidates every query under the keys a succeeded mutation names. Returned
 * to the MutationCache, which awaits it: the mutation is settled only once
 * what it made stale has been fetched again, as when it invalidated them itself.
 */
function invalidateNamed(queryClient: QueryClient, meta: AppMutationMeta | undefined): Promise<unknown> {
  return Promise.all((meta?.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // Without the session extension the app's scopes are not told: a read refused for want of the training scope tells.
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error) && error.code === 'missing_scope') extensions.markAbsent('training-scope');
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => invalidateNamed(queryClient, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: FRESH_FOR_MS,
        retry: (failures, error) => {
          if (isOverloaded(error)) return failures < BUSY_RETRIES;
          if (isNetworkError(error)) return failures < UNREACHABLE_RETRIES;
          return failures < 1 && isWorthRetrying(error);
        },
        retryDelay,
        // Still busy after the retries: said where it happened, with a retry, not as a broken page.
        throwOnError: (error) => isServerError(error) && !isOverloaded(error),
      },
      mutations: {
        retry: (failures, error) => isOverloaded(error) && failures < BUSY_RETRIES,
        retryDelay,
      },
    },
  });
  return queryClient;
}

export function clearCacheOnSessionChange(queryClient: QueryClient): () => void {
  let userId = sessionStore.get()?.userId;
  return sessionStore.subscribe(() => {
    const next = sessionStore.get()?.userId;
    if (next !== userId) {
      userId = next;
      queryClient.clear();
      extensions.reset();
    }
  });
}

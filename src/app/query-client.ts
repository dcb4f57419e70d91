/**
 * React Query's client: memory only (no persister), 5xx thrown to the route
 * error boundary, other errors handled where they happen, and the whole
 * cache cleared whenever the signed-in person changes or signs out, so no
 * one's profile data outlives their session.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError, isServerError } from '../lib/api/api-error';
import { sessionStore } from '../lib/session/session-store';

function isWorthRetrying(error: unknown): boolean {
  return !isApiError(error) || error.code === 'network_error' || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => failures < 1 && isWorthRetrying(error),
        throwOnError: (error) => isServerError(error),
      },
      mutations: { retry: false },
    },
  });
}

export function clearCacheOnSessionChange(queryClient: QueryClient): () => void {
  let userId = sessionStore.get()?.userId;
  return sessionStore.subscribe(() => {
    const next = sessionStore.get()?.userId;
    if (next !== userId) {
      userId = next;
      queryClient.clear();
    }
  });
}

/**
 * Says, on every page, when the service was too busy to take a request and
 * the dashboard is waiting as it asked before trying again (see
 * query-client.ts). A polite live region that stays in the page, so the
 * change is read out; empty when nothing waits.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isOverloaded } from '../lib/api/api-error';

/** The longest wait the service asked for among requests waiting to be sent again, or null. */
function busyWait(queryClient: ReturnType<typeof useQueryClient>): number | null {
  let seconds: number | null = null;
  const note = (error: unknown) => {
    if (isOverloaded(error)) seconds = Math.max(seconds ?? 0, error.retryAfterSeconds ?? 1);
  };
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.fetchStatus === 'fetching') note(query.state.fetchFailureReason);
  }
  for (const mutation of queryClient.getMutationCache().getAll()) {
    if (mutation.state.status === 'pending') note(mutation.state.failureReason);
  }
  return seconds;
}

export function busyMessage(seconds: number | null): string {
  if (seconds === null) return '';
  return `The service is busy. Trying again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}…`;
}

export function BusyNotice() {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const queries = queryClient.getQueryCache().subscribe(onChange);
      const mutations = queryClient.getMutationCache().subscribe(onChange);
      return () => {
        queries();
        mutations();
      };
    },
    [queryClient],
  );
  const seconds = useSyncExternalStore(
    subscribe,
    () => busyWait(queryClient),
    () => null,
  );
  return (
    <p className="busy-notice" role="status">
      {busyMessage(seconds)}
    </p>
  );
}

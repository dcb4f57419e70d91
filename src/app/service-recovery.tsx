/**
 * Brings a page's data back by itself after an outage. React Query refetches
 * when the browser comes back online, but a service that went down leaves
 * the browser online; so while any query on screen failed for want of an
 * answer, they are fetched again on the prompts of use-recovery.ts, and the
 * pages show their data without a reload.
 */
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isNetworkError } from '../lib/api/api-error';
import { useRecovery } from './use-recovery';

const unreachable = (query: Query) => query.state.status === 'error' && isNetworkError(query.state.error);

export function ServiceRecovery() {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const down = useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryCache().getAll().some(unreachable),
    () => false,
  );
  useRecovery(down, () => queryClient.refetchQueries({ predicate: unreachable, type: 'active' }));
  return null;
}

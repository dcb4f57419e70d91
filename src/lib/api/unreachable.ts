/**
 * A read with nothing to show that got no answer at all, also while it is tried again. React Query puts a
 * query without data back to "pending" at each new try, and the recovery (app/service-recovery.tsx) tries
 * again and again during an outage: a page that waits while its queries are pending shows its skeleton for as
 * long as the service is down, and never says why. The failure of the last try says it at once.
 */
import { isNetworkError } from './api-error';

interface ReadState {
  readonly data: unknown;
  readonly error: unknown;
  readonly failureReason: unknown;
}

/** The network error that keeps `query` from showing anything, while the service cannot be reached. */
export function unreachableError(query: ReadState): unknown {
  if (query.data !== undefined) return undefined;
  const failure = query.error ?? query.failureReason;
  return isNetworkError(failure) ? failure : undefined;
}

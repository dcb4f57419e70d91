/**
 * What a mutation tells the app's one MutationCache about itself: the query
 * keys of other features it makes stale (`invalidates`). Named as data, so a
 * feature refreshes another's queries without importing them; registered with
 * TanStack Query, so every mutation's `meta` is checked against it.
 */
import type { QueryKey } from '@tanstack/react-query';

// A type, not an interface: TanStack Query takes a registered meta only when it is assignable to Record<string, unknown>.
export type AppMutationMeta = {
  /** Keys (or key prefixes) of queries to invalidate once the mutation has succeeded. */
  readonly invalidates?: readonly QueryKey[];
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: AppMutationMeta;
  }
}

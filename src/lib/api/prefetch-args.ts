/** What a page's prefetch module gets (see app/prefetch.ts): the query cache, the route's params and the URL. */
import type { QueryClient } from '@tanstack/react-query';

export interface PrefetchArgs {
  readonly queryClient: QueryClient;
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly url: URL;
}

/** The comments page's data (the list for the URL's filters, and the roster), asked for while its code loads. */

import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { rosterQueries } from '../../lib/api/roster-queries';
import { readFilters } from '../../lib/url/use-search-filters';
import { commentFilterKeys, commentFiltersOf, commentQueries } from './api/comment-queries';

export default function prefetchComments({ queryClient, url }: PrefetchArgs): void {
  void queryClient.prefetchInfiniteQuery(
    commentQueries.list(commentFiltersOf(readFilters(url.searchParams, commentFilterKeys))),
  );
  void queryClient.prefetchQuery(rosterQueries.mine());
}

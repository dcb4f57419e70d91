/** The comments page's data (the list for the URL's filters, and the roster), asked for while its code loads. */

import { commentFiltersSchema } from '../../../contract/comments';
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { rosterQueries } from '../../lib/api/roster-queries';
import { readUrlFilters } from '../../lib/url/url-filters';
import { commentQueries } from './api/comment-queries';

export default function prefetchComments({ queryClient, url }: PrefetchArgs): void {
  void queryClient.prefetchInfiniteQuery(
    commentQueries.list(readUrlFilters(url.searchParams, commentFiltersSchema).filters),
  );
  void queryClient.prefetchQuery(rosterQueries.mine());
}

/** A student's record and the trainer's roster, asked for while the record page's code loads. */
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { rosterQueries } from '../../lib/api/roster-queries';
import { recordQueries } from './record-queries';

export default function prefetchRecord({ queryClient, params }: PrefetchArgs): void {
  if (params.userId) void queryClient.prefetchQuery(recordQueries.of(params.userId));
  void queryClient.prefetchQuery(rosterQueries.mine());
}

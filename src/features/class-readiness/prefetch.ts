/**
 * Class readiness's roster, asked for while its code loads: the heading names
 * the class from it, and the page shows the class's students. The page's
 * other reads (the plugins, who was written about when) import the planner's
 * contract, which would make this module as big as the page: the page asks
 * for them itself.
 */
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { rosterQueries } from '../../lib/api/roster-queries';

export default function prefetchReadiness({ queryClient }: PrefetchArgs): void {
  void queryClient.prefetchQuery(rosterQueries.mine());
}

/** The plugins offered, asked for while the mission planner's code loads. */
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { missionPlannerQueries } from './api/mission-planner-queries';

export default function prefetchPlanner({ queryClient }: PrefetchArgs): void {
  void queryClient.prefetchQuery(missionPlannerQueries.plugins());
}

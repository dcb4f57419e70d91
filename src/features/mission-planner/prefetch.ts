/** The plugins offered, asked for while the mission planner's code loads. */
import { extensions } from '../../lib/api/extensions';
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { missionPlannerQueries } from './api/mission-planner-queries';

export default function prefetchPlanner({ queryClient }: PrefetchArgs): void {
  if (extensions.offered('mission-planner')) void queryClient.prefetchQuery(missionPlannerQueries.plugins());
}

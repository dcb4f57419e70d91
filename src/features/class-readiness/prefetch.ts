/**
 * Class readiness's data, asked for while its code loads: the trainer's roster
 * (the heading names the class from it), the plugins offered and, once
 * they are, when each student was last written about. Before, the page asked only once rendered,
 * and its heading grew from "Class readiness" to the class's name after the
 * first paint, moving the text under it (Lighthouse's only layout shift on
 * the page, 0.008).
 */
import { extensions } from '../../lib/api/extensions';
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { rosterQueries } from '../../lib/api/roster-queries';
import { readinessQueries } from './api/readiness-queries';

export default function prefetchReadiness({ queryClient, params }: PrefetchArgs): void {
  void queryClient.prefetchQuery(rosterQueries.mine());
  if (!extensions.offered('mission-planner')) return;
  const { classId } = params;
  // Who was written about when, once the planner is known to be there: where it is not, the page says so and
  // reads nothing else (and the platform would answer it from every comment and note of the class).
  void queryClient.fetchQuery(readinessQueries.plugins()).then(
    () => {
      if (classId) void queryClient.prefetchQuery(readinessQueries.writtenAbout(classId));
    },
    () => {
      // The page asks for the plugins itself and says what went wrong.
    },
  );
}

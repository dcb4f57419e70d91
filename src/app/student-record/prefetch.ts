/**
 * A student's record and the trainer's roster, asked for while the record page's code loads; once the roster is
 * in, the trainers of each class the person shares with the viewer (the header names them). Those are a third
 * read in a row (classes, their students, then who trains each), and asking for them as the roster arrives,
 * not after the page has rendered it, shows the header ~100 ms sooner on a phone.
 */
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { rosterQueries } from '../../lib/api/roster-queries';
import { rosterOf } from './record-model';
import { recordQueries, sharedClassAudience } from './record-queries';

export default function prefetchRecord({ queryClient, params }: PrefetchArgs): void {
  const { userId } = params;
  if (userId) void queryClient.prefetchQuery(recordQueries.of(userId));
  void queryClient.fetchQuery(rosterQueries.mine()).then(
    (roster) => {
      if (!userId || !roster) return;
      for (const klass of rosterOf(roster, userId).classes) {
        const audience = sharedClassAudience(klass);
        if (audience.enabled) void queryClient.prefetchQuery(audience);
      }
    },
    () => {
      // The page reads the roster for itself and shows what went wrong.
    },
  );
}

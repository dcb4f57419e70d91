/**
 * A student's record and the trainer's roster, asked for while the record page's code loads. Where the record
 * extension answers, its record names the classes shared with the person and who trains each, so nothing more is
 * needed. Where it does not, the trainers of each class the person shares with the viewer (the header names them)
 * are asked for once the roster is in: a third read in a row (classes, their students, then who trains each), and
 * asking for them as the roster arrives, not after the page has rendered it, shows the header ~100 ms sooner on a
 * phone.
 */
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { rosterQueries } from '../../lib/api/roster-queries';
import { rosterOf } from './record-model';
import { recordQueries, sharedClassAudience } from './record-queries';

export default function prefetchRecord({ queryClient, params }: PrefetchArgs): void {
  const { userId } = params;
  // A record that fails here is read again by the page, which shows what went wrong.
  const record = userId ? queryClient.fetchQuery(recordQueries.of(userId)).catch(() => undefined) : undefined;
  void Promise.all([queryClient.fetchQuery(rosterQueries.mine()), record]).then(
    ([roster, own]) => {
      if (!userId || !roster || own?.sharedClasses) return;
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

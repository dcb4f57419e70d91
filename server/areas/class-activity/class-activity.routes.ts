import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { classActivityHandlers } from './class-activity.handlers.ts';
import { classActivityRepo } from './class-activity.repo.ts';

export function classActivityRoutes(router: Router, deps: Deps): void {
  const h = classActivityHandlers(classActivityRepo(deps.db.q));
  // Counted from the comments and notes under the read rule (classes: trainers and enrollments); no user's summary is in it.
  router.bind(e.classActivity, ({ caller, query }) => h.counts(caller, query.classId), {
    reads: ['comments', 'notes', 'classes'],
  });
}

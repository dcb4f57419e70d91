import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { recordHandlers } from './student-record.handlers.ts';
import { recordsRepo } from './student-record.repo.ts';

export function recordRoutes(router: Router, deps: Deps): void {
  const h = recordHandlers(recordsRepo(deps.db.q));
  router.bind(e.studentRecord, ({ caller, params }) => h.record(caller, params.userId), {
    reads: ['comments', 'notes', 'users', 'classes'],
  });
}

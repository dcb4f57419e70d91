import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { audienceHandlers } from './audience.handlers.ts';

export function audienceRoutes(router: Router, deps: Deps): void {
  const h = audienceHandlers(deps);
  // Not kept for reuse (no `reads`): whether a comment's audience may be told depends on the app's scope,
  // which the answer cache's key (route, user, input) does not hold.
  router.bind(e.audience, ({ caller, query }) => h.audience(caller, query));
}

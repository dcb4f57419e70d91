import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import { answerList } from '../../http/link-header.ts';
import type { Router } from '../../http/route.ts';
import { searchHandlers } from './search.handlers.ts';

export function searchRoutes(router: Router, deps: Deps): void {
  const h = searchHandlers(deps);
  router.bind(e.search, async ({ caller, query, context }) => answerList(context, await h.search(caller, query)), {
    reads: ['comments', 'notes', 'users', 'classes'],
  });
}

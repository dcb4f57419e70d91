import { coreEndpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { commentHandlers } from './comments.handlers.ts';
import { rosterRepo } from './roster.repo.ts';

export function commentRoutes(router: Router, deps: Deps): void {
  const h = commentHandlers(deps);
  const roster = rosterRepo(deps.db.q);
  router.bind(e.listComments, ({ caller, query }) => h.list(caller, query), {
    reads: ['comments', 'users', 'classes'],
  });
  router.bind(e.createComment, ({ caller, body }) => h.create(caller, body));
  router.bind(e.roster, ({ caller }) => roster.of(caller.userId), { reads: ['classes', 'users'] });
}

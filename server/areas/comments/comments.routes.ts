import { endpoints as e } from '../../../contract/endpoints.ts';
import { answerList } from '../../data/paging.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { rosterRepo } from '../roster/roster.repo.ts';
import { commentHandlers } from './comments.handlers.ts';

export function commentRoutes(router: Router, deps: Deps): void {
  const h = commentHandlers(deps);
  const roster = rosterRepo(deps.db.q);
  router.bind(e.listComments, async ({ caller, query, context }) => answerList(context, await h.list(caller, query)), {
    reads: ['comments', 'users', 'classes'],
  });
  router.bind(e.createComment, ({ caller, body }) => h.create(caller, body));
  router.bind(e.roster, ({ caller }) => roster.of(caller.userId), { reads: ['classes', 'users'] });
}

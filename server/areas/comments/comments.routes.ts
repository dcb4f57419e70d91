import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import { answerList } from '../../http/link-header.ts';
import type { Router } from '../../http/route.ts';
import { commentHandlers } from './comments.handlers.ts';

export function commentRoutes(router: Router, deps: Deps): void {
  const h = commentHandlers(deps);
  router.bind(e.listComments, async ({ caller, query, context }) => answerList(context, await h.list(caller, query)), {
    reads: ['comments', 'users', 'classes'],
  });
  router.bind(e.createComment, ({ caller, body }) => h.create(caller, body));
}

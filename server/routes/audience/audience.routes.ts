import { coreEndpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { commentHandlers } from '../comments/comments.handlers.ts';
import { commentsRepo } from '../comments/comments.repo.ts';
import { noteHandlers } from '../notes/notes.handlers.ts';
import { notesRepo } from '../notes/notes.repo.ts';
import { audienceHandlers } from './audience.handlers.ts';
import { readersRepo } from './readers.repo.ts';

export function audienceRoutes(router: Router, deps: Deps): void {
  const h = audienceHandlers(
    commentHandlers(deps, commentsRepo(deps.db)),
    noteHandlers(deps, notesRepo(deps.db)),
    readersRepo(deps.db),
  );
  router.bind(e.audience, ({ caller, query }) => h.audience(caller, query));
}

import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { correctionHandlers } from './corrections.handlers.ts';

export function correctionRoutes(router: Router, deps: Deps): void {
  const h = correctionHandlers(deps);
  router.bind(e.correctComment, ({ caller, body }) => h.correctComment(caller, body));
  router.bind(e.withdrawComment, ({ caller, body }) => h.withdrawComment(caller, body.commentId));
  router.bind(e.correctNote, ({ caller, body }) => h.correctNote(caller, body));
  // Who may read an entry is the entry and its class's trainers; what is answered, the versions.
  router.bind(e.commentVersions, ({ caller, query }) => h.commentVersions(caller, query.commentId), {
    reads: ['comments', 'classes', 'corrections'],
  });
  router.bind(e.noteVersions, ({ caller, query }) => h.noteVersions(caller, query.noteId), {
    reads: ['notes', 'classes', 'corrections'],
  });
}

import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import { answerList } from '../../http/link-header.ts';
import type { Router } from '../../http/route.ts';
import { noteHandlers } from './notes.handlers.ts';

export function notesRoutes(router: Router, deps: Deps): void {
  const h = noteHandlers(deps);
  router.bind(e.listNotes, async ({ caller, query, context }) => answerList(context, await h.list(caller, query)), {
    reads: ['notes', 'users', 'classes'],
  });
  router.bind(e.getNote, ({ caller, query }) => h.get(caller, query.noteId), { reads: ['notes', 'users', 'classes'] });
  router.bind(e.createNote, ({ caller, body }) => h.create(caller, body));
  router.bind(e.removeNote, ({ caller, body }) => h.remove(caller, body.noteId));
}

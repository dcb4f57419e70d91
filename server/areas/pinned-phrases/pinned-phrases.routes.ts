import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { pinnedPhraseHandlers } from './pinned-phrases.handlers.ts';

export function pinnedPhraseRoutes(router: Router, deps: Deps): void {
  const h = pinnedPhraseHandlers(deps);
  router.bind(e.pinnedPhrases, ({ caller }) => h.read(caller));
  router.bind(e.putPinnedPhrases, ({ caller, body }) => h.replace(caller, body.phrases));
}

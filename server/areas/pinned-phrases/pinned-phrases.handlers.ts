/**
 * Pinned phrases (extension): each person reads and writes only their own,
 * found by the caller's userId; no request names anyone else's, so there is
 * nothing of another person's to refuse or to reveal. A phrase pinned twice
 * is kept once, where it was first.
 */
import type { PinnedPhrases } from '../../../contract/pinned-phrases.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import type { Deps } from '../../deps.ts';
import { pinnedPhrasesRepo } from './pinned-phrases.repo.ts';

export function pinnedPhraseHandlers(deps: Deps) {
  return {
    async read(caller: UserCaller): Promise<PinnedPhrases> {
      return { phrases: await pinnedPhrasesRepo(deps.db.q).of(caller.userId) };
    },
    replace(caller: UserCaller, phrases: readonly string[]): Promise<PinnedPhrases> {
      const kept = [...new Set(phrases)];
      // Bookkeeping data (no answer is kept of it): nothing to bump.
      return deps.db.transaction(async (tx) => {
        await pinnedPhrasesRepo(tx).replace(caller.userId, kept);
        return { phrases: kept };
      });
    },
  };
}

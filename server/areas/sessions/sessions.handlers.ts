/** Token refresh and sign-out (extensions: the interface does not show token issuance). */
import type { Session } from '../../../contract/users.ts';
import { issueSession } from '../../access/sessions.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { sessionsRepo } from './sessions.repo.ts';

export function sessionHandlers(deps: Deps) {
  return {
    /** Single use: the old pair stops working in the transaction that issues the new one. */
    refresh(refreshToken: string): Promise<Session> {
      return deps.db.transaction(async (tx) => {
        const spent = await sessionsRepo(tx).spendRefresh(refreshToken, deps.now());
        if (!spent) {
          throw new HttpError(401, 'invalid_token', 'The refresh token is not valid or has expired; sign in again');
        }
        // Refuses sandbox apps on production, as every other credential (and rolls the spend back).
        await deps.auth.app(spent.client_id, tx);
        return issueSession(tx, deps, spent.user_id, spent.client_id);
      });
    },
    signOut(authorization: string | undefined): Promise<{ success: boolean }> {
      const token = (authorization ?? '').trim().replace(/^bearer\s+/i, '');
      return deps.db.transaction(async (tx) => {
        await sessionsRepo(tx).revokeToken(token);
        return { success: true };
      });
    },
  };
}

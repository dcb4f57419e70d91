/** Token refresh and sign-out (extensions: the interface does not show token issuance). */
import type { Session } from '../../../contract/users.ts';
import { refreshSession } from '../../access/sessions.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { sessionsRepo } from './sessions.repo.ts';

export function sessionHandlers(deps: Deps) {
  return {
    /**
     * Single use: the old pair stops working in the transaction that issues
     * the new one. A refresh token presented after it was spent ends every
     * session of its family (server/access/sessions.ts).
     */
    async refresh(refreshToken: string): Promise<Session> {
      // Refuses sandbox apps on production, as every other credential (and rolls the spend back).
      const refreshed = await refreshSession(deps, refreshToken, async (tx, clientId) => {
        await deps.auth.app(clientId, tx);
      });
      if (!refreshed.ok) {
        throw new HttpError(
          401,
          'invalid_token',
          refreshed.reused
            ? 'The refresh token was already used; every session of that sign-in has been ended. Sign in again'
            : 'The refresh token is not valid or has expired; sign in again',
        );
      }
      return refreshed.session;
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

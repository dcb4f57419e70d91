/** Token refresh and sign-out (extensions: the interface does not show token issuance). */
import type { Session } from '../../../contract/users.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import type { SessionsRepo } from './auth.repo.ts';

export function authHandlers(deps: Deps, sessions: SessionsRepo) {
  const { settings } = deps;
  return {
    /** Issues a fresh session for a user of an app (sandbox sign-in, anonymous sign-up, refresh). */
    issue(userId: string, clientId: string): Session {
      return sessions.issue(userId, clientId, deps.now(), settings.TOKEN_TTL_SECONDS, settings.REFRESH_TTL_SECONDS);
    },
    refresh(refreshToken: string): Session {
      const row = sessions.findByRefresh(refreshToken);
      if (!row || row.revoked || row.refresh_expires_at <= deps.now()) {
        throw new HttpError(401, 'invalid_token', 'The refresh token is not valid or has expired; sign in again');
      }
      // Refuses sandbox apps on production, as every other credential.
      deps.auth.app(row.client_id);
      // Single use: the old pair stops working the moment a new one is issued.
      sessions.revokeByHash(row.token_hash);
      return this.issue(row.user_id, row.client_id);
    },
    signOut(authorization: string | undefined): { success: boolean } {
      const token = (authorization ?? '').trim().replace(/^bearer\s+/i, '');
      sessions.revokeToken(token);
      return { success: true };
    },
  };
}
export type AuthHandlers = ReturnType<typeof authHandlers>;

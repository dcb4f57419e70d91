/** Token refresh and sign-out (extensions: the interface does not show token issuance). */
import type { ChangePasswordBody } from '../../../contract/passwords.ts';
import type { Session } from '../../../contract/users.ts';
import { readUserToken, type UserCaller } from '../../access/authenticator.ts';
import { passwordWeakness } from '../../access/password-strength.ts';
import { hashPassword, setPasswordHash, verifyPassword } from '../../access/passwords.ts';
import { endUserSessions, familyOfToken, refreshSession } from '../../access/sessions.ts';
import { failed, forgive, recorded, signinKeys, take } from '../../access/throttle.ts';
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
    /**
     * The current password proves it is the person, not whoever holds an
     * unlocked device; the other sessions end, so a thief's stops with it.
     */
    async changePassword(
      caller: UserCaller,
      authorization: string | undefined,
      body: ChangePasswordBody,
      address: string,
    ): Promise<{ success: boolean; endedSessions: number }> {
      if (caller.anonymous) {
        throw new HttpError(403, 'anonymous_not_allowed', 'An anonymous account has no password');
      }
      const account = await sessionsRepo(deps.db.q).account(caller.userId);
      // Told apart from a wrong current password, so the dashboard offers no form that cannot succeed.
      if (!account?.password_hash) {
        throw new HttpError(
          409,
          'conflict',
          'You have no password here to change: you sign in through your organization, or have not yet set one from an invitation link. An administrator can send you a link to set one.',
        );
      }
      const personal = [account.handle, account.first_name, account.last_name];
      // Guessing the current password is guessing the password: counted under the very keys of the sign-in
      // form (this handle from this address, this address in a day), so a stolen session gives no free guesses
      // and neither door resets the other's count.
      const keys = signinKeys(deps.settings, account.handle, address);
      const tooMany = (retryAfter: number) =>
        new HttpError(
          429,
          'too_many_requests',
          `Too many wrong passwords for this account from this address; try again in ${retryAfter} seconds`,
          undefined,
          retryAfter,
        );
      const waiting = await recorded(deps.db, keys, deps.now());
      if (waiting.wait > 0) throw tooMany(waiting.wait);
      // One slot for both hashes, so a change is not refused halfway; beyond the bound, 503 at once.
      // Clean, not known: a session may be stolen, so it gets no kept share.
      const hash = await deps.passwords.run(async () => {
        const taken = await take(deps.db, keys, deps.now());
        if (!taken.ok) throw tooMany(taken.retryAfter);
        if (!(await verifyPassword(body.currentPassword, account.password_hash))) {
          await failed(deps.db, taken, deps.now());
          throw new HttpError(400, 'invalid_input', 'The current password is not right', [
            { path: 'body.currentPassword', message: 'is not your current password' },
          ]);
        }
        await forgive(deps.db, keys);
        const weakness = passwordWeakness(body.newPassword, personal);
        if (weakness !== undefined) {
          throw new HttpError(400, 'invalid_input', weakness, [{ path: 'body.newPassword', message: weakness }]);
        }
        return hashPassword(body.newPassword);
      }, 'clean');
      const family = await familyOfToken(deps.db.q, readUserToken(authorization));
      return deps.db.transaction(async (tx) => {
        await setPasswordHash(tx, caller.userId, hash);
        // Always a family here (the caller was just authenticated); without one every session would end.
        const endedSessions = await endUserSessions(tx, caller.userId, family ?? '');
        return { success: true, endedSessions };
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

/**
 * Sessions: a user token and its single-use refresh token for a user of an
 * app, stored as hashes (the authenticator looks tokens up by theirs).
 * Sandbox sign-in, anonymous sign-up, the OAuth endpoints and refresh all
 * issue them here.
 *
 * Every session belongs to a family: the sessions descended from one sign-in
 * (a refresh copies it). A refresh token presented again after it was spent
 * means two parties hold it, one of them a thief: the whole family ends, so
 * the stolen chain dies with the legitimate one (OAuth 2.0 Security BCP,
 * refresh token rotation). Each of these is one statement, so it holds
 * across instances on both engines.
 */
import { randomBytes } from 'node:crypto';
import type { Session } from '../../contract/users.ts';
import type { Queryable } from '../data/database.ts';
import type { Deps } from '../deps.ts';
import { hashToken } from './authenticator.ts';

/** A new family: one sign-in. */
export const newFamilyId = () => randomBytes(16).toString('base64url');

/** A fresh session for `userId` of the app `clientId`, inside the caller's transaction `tx`. */
export async function issueSession(
  tx: Queryable,
  deps: Pick<Deps, 'settings' | 'now'>,
  userId: string,
  clientId: string,
  familyId: string = newFamilyId(),
): Promise<Session> {
  const now = deps.now();
  const ttl = deps.settings.TOKEN_TTL_SECONDS;
  const token = randomBytes(32).toString('base64url');
  const refreshToken = randomBytes(32).toString('base64url');
  await tx
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      refresh_hash: hashToken(refreshToken),
      user_id: userId,
      client_id: clientId,
      expires_at: now + ttl,
      refresh_expires_at: now + deps.settings.REFRESH_TTL_SECONDS,
      family_id: familyId,
    })
    .execute();
  return { token, expiresIn: ttl, refreshToken };
}

/** Ends every live session of the family, in one statement. */
export async function endFamily(tx: Queryable, familyId: string): Promise<void> {
  await tx
    .updateTable('sessions')
    .set({ revoked: 1 })
    .where('family_id', '=', familyId)
    .where('revoked', '=', 0)
    .execute();
}

/**
 * Ends every live session of the person (a password changed or set anew),
 * but those of `keepFamilyId` (the sign-in that changed it), and the codes of
 * sign-ins not yet traded; answers how many sessions ended.
 */
export async function endUserSessions(tx: Queryable, userId: string, keepFamilyId?: string): Promise<number> {
  let sessions = tx.updateTable('sessions').set({ revoked: 1 }).where('user_id', '=', userId).where('revoked', '=', 0);
  let codes = tx.deleteFrom('oauth_codes').where('user_id', '=', userId).where('used_at', 'is', null);
  if (keepFamilyId !== undefined) {
    sessions = sessions.where('family_id', '!=', keepFamilyId);
    codes = codes.where('family_id', '!=', keepFamilyId);
  }
  const ended = await sessions.executeTakeFirst();
  await codes.execute();
  return Number(ended.numUpdatedRows);
}

/** The family of the session a user token belongs to. */
export async function familyOfToken(q: Queryable, token: string): Promise<string | undefined> {
  const row = await q
    .selectFrom('sessions')
    .select('family_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.family_id;
}

export type Refreshed =
  | { readonly ok: true; readonly session: Session; readonly clientId: string }
  /** Unknown, expired or ended; `reused` when it had been spent before (its family is ended now). */
  | { readonly ok: false; readonly reused: boolean };

/**
 * Trades a refresh token for a new session of the same family, single use.
 * `admit` sees the session's app before anything is kept (the production
 * rule, the client's own credentials): what it throws rolls the spend back,
 * so a refused refresh token stays unspent. A spent one presented again ends
 * its family; that is committed, and the answer says so.
 */
export async function refreshSession(
  deps: Pick<Deps, 'settings' | 'now' | 'db'>,
  refreshToken: string,
  admit: (tx: Queryable, clientId: string) => Promise<void>,
): Promise<Refreshed> {
  const hash = hashToken(refreshToken);
  return deps.db.transaction(async (tx): Promise<Refreshed> => {
    const now = deps.now();
    // One statement: of two concurrent refreshes (through any instances) exactly one wins; the other finds it revoked.
    const spent = await tx
      .updateTable('sessions')
      .set({ revoked: 1, refreshed_at: now })
      .where('refresh_hash', '=', hash)
      .where('revoked', '=', 0)
      .where('refresh_expires_at', '>', now)
      .returning(['user_id', 'client_id', 'family_id'])
      .executeTakeFirst();
    if (!spent) {
      const earlier = await tx
        .selectFrom('sessions')
        .select('family_id')
        .where('refresh_hash', '=', hash)
        .where('refreshed_at', 'is not', null)
        .executeTakeFirst();
      if (earlier) await endFamily(tx, earlier.family_id);
      return { ok: false, reused: earlier !== undefined };
    }
    await admit(tx, spent.client_id);
    const session = await issueSession(tx, deps, spent.user_id, spent.client_id, spent.family_id);
    return { ok: true, session, clientId: spent.client_id };
  });
}

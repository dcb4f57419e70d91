/**
 * Issuing a session: a user token and its single-use refresh token for a
 * user of an app, stored as hashes (the authenticator looks tokens up by
 * theirs). Sandbox sign-in, anonymous sign-up and refresh all issue one.
 */
import { randomBytes } from 'node:crypto';
import type { Session } from '../../contract/users.ts';
import type { Queryable } from '../data/database.ts';
import type { Deps } from '../deps.ts';
import { hashToken } from './authenticator.ts';

/** A fresh session for `userId` of the app `clientId`, inside the caller's transaction `tx`. */
export async function issueSession(
  tx: Queryable,
  deps: Pick<Deps, 'settings' | 'now'>,
  userId: string,
  clientId: string,
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
    })
    .execute();
  return { token, expiresIn: ttl, refreshToken };
}

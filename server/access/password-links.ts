/**
 * Single-use links that let a person set their password: an invitation (a
 * person imported without one) or a reset. The token is 32 random bytes;
 * only its SHA-256 is kept. One live link per person: a newer link replaces
 * the older in the same row, so the older stops working. Setting the
 * password deletes the row, so a link works once.
 */
import { randomBytes } from 'node:crypto';
import type { PasswordLinkPurpose } from '../../contract/passwords.ts';
import type { Queryable } from '../data/database.ts';
import { hashToken } from './authenticator.ts';

export interface LinkHolder {
  readonly userId: string;
  readonly handle: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly purpose: PasswordLinkPurpose;
}

/** Makes the person's link, ending any older one; answers the token (to show once) and when it expires. */
export async function issuePasswordLink(
  tx: Queryable,
  userId: string,
  purpose: PasswordLinkPurpose,
  now: number,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const row = { token_hash: hashToken(token), purpose, expires_at: now + ttlSeconds, created_at: now };
  await tx
    .insertInto('password_links')
    .values({ user_id: userId, ...row })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
    .execute();
  return { token, expiresAt: row.expires_at };
}

/** Who the link is for, while it is live (not used, not replaced, not expired). */
export async function findPasswordLink(q: Queryable, token: string, now: number): Promise<LinkHolder | undefined> {
  const row = await q
    .selectFrom('password_links as l')
    .innerJoin('users as u', 'u.user_id', 'l.user_id')
    .select(['l.user_id', 'l.purpose', 'u.handle', 'u.first_name', 'u.last_name'])
    .where('l.token_hash', '=', hashToken(token))
    .where('l.expires_at', '>', now)
    .executeTakeFirst();
  return row
    ? {
        userId: row.user_id,
        handle: row.handle,
        firstName: row.first_name,
        lastName: row.last_name,
        purpose: row.purpose,
      }
    : undefined;
}

/**
 * Spends the link in the caller's transaction: answers whose it was, or
 * undefined when it is no longer live (a second tab, a concurrent post: the
 * delete decides, once).
 */
export async function spendPasswordLink(tx: Queryable, token: string, now: number): Promise<string | undefined> {
  const row = await tx
    .deleteFrom('password_links')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

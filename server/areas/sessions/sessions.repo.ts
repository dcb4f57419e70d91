/** Revoking sessions (issuing and refreshing one is shared: server/access/sessions.ts). */
import { hashToken } from '../../access/authenticator.ts';
import type { Queryable } from '../../data/database.ts';

export function sessionsRepo(q: Queryable) {
  return {
    /** What a password change checks and what it must not resemble. */
    account: (userId: string) =>
      q
        .selectFrom('users')
        .select(['password_hash', 'handle', 'first_name', 'last_name'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    async revokeToken(token: string): Promise<void> {
      await q.updateTable('sessions').set({ revoked: 1 }).where('token_hash', '=', hashToken(token)).execute();
    },
  };
}

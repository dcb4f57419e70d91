/** Spending and revoking sessions (issuing one is shared: server/access/sessions.ts). */
import { hashToken } from '../../access/authenticator.ts';
import type { Queryable } from '../../data/database.ts';

export function sessionsRepo(q: Queryable) {
  return {
    /**
     * Spends a refresh token: revokes its session and returns who it was for,
     * in one statement, so of two concurrent refreshes (through any instances)
     * exactly one wins; the other finds it revoked.
     */
    async spendRefresh(refreshToken: string, now: number): Promise<{ user_id: string; client_id: string } | undefined> {
      return q
        .updateTable('sessions')
        .set({ revoked: 1 })
        .where('refresh_hash', '=', hashToken(refreshToken))
        .where('revoked', '=', 0)
        .where('refresh_expires_at', '>', now)
        .returning(['user_id', 'client_id'])
        .executeTakeFirst();
    },
    async revokeToken(token: string): Promise<void> {
      await q.updateTable('sessions').set({ revoked: 1 }).where('token_hash', '=', hashToken(token)).execute();
    },
  };
}

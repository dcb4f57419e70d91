/** Sessions: user tokens and their single-use refresh tokens, stored as hashes. */
import { randomBytes } from 'node:crypto';
import type { Session } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';
import { hashToken } from '../../http/auth.ts';

export interface SessionRow {
  token_hash: string;
  user_id: string;
  client_id: string;
  refresh_expires_at: number;
  revoked: number;
}

export function sessionsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO sessions (token_hash, refresh_hash, user_id, client_id, expires_at, refresh_expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const byRefresh = db.prepare<[string], SessionRow>(
    'SELECT token_hash, user_id, client_id, refresh_expires_at, revoked FROM sessions WHERE refresh_hash = ?',
  );
  const revoke = db.prepare('UPDATE sessions SET revoked = 1 WHERE token_hash = ?');

  return {
    issue(userId: string, clientId: string, now: number, ttl: number, refreshTtl: number): Session {
      const token = randomBytes(32).toString('base64url');
      const refreshToken = randomBytes(32).toString('base64url');
      insert.run(hashToken(token), hashToken(refreshToken), userId, clientId, now + ttl, now + refreshTtl);
      return { token, expiresIn: ttl, refreshToken };
    },
    findByRefresh(refreshToken: string): SessionRow | undefined {
      return byRefresh.get(hashToken(refreshToken));
    },
    revokeByHash(tokenHash: string): void {
      revoke.run(tokenHash);
    },
    revokeToken(token: string): void {
      revoke.run(hashToken(token));
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;

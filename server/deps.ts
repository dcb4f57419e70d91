/**
 * What every route group is built from: the database, settings, the clock and
 * the authenticator. server/access/ reads it too, so it names nothing of
 * server/http/ (lint holds that).
 */

import type { Authenticator } from './access/authenticator.ts';
import type { PasswordWork } from './access/passwords.ts';
import type { Settings } from './config.ts';
import type { Db } from './data/database.ts';

export interface Deps {
  readonly db: Db;
  readonly settings: Settings;
  readonly auth: Authenticator;
  /** Every password hash or check of this process goes through it (PASSWORD_HASH_CONCURRENCY). */
  readonly passwords: PasswordWork;
  /** Seconds since the epoch; tests move it to expire tokens. */
  readonly now: () => number;
}

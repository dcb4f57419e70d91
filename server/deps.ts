/** What every route group is built from: the database, settings, the clock and the authenticator. */
import type { Settings } from './config.ts';
import type { Db } from './db/database.ts';
import type { Authenticator } from './http/auth.ts';
import type { Router } from './http/route.ts';

export interface Deps {
  readonly db: Db;
  readonly settings: Settings;
  readonly auth: Authenticator;
  /** Seconds since the epoch; tests move it to expire tokens. */
  readonly now: () => number;
}

export type RouteGroup = (router: Router, deps: Deps) => void;

/** What every route group is built from: the database, settings, the clock and the authenticator. */

import type { Authenticator } from './access/authenticator.ts';
import type { Settings } from './config.ts';
import type { Db } from './data/database.ts';
import type { Router } from './http/route.ts';

export interface Deps {
  readonly db: Db;
  readonly settings: Settings;
  readonly auth: Authenticator;
  /** Seconds since the epoch; tests move it to expire tokens. */
  readonly now: () => number;
}

/** An area's routes: binds its contract endpoints on the router (server/app.ts lists them). */
export type RouteGroup = (router: Router, deps: Deps) => void;

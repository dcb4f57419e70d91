/** Section 4.2: AI-plugin endpoints and the mission planner. Filled in by issue 4. */
import type { Hono } from 'hono';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';

export function pluginRoutes(_router: Router, _deps: Deps, _app: Hono): void {}

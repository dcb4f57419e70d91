/** Extension: the caller's mission plan (a trainer's token, of an app with the training scope). */
import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { missionPlanHandlers } from './mission-plans.handlers.ts';

export function missionPlanRoutes(router: Router, deps: Deps): void {
  const h = missionPlanHandlers(deps);
  // Not kept: one row by primary key, read by its owner when the page opens.
  router.bind(e.readMissionPlan, ({ caller }) => h.read(caller));
  router.bind(e.saveMissionPlan, ({ caller, body }) => h.save(caller, body));
}

/** Extension: the mission planner for the dashboard (a trainer's token, of an app with the training scope). */
import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { missionPlannerHandlers } from './mission-planner.handlers.ts';

export function missionPlannerRoutes(router: Router, deps: Deps): void {
  const h = missionPlannerHandlers(deps);
  router.bind(e.plannerPlugins, ({ caller }) => h.plugins(caller), {
    // Who is a trainer (users, classes) decides the answer as much as the plugins do.
    reads: ['plugins', 'users', 'classes'],
  });
  router.bind(e.plannerCapabilities, ({ caller, body }) => {
    const { pluginIds, ...request } = body;
    return h.capabilities(caller, pluginIds, request);
  });
  router.bind(e.plannerCandidates, ({ caller, body }) => {
    const { pluginIds, ...request } = body;
    return h.candidates(caller, pluginIds, request);
  });
  router.bind(e.plannerNames, ({ caller, query }) => h.names(caller, query), {
    // Whom a search named to the trainer (plans) names people too.
    reads: ['plugins', 'users', 'classes', 'badges', 'plans'],
  });
}

/** Section 4.2: the AI-plugin endpoints under /plugin/v2/ai (the plugins' calls to the service). */
import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { pluginHandlers } from './ai-plugin.handlers.ts';

export function pluginRoutes(router: Router, deps: Deps): void {
  const h = pluginHandlers(deps);
  router.bind(e.recordData, ({ caller, query }) => h.recordData(caller, query.orgIds), {
    reads: ['users', 'classes', 'plugins'],
  });
  router.bind(e.createBadgeAssertion, ({ caller, body }) => h.createAssertion(caller, body));
  router.bind(e.listBadgeAssertions, ({ caller, query }) => h.listAssertions(caller, query), {
    reads: ['badges', 'users', 'classes', 'plugins'],
  });
  router.bind(e.createBadge, ({ caller, body }) => h.createBadge(caller, body));
  router.bind(e.courseBadges, ({ caller, query }) => h.courseBadges(caller, 'course', query.orgIds), {
    reads: ['badges', 'users', 'classes', 'plugins'],
  });
  router.bind(e.objectiveBadges, ({ caller, query }) => h.courseBadges(caller, 'objective', query.orgIds), {
    reads: ['badges', 'users', 'classes', 'plugins'],
  });
  router.bind(e.otherSkills, ({ caller, query }) => h.otherSkills(caller, query), {
    reads: ['plugin_data', 'users', 'classes', 'plugins'],
  });
  router.bind(e.additionalInfo, ({ caller, body }) => h.additionalInfo(caller, body));
}

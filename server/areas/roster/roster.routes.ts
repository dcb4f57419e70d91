import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { rosterRepo } from './roster.repo.ts';

export function rosterRoutes(router: Router, deps: Deps): void {
  const roster = rosterRepo(deps.db.q);
  router.bind(e.roster, ({ caller }) => roster.of(caller.userId), { reads: ['classes', 'users'] });
}

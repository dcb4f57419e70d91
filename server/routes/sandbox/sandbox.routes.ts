/** The sandbox extension: demo users, demo clients and demo sign-in. 404 on a production service. */
import { coreEndpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { Router } from '../../http/route.ts';
import type { AuthHandlers } from '../auth/auth.handlers.ts';
import { usersRepo } from '../profile/users.repo.ts';
import { sandboxRepo } from './sandbox.repo.ts';

export function sandboxRoutes(router: Router, deps: Deps, sessions: AuthHandlers): void {
  const repo = sandboxRepo(deps.db.q);
  router.bind(e.sandboxUsers, () => repo.users(), { reads: ['users', 'classes'] });
  router.bind(e.sandboxClients, () => repo.clients(), { reads: ['apps', 'plugins'] });
  // The checks and the session are one transaction: the session is issued to an app and user that exist.
  router.bind(e.sandboxToken, ({ body }) =>
    deps.db.transaction(async (tx) => {
      const app = await deps.auth.app(body.clientId, tx);
      if (!(await usersRepo(tx).find(body.userId))) throw notFound(`User "${body.userId}"`);
      return sessions.issue(tx, body.userId, app.clientId);
    }),
  );
}

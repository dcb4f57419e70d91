/**
 * The sandbox extension: demo users, demo clients and demo sign-in. 404 on a
 * production service. Sign-in is for signed-up users only: an anonymous
 * account whose session ended is not resumed (section 3: the person creates a
 * new anonymous profile). It issues sessions for sandbox apps only: a
 * production app's users sign in with their password (/oauth/signin).
 */
import { endpoints as e } from '../../../contract/endpoints.ts';
import { issueSession } from '../../access/sessions.ts';
import { sealingKey } from '../../data/secrets.ts';
import type { Deps } from '../../deps.ts';
import { anonymousNotAllowed, HttpError, notFound } from '../../errors.ts';
import type { Router } from '../../http/route.ts';
import { sandboxRepo } from './sandbox.repo.ts';

export function sandboxRoutes(router: Router, deps: Deps): void {
  const repo = sandboxRepo(deps.db.q);
  router.bind(e.sandboxUsers, () => repo.users(), { reads: ['users', 'classes'] });
  const key = sealingKey(deps.settings.SECRETS_KEY);
  router.bind(e.sandboxClients, () => repo.clients(key), { reads: ['apps', 'plugins'] });
  // The checks and the session are one transaction: the session is issued to an app and user that exist.
  router.bind(e.sandboxToken, ({ body }) =>
    deps.db.transaction(async (tx) => {
      const app = await deps.auth.app(body.clientId, tx);
      if (app.environment !== 'sandbox') {
        throw new HttpError(
          403,
          'forbidden',
          `The sandbox sign-in issues sessions for sandbox apps only; "${app.clientId}" is a production app, whose users sign in with a handle and password at /oauth/signin`,
          [{ path: 'body.clientId', message: 'is a production app' }],
        );
      }
      const user = await sandboxRepo(tx).account(body.userId);
      if (!user) throw notFound(`User "${body.userId}"`);
      if (user.anonymous === 1) {
        throw anonymousNotAllowed(
          'An anonymous account cannot be signed in again; create a new anonymous profile (PUT /user/v1/my/profile)',
          [{ path: 'body.userId', message: 'is an anonymous account, which is not resumed once its session ends' }],
        );
      }
      return issueSession(tx, deps, body.userId, app.clientId);
    }),
  );
}

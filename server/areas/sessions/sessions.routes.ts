import { endpoints } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import type { AuthHandlers } from './sessions.handlers.ts';

export function authRoutes(router: Router, _deps: Deps, handlers: AuthHandlers): void {
  router.bind(endpoints.refreshToken, ({ body }) => handlers.refresh(body.refreshToken));
  router.bind(endpoints.currentSession, ({ caller }) => ({
    userId: caller.userId,
    clientId: caller.clientId,
    scopes: [...caller.scopes].sort(),
    anonymous: caller.anonymous,
  }));
  router.bind(endpoints.signOut, ({ context }) => handlers.signOut(context.req.header('authorization')));
}

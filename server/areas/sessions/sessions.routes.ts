import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import { clientAddressOf } from '../../http/client-address.ts';
import type { Router } from '../../http/route.ts';
import { sessionHandlers } from './sessions.handlers.ts';

export function sessionRoutes(router: Router, deps: Deps): void {
  const h = sessionHandlers(deps);
  const clientAddress = clientAddressOf(deps.settings.TRUSTED_PROXIES);
  router.bind(e.refreshToken, ({ body }) => h.refresh(body.refreshToken));
  router.bind(e.currentSession, ({ caller }) => ({
    userId: caller.userId,
    clientId: caller.clientId,
    scopes: [...caller.scopes].sort(),
    anonymous: caller.anonymous,
  }));
  router.bind(e.changePassword, ({ caller, context, body }) =>
    h.changePassword(caller, context.req.header('authorization'), body, clientAddress(context)),
  );
  router.bind(e.signOut, ({ context }) => h.signOut(context.req.header('authorization')));
}

/**
 * Extension: plugin and app administration, the import of people and
 * classes, and invitation and reset links under /admin/v1, for holders of
 * the ADMIN_TOKEN setting (auth kind 'admin': the router checks the token
 * before it reads the request).
 */
import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { adminHandlers } from './admin.handlers.ts';
import { appHandlers } from './apps.handlers.ts';
import { passwordLinkHandlers } from './password-links.handlers.ts';
import { peopleImport } from './people-import.ts';

export function adminRoutes(router: Router, deps: Deps): void {
  const h = adminHandlers(deps);
  router.bind(e.adminListOrgs, () => h.orgs());
  router.bind(e.adminListPlugins, () => h.list());
  router.bind(e.adminCreatePlugin, (input) => h.create(input.body));
  router.bind(e.adminGetPlugin, (input) => h.get(input.params.clientId));
  router.bind(e.adminSetPermissions, (input) => h.setPermissions(input.params.clientId, input.body.permissions));
  router.bind(e.adminSetOrgs, (input) => h.setOrgs(input.params.clientId, input.body.orgIds));
  router.bind(e.adminSetAddresses, (input) => h.setAddresses(input.params.clientId, input.body));
  router.bind(e.adminRotateSecret, (input) => h.rotateSecret(input.params.clientId));
  const apps = appHandlers(deps);
  router.bind(e.adminListApps, () => apps.list());
  router.bind(e.adminCreateApp, (input) => apps.create(input.body));
  router.bind(e.adminGetApp, (input) => apps.get(input.params.clientId));
  router.bind(e.adminSetRedirectUris, (input) => apps.setRedirectUris(input.params.clientId, input.body.redirectUris));
  router.bind(e.adminRotateAppSecret, (input) => apps.rotateSecret(input.params.clientId));
  const importPeople = peopleImport(deps);
  router.bind(e.adminImport, (input) => importPeople(input.body));
  const links = passwordLinkHandlers(deps);
  router.bind(e.adminInviteUser, (input) => links.issue(input.params.userId, 'invite'));
  router.bind(e.adminResetPassword, (input) => links.issue(input.params.userId, 'reset'));
}

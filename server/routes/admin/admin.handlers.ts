/**
 * Plugin administration (extension): an administrator registers a plugin,
 * switches on its API sets, grants its orgs and sets its two mission planner
 * addresses (section 5, rule 1; 4.2 "plugin configuration tool").
 */
import { randomBytes } from 'node:crypto';
import type {
  AdminPlugin,
  CreatePluginBody,
  PluginWithSecret,
  SetPluginAddressesBody,
} from '../../../contract/plugin.ts';
import type { PluginPermission } from '../../../contract/plugin-permissions.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { AdminRepo } from './admin.repo.ts';

const newSecret = () => randomBytes(24).toString('base64url');

export function adminHandlers(deps: Deps, repo: AdminRepo) {
  function existing(clientId: string): AdminPlugin {
    const plugin = repo.find(clientId);
    if (!plugin) throw notFound(`Plugin "${clientId}"`);
    return plugin;
  }

  return {
    orgs: () => repo.orgs(),
    list: () => repo.list(),
    get: existing,
    create(body: CreatePluginBody): PluginWithSecret {
      const prefix = body.environment === 'sandbox' ? 'sandbox-plugin-' : 'plugin-';
      const clientId = body.clientId ?? `${prefix}${randomBytes(6).toString('hex')}`;
      if (repo.find(clientId)) throw new HttpError(409, 'conflict', `A plugin "${clientId}" is already registered`);
      const clientSecret = newSecret();
      repo.create(clientId, clientSecret, body.name, body.environment, deps.now());
      return { plugin: existing(clientId), clientSecret };
    },
    setPermissions(clientId: string, permissions: readonly PluginPermission[]): AdminPlugin {
      existing(clientId);
      repo.setPermissions(clientId, permissions);
      return existing(clientId);
    },
    setOrgs(clientId: string, orgIds: readonly string[]): AdminPlugin {
      existing(clientId);
      const unknown = repo.unknownOrgs(orgIds);
      if (unknown.length > 0) {
        throw new HttpError(404, 'not_found', `No org ${unknown.map((id) => `"${id}"`).join(', ')}`, [
          { path: 'body.orgIds', message: `names orgs that do not exist: ${unknown.join(', ')}` },
        ]);
      }
      repo.setOrgs(clientId, orgIds);
      return existing(clientId);
    },
    setAddresses(clientId: string, body: SetPluginAddressesBody): AdminPlugin {
      existing(clientId);
      repo.setAddresses(clientId, body.capabilitiesUrl, body.candidatesUrl);
      return existing(clientId);
    },
    rotateSecret(clientId: string): PluginWithSecret {
      existing(clientId);
      const clientSecret = newSecret();
      repo.setSecret(clientId, clientSecret);
      return { plugin: existing(clientId), clientSecret };
    },
  };
}

/**
 * Plugin administration (extension): an administrator registers a plugin,
 * switches on its API sets, grants its orgs and sets its two mission planner
 * addresses (section 5, rule 1; 4.2 "plugin configuration tool"). Each change
 * is one transaction that locks the plugin first, so concurrent changes
 * through any instances run one after the other.
 */
import { randomBytes } from 'node:crypto';
import { isSandboxClientId } from '../../../contract/config.ts';
import {
  type AdminPlugin,
  type CreatePluginBody,
  httpsOnlyMessage,
  isHttpsAddress,
  isLocalAddress,
  localAddressMessage,
  type PluginWithSecret,
  type SetPluginAddressesBody,
} from '../../../contract/plugin.ts';
import type { PluginPermission } from '../../../contract/plugin-permissions.ts';
import { isUniqueViolation } from '../../data/database.ts';
import { generateSecret, sealingKey } from '../../data/secrets.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { type AdminRepo, adminRepo } from './admin.repo.ts';

const taken = (clientId: string) => new HttpError(409, 'conflict', `A plugin "${clientId}" is already registered`);

export function adminHandlers(deps: Deps) {
  const reads = adminRepo(deps.db.q);
  const key = sealingKey(deps.settings.SECRETS_KEY);

  async function existing(repo: AdminRepo, clientId: string): Promise<AdminPlugin> {
    const plugin = await repo.find(clientId);
    if (!plugin) throw notFound(`Plugin "${clientId}"`);
    return plugin;
  }

  /**
   * A production service calls plugins over HTTPS only, and never at this
   * machine or a private or link-local network (the cloud metadata service):
   * the service would carry the plugin's credentials and its requests there.
   * A sandbox takes any http(s) address, loopback included, for plugin
   * development.
   */
  function checkAddresses(body: SetPluginAddressesBody, at: string): void {
    if (deps.settings.PLATFORM_ENV !== 'production') return;
    const issues: { path: string; message: string }[] = [];
    for (const field of ['capabilitiesUrl', 'candidatesUrl'] as const) {
      const address = body[field];
      if (address === null) continue;
      if (!isHttpsAddress(address)) issues.push({ path: `${at}.${field}`, message: httpsOnlyMessage });
      else if (isLocalAddress(address)) issues.push({ path: `${at}.${field}`, message: localAddressMessage });
    }
    if (issues.length > 0) {
      throw badRequest('A production service calls plugins over HTTPS only, at public addresses', issues);
    }
  }

  async function grantOrgs(repo: AdminRepo, clientId: string, orgIds: readonly string[], at: string): Promise<void> {
    const unknown = await repo.unknownOrgs(orgIds);
    if (unknown.length > 0) {
      throw new HttpError(404, 'not_found', `No org ${unknown.map((id) => `"${id}"`).join(', ')}`, [
        { path: `${at}.orgIds`, message: `names orgs that do not exist: ${unknown.join(', ')}` },
      ]);
    }
    await repo.setOrgs(clientId, orgIds);
  }

  /** Runs `change` on the locked plugin (404 if there is none) and answers the plugin as it then is. */
  function change(clientId: string, work: (repo: AdminRepo) => Promise<void>): Promise<AdminPlugin> {
    return deps.db.transaction(async (tx) => {
      const repo = adminRepo(tx);
      if (!(await repo.lock(clientId))) throw notFound(`Plugin "${clientId}"`);
      await work(repo);
      await bump(tx, 'plugins');
      return existing(repo, clientId);
    });
  }

  return {
    orgs: () => reads.orgs(),
    list: () => reads.list(),
    get: (clientId: string) => existing(reads, clientId),
    /** The check gives the message; the primary key decides a race (two registrations of one id: one 201, one 409). */
    async create(body: CreatePluginBody): Promise<PluginWithSecret> {
      const environment = body.environment ?? deps.settings.PLATFORM_ENV;
      const prefix = environment === 'sandbox' ? 'sandbox-plugin-' : 'plugin-';
      const clientId = body.clientId ?? `${prefix}${randomBytes(6).toString('hex')}`;
      if (isSandboxClientId(clientId) !== (environment === 'sandbox')) {
        throw new HttpError(400, 'invalid_input', 'The client id does not fit the environment', [
          {
            path: 'body.clientId',
            message: `a sandbox plugin id starts with "sandbox-" and a production one does not; this one is for ${environment}`,
          },
        ]);
      }
      if (body.addresses) checkAddresses(body.addresses, 'body.addresses');
      try {
        // One transaction: a refused grant (an unknown org) leaves no plugin and no secret behind.
        return await deps.db.transaction(async (tx) => {
          const repo = adminRepo(tx);
          if (await repo.find(clientId)) throw taken(clientId);
          const clientSecret = generateSecret();
          await repo.create(clientId, clientSecret, key, body.name, environment, deps.now());
          if (body.permissions) await repo.setPermissions(clientId, body.permissions);
          if (body.orgIds && body.orgIds.length > 0) await grantOrgs(repo, clientId, body.orgIds, 'body');
          if (body.addresses) {
            await repo.setAddresses(clientId, body.addresses.capabilitiesUrl, body.addresses.candidatesUrl);
          }
          await bump(tx, 'plugins');
          return { plugin: await existing(repo, clientId), clientSecret };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(clientId);
        throw error;
      }
    },
    setPermissions(clientId: string, permissions: readonly PluginPermission[]): Promise<AdminPlugin> {
      return change(clientId, (repo) => repo.setPermissions(clientId, permissions));
    },
    setOrgs(clientId: string, orgIds: readonly string[]): Promise<AdminPlugin> {
      return change(clientId, (repo) => grantOrgs(repo, clientId, orgIds, 'body'));
    },
    setAddresses(clientId: string, body: SetPluginAddressesBody): Promise<AdminPlugin> {
      checkAddresses(body, 'body');
      return change(clientId, (repo) => repo.setAddresses(clientId, body.capabilitiesUrl, body.candidatesUrl));
    },
    async rotateSecret(clientId: string): Promise<PluginWithSecret> {
      const clientSecret = generateSecret();
      const plugin = await change(clientId, (repo) => repo.setSecret(clientId, clientSecret, key));
      return { plugin, clientSecret };
    },
  };
}

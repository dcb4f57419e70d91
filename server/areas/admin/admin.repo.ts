/** Queries of plugin administration: registrations, granted API sets, orgs and mission planner addresses. */
import type { AdminPlugin } from '../../../contract/plugin.ts';
import type { PluginPermission } from '../../../contract/plugin-permissions.ts';
import type { Environment } from '../../../contract/sandbox.ts';
import { engineOf, type Queryable } from '../../data/database.ts';
import { groupBy } from '../../data/group-by.ts';
import { storedPluginSecret } from '../../data/secrets.ts';

interface PluginRow {
  client_id: string;
  name: string;
  environment: Environment;
  capabilities_url: string | null;
  candidates_url: string | null;
}

const pluginColumns = ['client_id', 'name', 'environment', 'capabilities_url', 'candidates_url'] as const;

export function adminRepo(q: Queryable) {
  /** The plugins of `rows` with their API sets and orgs: two more queries however many plugins. */
  async function toPlugins(rows: readonly PluginRow[]): Promise<AdminPlugin[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.client_id);
    const [permissions, orgs] = await Promise.all([
      q
        .selectFrom('plugin_permissions')
        .select(['client_id', 'permission'])
        .where('client_id', 'in', ids)
        .orderBy('client_id')
        .orderBy('permission')
        .execute(),
      q
        .selectFrom('plugin_orgs')
        .select(['client_id', 'org_id'])
        .where('client_id', 'in', ids)
        .orderBy('client_id')
        .orderBy('org_id')
        .execute(),
    ]);
    const permissionsOf = groupBy(permissions, (row) => row.client_id);
    const orgsOf = groupBy(orgs, (row) => row.client_id);
    return rows.map((row) => ({
      clientId: row.client_id,
      name: row.name,
      environment: row.environment,
      permissions: (permissionsOf.get(row.client_id) ?? []).map((p) => p.permission as PluginPermission),
      orgIds: (orgsOf.get(row.client_id) ?? []).map((o) => o.org_id),
      capabilitiesUrl: row.capabilities_url,
      candidatesUrl: row.candidates_url,
    }));
  }

  return {
    orgs(): Promise<{ orgId: string; name: string }[]> {
      return q.selectFrom('orgs').select(['org_id as orgId', 'name']).orderBy('org_id').execute();
    },
    async list(): Promise<AdminPlugin[]> {
      return toPlugins(await q.selectFrom('plugins').select(pluginColumns).orderBy('client_id').execute());
    },
    async find(clientId: string): Promise<AdminPlugin | undefined> {
      const row = await q
        .selectFrom('plugins')
        .select(pluginColumns)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row ? (await toPlugins([row]))[0] : undefined;
    },
    /**
     * Whether the plugin exists, locking its row until the transaction ends
     * (FOR UPDATE on PostgreSQL; a SQLite write transaction holds the file's
     * write lock already), so concurrent replaces of its API sets or orgs run
     * one after the other. Call inside the write's transaction.
     */
    async lock(clientId: string): Promise<boolean> {
      const row = await q
        .selectFrom('plugins')
        .select('client_id')
        .where('client_id', '=', clientId)
        .$if(engineOf(q) === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Inserts the registration, its secret hashed and sealed under `key`; a
     * taken client id is a unique violation (the caller answers 409).
     */
    async create(
      clientId: string,
      secret: string,
      key: Buffer,
      name: string,
      environment: Environment,
      now: number,
    ): Promise<void> {
      await q
        .insertInto('plugins')
        .values({
          client_id: clientId,
          ...storedPluginSecret(clientId, secret, key),
          name,
          environment,
          capabilities_url: null,
          candidates_url: null,
          created_at: now,
        })
        .execute();
    },
    /** Replaces the plugin's API sets; lock the plugin first. */
    async setPermissions(clientId: string, permissions: readonly PluginPermission[]): Promise<void> {
      await q.deleteFrom('plugin_permissions').where('client_id', '=', clientId).execute();
      const unique = [...new Set(permissions)];
      if (unique.length === 0) return;
      await q
        .insertInto('plugin_permissions')
        .values(unique.map((permission) => ({ client_id: clientId, permission })))
        .execute();
    },
    /** Of `orgIds`, those that do not exist. */
    async unknownOrgs(orgIds: readonly string[]): Promise<string[]> {
      if (orgIds.length === 0) return [];
      const rows = await q
        .selectFrom('orgs')
        .select('org_id')
        .where('org_id', 'in', [...new Set(orgIds)])
        .execute();
      const known = new Set(rows.map((row) => row.org_id));
      return orgIds.filter((id) => !known.has(id));
    },
    /** Replaces the plugin's orgs; lock the plugin first. */
    async setOrgs(clientId: string, orgIds: readonly string[]): Promise<void> {
      await q.deleteFrom('plugin_orgs').where('client_id', '=', clientId).execute();
      const unique = [...new Set(orgIds)];
      if (unique.length === 0) return;
      await q
        .insertInto('plugin_orgs')
        .values(unique.map((orgId) => ({ client_id: clientId, org_id: orgId })))
        .execute();
    },
    async setAddresses(clientId: string, capabilitiesUrl: string | null, candidatesUrl: string | null): Promise<void> {
      await q
        .updateTable('plugins')
        .set({ capabilities_url: capabilitiesUrl, candidates_url: candidatesUrl })
        .where('client_id', '=', clientId)
        .execute();
    },
    async setSecret(clientId: string, secret: string, key: Buffer): Promise<void> {
      await q
        .updateTable('plugins')
        .set(storedPluginSecret(clientId, secret, key))
        .where('client_id', '=', clientId)
        .execute();
    },
  };
}
export type AdminRepo = ReturnType<typeof adminRepo>;

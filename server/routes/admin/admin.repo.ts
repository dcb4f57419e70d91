/** SQL of plugin administration: registrations, granted API sets, orgs and mission planner addresses. */
import type { AdminPlugin } from '../../../contract/plugin.ts';
import type { PluginPermission } from '../../../contract/plugin-permissions.ts';
import type { Environment } from '../../../contract/sandbox.ts';
import type { Db } from '../../db/database.ts';

interface PluginRow {
  client_id: string;
  name: string;
  environment: Environment;
  capabilities_url: string | null;
  candidates_url: string | null;
}

const marks = (count: number) => Array.from({ length: count }, () => '?').join(', ');

export function adminRepo(db: Db) {
  const all = db.prepare<[], PluginRow>(
    'SELECT client_id, name, environment, capabilities_url, candidates_url FROM plugins ORDER BY client_id',
  );
  const one = db.prepare<[string], PluginRow>(
    'SELECT client_id, name, environment, capabilities_url, candidates_url FROM plugins WHERE client_id = ?',
  );
  const permissionsOf = db.prepare<[string], { permission: PluginPermission }>(
    'SELECT permission FROM plugin_permissions WHERE client_id = ? ORDER BY permission',
  );
  const orgsOf = db.prepare<[string], { org_id: string }>(
    'SELECT org_id FROM plugin_orgs WHERE client_id = ? ORDER BY org_id',
  );
  const insert = db.prepare(
    `INSERT INTO plugins (client_id, client_secret, name, environment, capabilities_url, candidates_url, created_at)
     VALUES (?, ?, ?, ?, NULL, NULL, ?)`,
  );
  const clearPermissions = db.prepare('DELETE FROM plugin_permissions WHERE client_id = ?');
  const addPermission = db.prepare('INSERT INTO plugin_permissions (client_id, permission) VALUES (?, ?)');
  const clearOrgs = db.prepare('DELETE FROM plugin_orgs WHERE client_id = ?');
  const addOrg = db.prepare('INSERT INTO plugin_orgs (client_id, org_id) VALUES (?, ?)');
  const setAddresses = db.prepare('UPDATE plugins SET capabilities_url = ?, candidates_url = ? WHERE client_id = ?');
  const setSecret = db.prepare('UPDATE plugins SET client_secret = ? WHERE client_id = ?');

  const toPlugin = (row: PluginRow): AdminPlugin => ({
    clientId: row.client_id,
    name: row.name,
    environment: row.environment,
    permissions: permissionsOf.all(row.client_id).map((p) => p.permission),
    orgIds: orgsOf.all(row.client_id).map((o) => o.org_id),
    capabilitiesUrl: row.capabilities_url,
    candidatesUrl: row.candidates_url,
  });

  const orgs = db.prepare<[], { orgId: string; name: string }>(
    'SELECT org_id AS orgId, name FROM orgs ORDER BY org_id',
  );

  return {
    orgs(): { orgId: string; name: string }[] {
      return orgs.all();
    },
    list(): AdminPlugin[] {
      return all.all().map(toPlugin);
    },
    find(clientId: string): AdminPlugin | undefined {
      const row = one.get(clientId);
      return row ? toPlugin(row) : undefined;
    },
    create(clientId: string, secret: string, name: string, environment: Environment, now: number): void {
      insert.run(clientId, secret, name, environment, now);
    },
    setPermissions(clientId: string, permissions: readonly PluginPermission[]): void {
      db.transaction(() => {
        clearPermissions.run(clientId);
        for (const permission of new Set(permissions)) addPermission.run(clientId, permission);
      })();
    },
    /** Of `orgIds`, those that do not exist. */
    unknownOrgs(orgIds: readonly string[]): string[] {
      if (orgIds.length === 0) return [];
      const known = new Set(
        db
          .prepare<string[], { org_id: string }>(`SELECT org_id FROM orgs WHERE org_id IN (${marks(orgIds.length)})`)
          .all(...orgIds)
          .map((row) => row.org_id),
      );
      return orgIds.filter((id) => !known.has(id));
    },
    setOrgs(clientId: string, orgIds: readonly string[]): void {
      db.transaction(() => {
        clearOrgs.run(clientId);
        for (const orgId of new Set(orgIds)) addOrg.run(clientId, orgId);
      })();
    },
    setAddresses(clientId: string, capabilitiesUrl: string | null, candidatesUrl: string | null): void {
      setAddresses.run(capabilitiesUrl, candidatesUrl, clientId);
    },
    setSecret(clientId: string, secret: string): void {
      setSecret.run(secret, clientId);
    },
  };
}
export type AdminRepo = ReturnType<typeof adminRepo>;

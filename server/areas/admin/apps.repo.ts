/** Queries of app administration: registrations, scopes, redirect URIs and the client secret's hash. */
import type { AdminApp } from '../../../contract/apps.ts';
import type { Environment } from '../../../contract/sandbox.ts';
import { engineOf, type Queryable } from '../../data/database.ts';
import { groupBy } from '../../data/group-by.ts';

interface AppRow {
  client_id: string;
  name: string;
  environment: Environment;
  confidential: 0 | 1;
  implicit_grant: 0 | 1;
}

const appColumns = ['client_id', 'name', 'environment', 'confidential', 'implicit_grant'] as const;

export function appsRepo(q: Queryable) {
  /** The apps of `rows` with their scopes and redirect URIs: two more queries however many apps. */
  async function toApps(rows: readonly AppRow[]): Promise<AdminApp[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.client_id);
    const [scopes, uris] = await Promise.all([
      q
        .selectFrom('app_scopes')
        .select(['client_id', 'scope'])
        .where('client_id', 'in', ids)
        .orderBy('client_id')
        .orderBy('scope')
        .execute(),
      q
        .selectFrom('app_redirect_uris')
        .select(['client_id', 'redirect_uri'])
        .where('client_id', 'in', ids)
        .orderBy('client_id')
        .orderBy('redirect_uri')
        .execute(),
    ]);
    const scopesOf = groupBy(scopes, (row) => row.client_id);
    const urisOf = groupBy(uris, (row) => row.client_id);
    return rows.map((row) => ({
      clientId: row.client_id,
      name: row.name,
      environment: row.environment,
      scopes: (scopesOf.get(row.client_id) ?? []).map((s) => s.scope),
      redirectUris: (urisOf.get(row.client_id) ?? []).map((u) => u.redirect_uri),
      confidential: row.confidential === 1,
      implicit: row.implicit_grant === 1,
    }));
  }

  return {
    async list(): Promise<AdminApp[]> {
      return toApps(await q.selectFrom('apps').select(appColumns).orderBy('client_id').execute());
    },
    async find(clientId: string): Promise<AdminApp | undefined> {
      const row = await q.selectFrom('apps').select(appColumns).where('client_id', '=', clientId).executeTakeFirst();
      return row ? (await toApps([row]))[0] : undefined;
    },
    /**
     * The app's row, locked until the transaction ends (FOR UPDATE on
     * PostgreSQL; a SQLite write transaction holds the file's write lock), so
     * concurrent replaces of its redirect URIs run one after the other.
     */
    async lock(clientId: string): Promise<AppRow | undefined> {
      return q
        .selectFrom('apps')
        .select(appColumns)
        .where('client_id', '=', clientId)
        .$if(engineOf(q) === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
    },
    /** Inserts the registration; a taken client id is a unique violation (the caller answers 409). */
    async create(app: {
      clientId: string;
      name: string;
      environment: Environment;
      confidential: boolean;
      implicit: boolean;
      secretHash: string | null;
      scopes: readonly string[];
    }): Promise<void> {
      await q
        .insertInto('apps')
        .values({
          client_id: app.clientId,
          name: app.name,
          environment: app.environment,
          confidential: app.confidential ? 1 : 0,
          implicit_grant: app.implicit ? 1 : 0,
          secret_hash: app.secretHash,
        })
        .execute();
      const scopes = [...new Set(app.scopes)];
      if (scopes.length > 0) {
        await q
          .insertInto('app_scopes')
          .values(scopes.map((scope) => ({ client_id: app.clientId, scope })))
          .execute();
      }
    },
    /** Replaces the app's redirect URIs; lock the app first. */
    async setRedirectUris(clientId: string, uris: readonly string[]): Promise<void> {
      await q.deleteFrom('app_redirect_uris').where('client_id', '=', clientId).execute();
      const unique = [...new Set(uris)];
      if (unique.length === 0) return;
      await q
        .insertInto('app_redirect_uris')
        .values(unique.map((uri) => ({ client_id: clientId, redirect_uri: uri })))
        .execute();
    },
    async setSecretHash(clientId: string, secretHash: string): Promise<void> {
      await q.updateTable('apps').set({ secret_hash: secretHash }).where('client_id', '=', clientId).execute();
    },
  };
}
export type AppsRepo = ReturnType<typeof appsRepo>;

/**
 * Who is calling: user tokens (comments, profile, notes), the app's client id
 * (anonymous sign-up) and plugins' HTTP Basic credentials (section 5).
 * Tokens are looked up by their SHA-256 hash; a plugin's secret is hashed and
 * the hash compared in constant time with the stored one (the service keeps no
 * plain secret). A production service refuses every sandbox credential.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import { type BasicCredentials, readBasic } from '../../contract/basic-auth.ts';
import type { Environment } from '../../contract/sandbox.ts';
import type { Db, Queryable } from '../data/database.ts';
import { runPrepared } from '../data/prepared.ts';
import { hashSecret } from '../data/secrets.ts';
import { UnchangedMemo } from '../data/unchanged-memo.ts';
import { HttpError } from '../errors.ts';

export const TRAINING_SCOPE = 'training';

export interface UserCaller {
  readonly userId: string;
  readonly clientId: string;
  readonly scopes: ReadonlySet<string>;
  readonly anonymous: boolean;
}

export interface PluginCaller {
  readonly clientId: string;
  readonly orgIds: readonly string[];
  readonly permissions: ReadonlySet<string>;
}

export interface AppClient {
  readonly clientId: string;
  readonly environment: Environment;
  readonly scopes: ReadonlySet<string>;
}

/** SHA-256 of a user token, base64url: what the sessions table is looked up by. One-shot `hash`: no Hash object per request. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

/** Compares two secrets in time that depends only on their lengths' hash, not their content. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = hash('sha256', given, 'buffer');
  const b = hash('sha256', expected, 'buffer');
  return timingSafeEqual(a, b);
}

/**
 * Compares two SHA-256 hashes (`hashSecret`'s base64url, always 43 characters) in constant time, without hashing
 * them again as `secretsEqual` would: a plugin's every call checks its secret this way.
 */
export function hashesEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'latin1');
  const b = Buffer.from(expected, 'latin1');
  // Lengths are not secret (every hash has the same); a stored value of another length matches nothing.
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What an unknown client id is compared against, so timing does not tell which ids exist; no secret hashes to it. */
const UNKNOWN_PLUGIN_HASH = hashSecret('\u0000unknown-plugin');

/** No credentials of the kind the route needs (the platform's 4016). */
const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);
/** Plugin Basic credentials that are there but wrong or unreadable (4011). */
const invalidCredentials = (message: string) => new HttpError(401, 'invalid_credentials', message);

/** The caller, if their app holds the training scope (section 4.1); 403 `missing_scope` otherwise. */
export function requireTrainingScope(caller: UserCaller): UserCaller {
  if (!caller.scopes.has(TRAINING_SCOPE)) {
    throw new HttpError(
      403,
      'missing_scope',
      `The app "${caller.clientId}" does not hold the training scope; an administrator must grant it before it can use student comments or the mission planner`,
    );
  }
  return caller;
}

/**
 * The records behind credentials are read from the database on every request
 * (a session revoked or a scope taken away through any instance holds at the
 * next request), through memos that answer from memory while the database
 * has not changed since they were read (unchanged-memo.ts). What is checked
 * against the records (expiry, the plugin's secret) is checked every time.
 */
export class Authenticator {
  private readonly sessions: UnchangedMemo<readonly SessionRow[]>;
  private readonly apps: UnchangedMemo<readonly AppRow[]>;
  private readonly plugins: UnchangedMemo<PluginRecord>;

  constructor(
    private readonly db: Db,
    private readonly environment: Environment,
    private readonly now: () => number,
    private readonly adminToken?: string,
  ) {
    this.sessions = new UnchangedMemo(db);
    this.apps = new UnchangedMemo(db);
    this.plugins = new UnchangedMemo(db);
  }

  /**
   * The app behind a client id, refusing a sandbox app on a production
   * service. Read from the database on every call (one indexed query), so a
   * scope an administrator grants or takes away holds at the next request
   * through every instance.
   */
  async app(clientId: string, q?: Queryable): Promise<AppClient> {
    const read = (from: Queryable) =>
      runPrepared(from, 'auth:app', { clientId }, (p) =>
        from
          .selectFrom('apps as a')
          .leftJoin('app_scopes as s', 's.client_id', 'a.client_id')
          .select(['a.client_id', 'a.environment', 's.scope'])
          .where('a.client_id', '=', p.clientId),
      );
    // Inside a transaction, read what the transaction sees.
    const rows = q ? await read(q) : await this.apps.get(clientId, () => read(this.db.pointReads));
    const first = rows[0];
    if (!first) throw new HttpError(401, 'invalid_client', `Unknown app client id "${clientId.slice(0, 80)}"`);
    this.refuseSandboxOnProduction(first.environment, 'app client id');
    return { clientId: first.client_id, environment: first.environment, scopes: scopesOf(rows) };
  }

  /**
   * The signed-in user behind `Authorization: Bearer <token>` (or the bare
   * token): one query, or none while the database is unchanged. `mark` is the
   * change mark taken when the request arrived (`Db.changeMark`).
   */
  async user(authorization: string | undefined, mark?: string): Promise<UserCaller> {
    const token = readUserToken(authorization);
    const q = this.db.pointReads;
    const tokenHash = hashToken(token);
    const rows = await this.sessions.get(
      tokenHash,
      () =>
        runPrepared(q, 'auth:session', { tokenHash }, (p) =>
          q
            .selectFrom('sessions as s')
            .innerJoin('users as u', 'u.user_id', 's.user_id')
            .innerJoin('apps as a', 'a.client_id', 's.client_id')
            .leftJoin('app_scopes as sc', 'sc.client_id', 's.client_id')
            .select([
              's.user_id',
              's.client_id',
              's.expires_at',
              's.revoked',
              'u.anonymous',
              'a.environment',
              'sc.scope',
            ])
            .where('s.token_hash', '=', p.tokenHash),
        ),
      mark ?? this.db.changeMark?.(),
    );
    const session = rows[0];
    if (!session || session.revoked) {
      throw new HttpError(401, 'invalid_token', 'The user token is not valid; sign in again');
    }
    this.refuseSandboxOnProduction(session.environment, 'app client id');
    if (session.expires_at <= this.now()) {
      throw new HttpError(401, 'token_expired', 'The user token has expired; refresh it or sign in again');
    }
    return keptWith(rows, () => ({
      userId: session.user_id,
      clientId: session.client_id,
      scopes: scopesOf(rows),
      anonymous: session.anonymous === 1,
    }));
  }

  /** A user whose app holds the training scope (section 4.1). */
  async trainingUser(authorization: string | undefined, mark?: string): Promise<UserCaller> {
    return requireTrainingScope(await this.user(authorization, mark));
  }

  /** A plugin presenting `Authorization: Basic base64(clientId:clientSecret)`. */
  async plugin(authorization: string | undefined, mark?: string): Promise<PluginCaller> {
    const { clientId, clientSecret } = pluginCredentials(authorization);
    const { rows, orgs, permissions } = await this.plugins.get(
      clientId,
      () => this.readPlugin(clientId),
      mark ?? this.db.changeMark?.(),
    );
    const row = rows[0];
    const matches = hashesEqual(hashSecret(clientSecret), row?.secret_hash ?? UNKNOWN_PLUGIN_HASH);
    if (!row || !matches) throw invalidCredentials('The plugin client id or client secret is wrong');
    this.refuseSandboxOnProduction(row.environment, 'plugin credential');
    return keptWith(rows, () => ({
      clientId: row.client_id,
      orgIds: orgs.map((org) => org.org_id),
      permissions: new Set(permissions.map((p) => p.permission)),
    }));
  }

  private async readPlugin(clientId: string): Promise<PluginRecord> {
    const q = this.db.pointReads;
    const [rows, orgs, permissions] = await Promise.all([
      runPrepared(q, 'auth:plugin', { clientId }, (p) =>
        q.selectFrom('plugins').select(['client_id', 'secret_hash', 'environment']).where('client_id', '=', p.clientId),
      ),
      runPrepared(q, 'auth:plugin-orgs', { clientId }, (p) =>
        q.selectFrom('plugin_orgs').select('org_id').where('client_id', '=', p.clientId).orderBy('org_id'),
      ),
      runPrepared(q, 'auth:plugin-permissions', { clientId }, (p) =>
        q.selectFrom('plugin_permissions').select('permission').where('client_id', '=', p.clientId),
      ),
    ]);
    return { rows, orgs, permissions };
  }

  /** The operator, presenting `Authorization: Bearer <ADMIN_TOKEN>`; no token set means no administration. */
  admin(authorization: string | undefined): void {
    if (this.adminToken === undefined) {
      throw new HttpError(
        403,
        'forbidden',
        'Plugin administration is switched off: the service has no ADMIN_TOKEN setting',
      );
    }
    const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match?.[1]) throw unauthorized('Send the admin token as Authorization: Bearer <token>');
    if (!secretsEqual(match[1], this.adminToken)) throw new HttpError(401, 'invalid_token', 'The admin token is wrong');
  }

  private refuseSandboxOnProduction(credentialEnvironment: Environment, what: string): void {
    if (this.environment === 'production' && credentialEnvironment === 'sandbox') {
      throw new HttpError(
        403,
        'sandbox_credential',
        `This is the production platform; a sandbox ${what} works only against the sandbox platform`,
      );
    }
  }
}

interface SessionRow {
  readonly user_id: string;
  readonly client_id: string;
  readonly expires_at: number;
  readonly revoked: number;
  readonly anonymous: number;
  readonly environment: Environment;
  readonly scope: string | null;
}

interface AppRow {
  readonly client_id: string;
  readonly environment: Environment;
  readonly scope: string | null;
}

/** A plugin's row (none for an unknown client id), its organizations and its permissions, as read. */
interface PluginRecord {
  readonly rows: readonly { client_id: string; secret_hash: string; environment: Environment }[];
  readonly orgs: readonly { org_id: string }[];
  readonly permissions: readonly { permission: string }[];
}

/**
 * A caller made of rows a memo read, kept with those rows: the memo hands out the same
 * rows while the database has not changed, so the same caller object serves every request of that session or plugin
 * until then (and the answer key's viewer is made once for it, server/cache/answer-rule.ts). The checks that depend
 * on the request (expiry, the secret, the environment) still run on every request, before this.
 */
const made = new WeakMap<readonly object[], unknown>();

function keptWith<T>(rows: readonly object[], make: () => T): T {
  if (made.has(rows)) return made.get(rows) as T;
  const value = make();
  made.set(rows, value);
  return value;
}

function scopesOf(rows: readonly { scope: string | null }[]): ReadonlySet<string> {
  return new Set(rows.flatMap((row) => (row.scope === null ? [] : [row.scope])));
}

export function readUserToken(authorization: string | undefined): string {
  if (!authorization || authorization.trim() === '') {
    throw unauthorized('Sign in first: send the user token in the Authorization header');
  }
  const value = authorization.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  if (/^basic\s/i.test(value) || token.length === 0 || token.length > 512) {
    throw new HttpError(401, 'invalid_token', 'The Authorization header does not carry a user token');
  }
  return token;
}

function pluginCredentials(authorization: string | undefined): BasicCredentials {
  const credentials = readBasic(authorization);
  const sendBasic = 'Send the plugin credentials as Authorization: Basic base64(clientId:clientSecret)';
  if (credentials === 'not-basic') {
    // A Basic header that cannot be read is credentials gone wrong; any other header is none at all.
    if (/^basic(\s|$)/i.test(authorization?.trim() ?? '')) throw invalidCredentials(sendBasic);
    throw unauthorized(sendBasic);
  }
  if (credentials === 'no-client-id') {
    throw invalidCredentials('The Basic credentials must be base64 of clientId:clientSecret');
  }
  // Control characters (NUL among them) are in no client id or secret the platform issues.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check.
  if (/[\u0000-\u001f]/.test(`${credentials.clientId}:${credentials.clientSecret}`)) {
    throw invalidCredentials('The plugin client id or client secret is wrong');
  }
  return credentials;
}

/** The service's callers build the header it sends to a plugin from here too. */

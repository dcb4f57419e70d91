/**
 * Who is calling: user tokens (comments, profile, notes), the app's client id
 * (anonymous sign-up) and plugins' HTTP Basic credentials (section 5).
 * Tokens are looked up by their SHA-256 hash; plugin secrets are compared in
 * constant time. A production service refuses every sandbox credential.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../../contract/sandbox.ts';
import type { Db } from '../db/database.ts';
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

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Compares two secrets in time that depends only on their lengths' hash, not their content. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The caller, if their app holds the training scope (section 4.1); 403 `missing_scope` otherwise. */
export function requireTrainingScope(caller: UserCaller): UserCaller {
  if (!caller.scopes.has(TRAINING_SCOPE)) {
    throw new HttpError(
      403,
      'missing_scope',
      `The app "${caller.clientId}" does not hold the training scope; an administrator must grant it before it can read or add student comments`,
    );
  }
  return caller;
}

const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);

export class Authenticator {
  private readonly sessionByToken;
  private readonly appById;
  private readonly scopesOfApp;
  private readonly pluginById;
  private readonly pluginPermissions;
  private readonly pluginOrgs;
  /** Apps and their scopes change only by an administrator's hand in the database, not at run time. */
  private readonly apps = new Map<string, AppClient>();

  constructor(
    db: Db,
    private readonly environment: Environment,
    private readonly now: () => number,
    private readonly adminToken?: string,
  ) {
    this.sessionByToken = db.prepare<
      [string],
      { user_id: string; client_id: string; expires_at: number; revoked: number; anonymous: number }
    >(
      `SELECT s.user_id, s.client_id, s.expires_at, s.revoked, u.anonymous
       FROM sessions s JOIN users u ON u.user_id = s.user_id WHERE s.token_hash = ?`,
    );
    this.appById = db.prepare<[string], { client_id: string; environment: Environment }>(
      'SELECT client_id, environment FROM apps WHERE client_id = ?',
    );
    this.scopesOfApp = db.prepare<[string], { scope: string }>('SELECT scope FROM app_scopes WHERE client_id = ?');
    this.pluginById = db.prepare<[string], { client_id: string; client_secret: string; environment: Environment }>(
      'SELECT client_id, client_secret, environment FROM plugins WHERE client_id = ?',
    );
    this.pluginPermissions = db.prepare<[string], { permission: string }>(
      'SELECT permission FROM plugin_permissions WHERE client_id = ?',
    );
    this.pluginOrgs = db.prepare<[string], { org_id: string }>(
      'SELECT org_id FROM plugin_orgs WHERE client_id = ? ORDER BY org_id',
    );
  }

  /** The app behind a client id, refusing a sandbox app on a production service. */
  app(clientId: string): AppClient {
    let app = this.apps.get(clientId);
    if (!app) {
      const row = this.appById.get(clientId);
      if (!row) throw unauthorized(`Unknown app client id "${clientId.slice(0, 80)}"`);
      app = {
        clientId: row.client_id,
        environment: row.environment,
        scopes: new Set(this.scopesOfApp.all(clientId).map((scope) => scope.scope)),
      };
      // Only known apps are kept, so unknown ids cannot grow the cache.
      this.apps.set(clientId, app);
    }
    this.refuseSandboxOnProduction(app.environment, 'app client id');
    return app;
  }

  /** The signed-in user behind `Authorization: Bearer <token>` (or the bare token). */
  user(authorization: string | undefined): UserCaller {
    const token = readUserToken(authorization);
    const session = this.sessionByToken.get(hashToken(token));
    if (!session || session.revoked) {
      throw new HttpError(401, 'invalid_token', 'The user token is not valid; sign in again');
    }
    const app = this.app(session.client_id);
    if (session.expires_at <= this.now()) {
      throw new HttpError(401, 'token_expired', 'The user token has expired; refresh it or sign in again');
    }
    return {
      userId: session.user_id,
      clientId: app.clientId,
      scopes: app.scopes,
      anonymous: session.anonymous === 1,
    };
  }

  /** A user whose app holds the training scope (section 4.1). */
  trainingUser(authorization: string | undefined): UserCaller {
    return requireTrainingScope(this.user(authorization));
  }

  /** A plugin presenting `Authorization: Basic base64(clientId:clientSecret)`. */
  plugin(authorization: string | undefined): PluginCaller {
    const { clientId, clientSecret } = readBasic(authorization);
    const row = this.pluginById.get(clientId);
    // Compare against a stand-in secret for unknown ids so timing does not tell which ids exist.
    const matches = secretsEqual(clientSecret, row?.client_secret ?? '\u0000unknown-plugin');
    if (!row || !matches) throw unauthorized('The plugin client id or client secret is wrong');
    this.refuseSandboxOnProduction(row.environment, 'plugin credential');
    return {
      clientId: row.client_id,
      orgIds: this.pluginOrgs.all(clientId).map((org) => org.org_id),
      permissions: new Set(this.pluginPermissions.all(clientId).map((permission) => permission.permission)),
    };
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

function readUserToken(authorization: string | undefined): string {
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

function readBasic(authorization: string | undefined): { clientId: string; clientSecret: string } {
  const match = /^basic\s+([A-Za-z0-9+/=_-]{1,1024})\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) {
    throw unauthorized('Send the plugin credentials as Authorization: Basic base64(clientId:clientSecret)');
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw unauthorized('The Basic credentials must be base64 of clientId:clientSecret');
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}

/** Builds the Basic header the service sends to a plugin, and plugins send to the service. */
export function basicHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

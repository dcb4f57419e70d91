/**
 * A real OpenID Provider (panva's oidc-provider) on http://127.0.0.1, for
 * the service's OpenID sign-in: discovery, code with PKCE, signed ID tokens.
 * Consent is granted as a first-party provider grants it (its documented
 * `loadExistingGrant` recipe), so the only interaction is the login.
 *
 * - `interactions: 'auto'` (service tests): the login interaction signs in
 *   whoever the test named with `loginAs`, without a page.
 * - `interactions: 'dev'` (e2e): oidc-provider's own development login page.
 *
 * `misbehave` makes the provider's token endpoint answer an ID token the
 * relying party must refuse, re-signed with the provider's own key (so only
 * the claim that is wrong gives it away): another nonce, or another audience.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface OpenidAccount {
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly [claim: string]: unknown;
}

export interface OpenidClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
}

export type Misbehaviour = 'none' | 'wrong-nonce' | 'foreign-audience';

export interface TestOpenidProvider {
  readonly issuer: string;
  /** Serves the provider for these clients (their redirect URIs known only once the service listens). */
  serve(clients: readonly OpenidClient[]): void;
  /** Who the next login interaction signs in (auto interactions); undefined: the person cancels there. */
  loginAs(accountId: string | undefined): void;
  misbehave(how: Misbehaviour): void;
  close(): Promise<void>;
}

const KID = 'test-signing-key';

function b64json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The ID token with `change` applied to its claims, signed again with the provider's key. */
function resign(idToken: string, key: KeyObject, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  change(claims);
  const input = `${header}.${b64json(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/**
 * Starts listening at once (so the issuer is known before the service starts); the provider itself is made
 * by `serve`, when the service's callback address is known. `port` 0 picks a free one.
 */
export async function startOpenidProvider(options: {
  port?: number;
  interactions: 'auto' | 'dev';
  accounts: Record<string, OpenidAccount>;
}): Promise<TestOpenidProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end('not serving yet');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  const signingKey = createPrivateKey({ key: privateKey.export({ format: 'pem', type: 'pkcs8' }) });
  let nextLogin: string | undefined;
  let misbehaviour: Misbehaviour = 'none';

  return {
    issuer,
    serve(clients) {
      const configuration: Configuration = {
        clients: clients.map((client) => ({
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [...client.redirectUris],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        })),
        jwks: { keys: [jwk] as NonNullable<Configuration['jwks']>['keys'] },
        cookies: { keys: ['test-openid-provider-cookie-key'] },
        // The organization's own id is released with a scope of its own, as directories do.
        claims: { openid: ['sub'], email: ['email', 'email_verified'], employee: ['employee_id'] },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: options.interactions === 'dev' } },
        async findAccount(_ctx, id) {
          const account = options.accounts[id];
          if (!account) return undefined;
          return { accountId: id, claims: async () => ({ sub: id, ...account }) };
        },
        // First-party: everything the client asks of the scopes above is granted without a consent page.
        async loadExistingGrant(ctx: KoaContextWithOIDC) {
          const { client, session } = ctx.oidc;
          if (!client || !session?.accountId) return undefined;
          const existing = session.grantIdFor(client.clientId);
          if (existing) return ctx.oidc.provider.Grant.find(existing);
          const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
          grant.addOIDCScope('openid email employee');
          grant.addOIDCClaims(['sub', 'email', 'email_verified', 'employee_id']);
          await grant.save();
          return grant;
        },
      };
      const provider = new Provider(issuer, configuration);
      provider.use(async (ctx, next) => {
        await next();
        if (ctx.path !== '/token' || misbehaviour === 'none') return;
        const body = ctx.body as { id_token?: string } | undefined;
        if (!body?.id_token) return;
        body.id_token = resign(body.id_token, signingKey, (claims) => {
          if (misbehaviour === 'wrong-nonce') claims.nonce = 'a-nonce-of-another-sign-in';
          else claims.aud = 'another-relying-party';
        });
      });
      const callback = provider.callback();
      handler = (req, res) => {
        if (options.interactions === 'auto' && req.url?.startsWith('/interaction/')) {
          const accountId = nextLogin;
          const result = accountId ? { login: { accountId } } : { error: 'access_denied' };
          provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false }).catch((error) => {
            res.writeHead(500).end(String(error));
          });
          return;
        }
        callback(req, res);
      };
    },
    loginAs(accountId) {
      nextLogin = accountId;
    },
    misbehave(how) {
      misbehaviour = how;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

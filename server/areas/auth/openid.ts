/**
 * The service as a relying party of the organization's OpenID providers
 * (OIDC_PROVIDERS), through `openid-client`: discovery, the authorization
 * code flow with PKCE (S256), state and nonce, the ID token validated
 * (signature, issuer, audience, expiry, nonce).
 *
 * What the callback needs is kept in the database (oidc_flows), keyed by a
 * hash of the state, and spent by the callback in one statement: any
 * instance serves it, and the same answer comes back once. The browser that
 * started the flow holds the state in an HttpOnly, SameSite=Lax cookie
 * scoped to the callback's path; a callback without it is refused, so a
 * provider's answer cannot be replayed into another person's browser.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'hono';
import * as client from 'openid-client';
import { endpoints as e } from '../../../contract/endpoints.ts';
import { secretsEqual } from '../../access/authenticator.ts';
import type { OidcProvider } from '../../config.ts';
import type { Queryable } from '../../data/database.ts';
import type { Deps } from '../../deps.ts';
import { setHeader } from '../../http/response-headers.ts';
import { authRepo } from './auth.repo.ts';
import { overHttps } from './csrf.ts';
import type { CarriedParams } from './signin-page.ts';

/** How long a person has at their provider before the sign-in must start again. */
export const OIDC_FLOW_TTL_SECONDS = 600;

export const OIDC_COOKIE = 'oidc_state';

/** How long the sign-in page waits for a provider's discovery before it is answered without it. */
const DISCOVERY_WAIT_MS = 2000;

const callbackPath = e.oauthOidcCallback.path;

/** Why a callback was refused: the page's title and text, and its status. */
export interface Refusal {
  readonly status: 400 | 403;
  readonly title: string;
  readonly message: string;
}

export type CallbackOutcome =
  | { readonly kind: 'person'; readonly userId: string; readonly params: CarriedParams }
  | { readonly kind: 'refused'; readonly refusal: Refusal; readonly params?: CarriedParams | undefined };

type Claims = Readonly<Record<string, unknown>>;

/** The claim that names the person. */
const claimOf = (provider: OidcProvider) => (provider.match === 'email' ? 'email' : provider.externalIdClaim);

const isLoopbackHttp = (issuer: string) => new URL(issuer).protocol === 'http:';

export function openidRelyingParty(deps: Deps) {
  const providers = deps.settings.OIDC_PROVIDERS;
  const configs = new Map<string, Promise<client.Configuration>>();

  /** The provider's discovered configuration, read once per process; a failed read is tried again next time. */
  function configOf(provider: OidcProvider): Promise<client.Configuration> {
    let config = configs.get(provider.id);
    if (!config) {
      config = client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        client.ClientSecretBasic(provider.clientSecret),
        {
          timeout: 10,
          // The settings allow http only on a loopback address.
          ...(isLoopbackHttp(provider.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        },
      );
      config.catch(() => configs.delete(provider.id));
      configs.set(provider.id, config);
    }
    return config;
  }

  /** Where the provider sends the person back: this service's own address, as the browser reached it. */
  function callbackUri(c: Context): string {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    return `${overHttps(c) ? 'https' : 'http'}://${host}${callbackPath}`;
  }

  function cookieState(c: Context): string | undefined {
    for (const part of (c.req.header('cookie') ?? '').split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === OIDC_COOKIE) return rest.join('=');
    }
    return undefined;
  }

  function setCookie(c: Context, value: string, maxAge: number): void {
    const secure = overHttps(c) ? '; Secure' : '';
    setHeader(
      c,
      'Set-Cookie',
      `${OIDC_COOKIE}=${value}; Path=${callbackPath}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`,
      { append: true },
    );
  }

  /**
   * The origins the sign-in page's form may lead to (its CSP's form-action): each provider's issuer and
   * authorization endpoint. Discovery is waited for briefly: a provider that is down does not hold the page.
   */
  async function formTargets(): Promise<string[]> {
    const origins = new Set<string>();
    for (const provider of providers) {
      origins.add(new URL(provider.issuer).origin);
      const discovered = await Promise.race([
        configOf(provider).catch(() => undefined),
        sleep(DISCOVERY_WAIT_MS, undefined, { ref: false }),
      ]);
      const endpoint = discovered?.serverMetadata().authorization_endpoint;
      if (endpoint !== undefined && URL.canParse(endpoint)) origins.add(new URL(endpoint).origin);
    }
    return [...origins];
  }

  /** Matches the ID token's claims with an imported person, as the provider's settings say. */
  async function personOf(provider: OidcProvider, claims: Claims, q: Queryable): Promise<string | Refusal> {
    const unknown = (what: string): Refusal => ({
      status: 403,
      title: 'You are not known here',
      message: `${provider.name} signed you in as ${what}, but nobody of that ${provider.match === 'email' ? 'email address' : 'id'} is registered on this platform. Ask your administrator to add you.`,
    });
    if (provider.match === 'email') {
      const email = claims.email;
      if (typeof email !== 'string' || email === '') {
        return {
          status: 403,
          title: 'No email address',
          message: `${provider.name} did not tell this platform your email address.`,
        };
      }
      // An address the provider has not verified could be anyone's.
      if (claims.email_verified !== true) {
        return {
          status: 403,
          title: 'Email address not verified',
          message: `${provider.name} has not verified your email address (${email}), so this platform cannot tell who you are. Verify it with ${provider.name} and try again.`,
        };
      }
      const matches = await authRepo(q).peopleMatching('email', email);
      if (matches.length > 1) return ambiguous(provider);
      return matches[0] ?? unknown(email);
    }
    const value = claims[provider.externalIdClaim];
    if (typeof value !== 'string' || value === '') {
      return {
        status: 403,
        title: 'No id to match',
        message: `${provider.name} did not send the claim “${provider.externalIdClaim}” this platform knows people by.`,
      };
    }
    const matches = await authRepo(q).peopleMatching('externalId', value);
    if (matches.length > 1) return ambiguous(provider);
    return matches[0] ?? unknown(value);
  }

  return {
    providers: providers.map(({ id, name }) => ({ id, name })),

    formTargets,

    /** Starts the sign-in at `providerId` for the app's request: the address to send the browser to, or a refusal. */
    async start(c: Context, providerId: string, params: CarriedParams): Promise<{ location: string } | Refusal> {
      const provider = providers.find((p) => p.id === providerId);
      if (!provider) {
        return {
          status: 400,
          title: 'Unknown sign-in provider',
          message: 'This platform has no such sign-in provider.',
        };
      }
      let config: client.Configuration;
      try {
        config = await configOf(provider);
      } catch {
        return {
          status: 403,
          title: `${provider.name} cannot be reached`,
          message: `The platform could not reach ${provider.name} just now. Try again in a moment, or sign in another way.`,
        };
      }
      const state = client.randomState();
      const nonce = client.randomNonce();
      const verifier = client.randomPKCECodeVerifier();
      const redirectUri = callbackUri(c);
      const now = deps.now();
      await authRepo(deps.db.q).createOidcFlow(
        state,
        {
          provider: provider.id,
          nonce,
          code_verifier: verifier,
          callback_uri: redirectUri,
          signin_params: JSON.stringify(params),
          expires_at: now + OIDC_FLOW_TTL_SECONDS,
        },
        now,
      );
      setCookie(c, state, OIDC_FLOW_TTL_SECONDS);
      const location = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: provider.scope ?? (provider.match === 'email' ? 'openid email' : 'openid'),
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { location: location.href };
    },

    /** The provider's answer: the person it signed in, matched with an imported one, or why not. */
    async callback(c: Context, query: Record<string, string | undefined>): Promise<CallbackOutcome> {
      const state = query.state;
      const held = cookieState(c);
      // Spent or not, the cookie has done its work.
      setCookie(c, '', 0);
      const notStarted: Refusal = {
        status: 400,
        title: 'This sign-in was not started here',
        message:
          'The answer of the sign-in provider does not belong to a sign-in started in this browser, or it was already used. Go back to the app and sign in again.',
      };
      if (state === undefined || held === undefined || !secretsEqual(state, held)) {
        return { kind: 'refused', refusal: notStarted };
      }
      const flow = await authRepo(deps.db.q).spendOidcFlow(state);
      if (!flow) return { kind: 'refused', refusal: notStarted };
      const params = JSON.parse(flow.signin_params) as CarriedParams;
      if (flow.expires_at <= deps.now()) {
        return {
          kind: 'refused',
          params,
          refusal: { status: 400, title: 'This sign-in took too long', message: 'Sign in again.' },
        };
      }
      const provider = providers.find((p) => p.id === flow.provider);
      if (!provider) return { kind: 'refused', refusal: notStarted };
      if (query.error !== undefined) {
        return {
          kind: 'refused',
          params,
          refusal: {
            status: 403,
            title: `${provider.name} did not sign you in`,
            message:
              query.error === 'access_denied'
                ? `The sign-in at ${provider.name} was cancelled.`
                : `${provider.name} answered: ${query.error_description ?? query.error}.`,
          },
        };
      }
      const current = new URL(flow.callback_uri);
      for (const [name, value] of Object.entries(query)) if (value !== undefined) current.searchParams.set(name, value);
      let claims: Claims | undefined;
      try {
        const config = await configOf(provider);
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        claims = idToken;
        // A conformant provider may keep the claim out of the ID token and answer it from UserInfo (Core 5.4),
        // whose answer must be about the ID token's subject.
        if (idToken && idToken[claimOf(provider)] === undefined && config.serverMetadata().userinfo_endpoint) {
          claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
        }
      } catch {
        claims = undefined;
      }
      if (!claims) {
        return {
          kind: 'refused',
          params,
          refusal: {
            status: 403,
            title: `${provider.name}’s answer could not be verified`,
            message: `The platform could not verify who ${provider.name} signed in (its ID token did not validate), so nobody was signed in.`,
          },
        };
      }
      const person = await personOf(provider, claims, deps.db.q);
      if (typeof person !== 'string') return { kind: 'refused', refusal: person, params };
      return { kind: 'person', userId: person, params };
    },
  };
}

function ambiguous(provider: OidcProvider): Refusal {
  return {
    status: 403,
    title: 'More than one person matches',
    message: `More than one person on this platform has the ${provider.match === 'email' ? 'email address' : 'id'} ${provider.name} gave. Ask your administrator to correct the people import.`,
  };
}

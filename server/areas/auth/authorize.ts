/**
 * Checking a sign-in request (RFC 6749 4.1.1 and 4.2.1, RFC 7636 4.3), in
 * the order that decides who hears of a fault:
 *
 * 1. `client_id` must name an app this service serves, and `redirect_uri`
 *    must be exactly one registered for it. Otherwise nobody can be trusted
 *    to receive an answer: the person gets an error page, never a redirect.
 * 2. Every other fault goes back to the app: a redirect to its
 *    `redirect_uri` with `error`, `error_description` and `state`.
 *
 * Unrecognized parameters are ignored (RFC 6749 3.1); a parameter given
 * twice is a fault.
 */

import { codeChallengeSchema, type ResponseType, responseTypes, stateSchema } from '../../../contract/auth.ts';
import { idSchema } from '../../../contract/common.ts';
import { isSandboxClientId } from '../../../contract/config.ts';
import type { Deps } from '../../deps.ts';
import { authRepo, type OauthApp } from './auth.repo.ts';
import type { CarriedParams } from './signin-page.ts';

/** A request that passed every check. */
export interface SigninRequest {
  readonly app: OauthApp;
  readonly responseType: ResponseType;
  readonly redirectUri: string;
  readonly state: string;
  readonly codeChallenge: string | undefined;
  /** `app_login=true`: handle and password only. */
  readonly appLogin: boolean;
  /** What the forms carry back. */
  readonly params: CarriedParams;
}

export type Checked =
  | { readonly kind: 'ok'; readonly request: SigninRequest }
  /** Stop here: a page, and never a redirect. */
  | {
      readonly kind: 'page';
      readonly status: 400 | 403;
      readonly title: string;
      readonly message: string;
      /** What would fix it, for whoever runs the app or the service. */
      readonly fix?: string;
    }
  /** Tell the app, at its registered address. */
  | { readonly kind: 'redirect'; readonly location: string };

/** `uri` with `params` added to its query, the registered string otherwise kept as it is. */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  return `${uri}${uri.includes('?') ? '&' : '?'}${query}`;
}

/** The raw parameters, each once; the names given more than once. */
export function collect(entries: Iterable<[string, unknown]>): {
  values: Record<string, unknown>;
  repeated: Set<string>;
} {
  const values: Record<string, unknown> = Object.create(null);
  const repeated = new Set<string>();
  for (const [name, value] of entries) {
    if (Object.hasOwn(values, name)) repeated.add(name);
    values[name] = value;
  }
  return { values, repeated };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** No id, handle or address the platform issues holds one (and PostgreSQL stores no NUL). */
export const hasControl = (value: string) => CONTROL.test(value);

/** The dashboard's callback served by this service on its own PORT, under each loopback name. */
export function ownCallbacks(port: number): readonly string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}/auth/callback`);
}

/**
 * The redirect URIs an app answers to: those registered, and for a sandbox
 * app on a sandbox service also the operator's SANDBOX_REDIRECT_URIS and the
 * dashboard's callback on this service's own PORT, so `PORT=3000 npm start`
 * signs in with no other setting.
 */
export function redirectUrisOf(app: OauthApp, deps: Pick<Deps, 'settings'>): readonly string[] {
  const sandbox = deps.settings.PLATFORM_ENV === 'sandbox' && app.environment === 'sandbox';
  if (!sandbox) return app.redirectUris;
  return [...app.redirectUris, ...deps.settings.SANDBOX_REDIRECT_URIS, ...ownCallbacks(deps.settings.PORT)];
}

/**
 * The legacy implicit grant: only for a public sandbox app registered for it.
 * The registration refuses the others; this holds even for a row written
 * some other way.
 */
export const implicitAllowed = (app: OauthApp): boolean =>
  app.implicit && !app.confidential && app.environment === 'sandbox';

/** What the operator sets so the address is served: the setting on a sandbox, the admin command in production. */
function unregisteredFix(deps: Pick<Deps, 'settings'>, app: OauthApp, redirectUri: string | undefined): string {
  const asked = redirectUri === undefined ? 'the address' : `“${redirectUri.slice(0, 300)}”`;
  if (deps.settings.PLATFORM_ENV === 'sandbox' && app.environment === 'sandbox') {
    return `To allow ${asked} on this sandbox, start the service with it in SANDBOX_REDIRECT_URIS (comma-separated addresses). The dashboard’s own callback on this service’s port (${deps.settings.PORT}) needs no setting.`;
  }
  return `An administrator of the platform registers ${asked} for the app: npm run admin -- app set-redirect-uris ${app.clientId} <addresses> (or --redirect-uris of app add for a new app). Addresses are compared exactly.`;
}

export async function checkSignin(
  deps: Deps,
  values: Record<string, unknown>,
  repeated: ReadonlySet<string>,
): Promise<Checked> {
  const clientId = text(values.client_id);
  const stop = (status: 400 | 403, title: string, message: string, fix?: string): Checked => ({
    kind: 'page',
    status,
    title,
    message,
    ...(fix === undefined ? {} : { fix }),
  });
  if (
    clientId === undefined ||
    repeated.has('client_id') ||
    !idSchema.safeParse(clientId).success ||
    hasControl(clientId)
  ) {
    return stop(400, 'This app is not known', 'The sign-in request does not name an app of the platform (client_id).');
  }
  const app = await authRepo(deps.db.q).app(clientId);
  if (!app) {
    return stop(400, 'This app is not known', `No app of the platform has the client id “${clientId}”.`);
  }
  if (deps.settings.PLATFORM_ENV === 'production' && app.environment === 'sandbox') {
    return stop(
      403,
      'A sandbox app',
      `“${app.name}” is a sandbox app: it signs in only on the sandbox platform, not on production.`,
    );
  }
  const redirectUri = text(values.redirect_uri);
  if (redirectUri === undefined || repeated.has('redirect_uri') || !redirectUrisOf(app, deps).includes(redirectUri)) {
    return stop(
      400,
      'This return address is not registered',
      `The app “${app.name}” asked to send you back to an address (redirect_uri) that is not registered for it, so the platform will not send you there.`,
      unregisteredFix(deps, app, redirectUri),
    );
  }

  const rawState = text(values.state);
  const stateOk = rawState !== undefined && !repeated.has('state') && stateSchema.safeParse(rawState).success;
  const state = stateOk ? rawState : undefined;
  const fail = (
    error: 'invalid_request' | 'unsupported_response_type' | 'unauthorized_client',
    description: string,
  ): Checked => ({
    kind: 'redirect',
    location: withParams(redirectUri, { error, error_description: description, state }),
  });
  const twice = [...repeated][0];
  if (twice !== undefined) return fail('invalid_request', `${twice.slice(0, 64)} is given more than once`);
  if (!stateOk) return fail('invalid_request', 'state is required: 1 to 1000 characters, passed back unchanged');
  const responseType = text(values.response_type);
  if (responseType === undefined) return fail('invalid_request', 'response_type is required: code or implicit');
  if (!(responseTypes as readonly string[]).includes(responseType)) {
    return fail('unsupported_response_type', 'response_type must be code or implicit');
  }
  if (responseType === 'implicit' && !implicitAllowed(app)) {
    return fail(
      'unauthorized_client',
      'this app is not registered for the implicit grant (legacy); use response_type=code with PKCE',
    );
  }
  const challenge = text(values.code_challenge);
  const method = text(values.code_challenge_method);
  if (challenge !== undefined && !codeChallengeSchema.safeParse(challenge).success) {
    return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters)');
  }
  if (method !== undefined && method !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256 (plain is not accepted)');
  }
  if (challenge !== undefined && method === undefined) {
    return fail('invalid_request', 'code_challenge_method=S256 is required with code_challenge');
  }
  if (challenge === undefined && method !== undefined) {
    return fail('invalid_request', 'code_challenge_method was given without code_challenge');
  }
  if (responseType === 'code' && !app.confidential && challenge === undefined) {
    return fail('invalid_request', 'a public app must use PKCE: send code_challenge and code_challenge_method=S256');
  }
  const appLogin = text(values.app_login);
  if (appLogin !== undefined && appLogin !== 'true' && appLogin !== 'false') {
    return fail('invalid_request', 'app_login must be true or false');
  }
  return {
    kind: 'ok',
    request: {
      app,
      responseType: responseType as ResponseType,
      redirectUri,
      state: rawState,
      codeChallenge: challenge,
      appLogin: appLogin === 'true',
      params: {
        client_id: clientId,
        response_type: responseType,
        redirect_uri: redirectUri,
        state: rawState,
        ...(challenge === undefined ? {} : { code_challenge: challenge, code_challenge_method: 'S256' }),
        ...(appLogin === undefined ? {} : { app_login: appLogin }),
      },
    },
  };
}

/** Whether the demo-person picker signs people in for this request: a sandbox app, on a sandbox, not app_login. */
export function pickerAllowed(deps: Pick<Deps, 'settings'>, request: SigninRequest): boolean {
  return (
    deps.settings.PLATFORM_ENV === 'sandbox' &&
    request.app.environment === 'sandbox' &&
    isSandboxClientId(request.app.clientId) &&
    !request.appLogin
  );
}

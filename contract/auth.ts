/**
 * OAuth 2.0 sign-in as the platform's clients use it (RFC 6749 with PKCE,
 * RFC 7636): the sign-in page's parameters and form, the token endpoint's
 * request and answer, sign-out. Not in the interface document: the
 * platform's own convention, read from its public SDKs (see
 * docs/interface-decisions.md, "OAuth 2.0 sign-in").
 *
 * Parameter names are the RFC's (snake_case), as the SDKs send them. Unlike
 * the rest of the contract these objects are not strict: RFC 6749 (3.1, 3.2)
 * says unrecognized parameters are ignored, and the SDKs send some (the
 * Swift SDK adds `access_token` to a refresh and `client_secret` to the
 * sign-in address).
 */
import { z } from 'zod/mini';
import { idSchema, notBlank } from './common.ts';

/** `code` (authorization code, with PKCE), or `implicit`: tokens in the redirect, as the SDKs read them (legacy). */
export const responseTypes = ['code', 'implicit'] as const;
export type ResponseType = (typeof responseTypes)[number];
export const responseTypeSchema = z.enum(responseTypes);

export const grantTypes = ['authorization_code', 'refresh_token'] as const;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A redirect URI an app may register (OAuth 2.0 Security BCP, RFC 8252): an
 * absolute https address; http only on a loopback host; or a native app's
 * private-use scheme in reverse-domain form (`com.example.app:/callback`).
 * No fragment (RFC 6749 3.1.2), no user name or password, no whitespace.
 */
export function isRedirectUri(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (value.length > 2000 || /[\s\u0000-\u001f\u007f#]/.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') return false;
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') return url.hostname !== '';
  if (scheme === 'http') return loopbackHosts.has(url.hostname);
  return /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme);
}

export const redirectUriRule =
  'an absolute https address, http only on localhost, 127.0.0.1 or [::1], or a private-use scheme in reverse-domain form (com.example.app:/callback); no fragment, no user name or password';

export const redirectUriSchema = z
  .string()
  .check(z.maxLength(2000, 'must be at most 2000 characters'), z.refine(isRedirectUri, { message: redirectUriRule }));

/** A PKCE challenge made with S256: base64url of a SHA-256 digest, 43 characters. */
export const codeChallengeSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url SHA-256 of the code_verifier (43 characters)'));

/** RFC 7636 4.1: 43 to 128 unreserved characters. */
export const codeVerifierSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~'));

/** Passed through untouched; bounded so it fits the address it travels back in. */
export const stateSchema = z
  .string()
  .check(z.minLength(1, 'must not be empty'), z.maxLength(1000, 'must be at most 1000 characters'));

/**
 * `GET /oauth/signin`. `client_id` and `redirect_uri` are checked first: an
 * unknown app, or an address not registered for it, gets an error page and
 * is never redirected to. The others are checked next, and a fault is
 * reported to the app by redirect (`error`, `state`).
 */
export const signinQuerySchema = z.object({
  client_id: idSchema,
  response_type: responseTypeSchema,
  redirect_uri: z.string().check(z.maxLength(2000, 'must be at most 2000 characters')),
  state: stateSchema,
  code_challenge: z.optional(codeChallengeSchema),
  code_challenge_method: z.optional(z.enum(['S256'])),
  /** `true`: sign in with a handle and password only (no demo-person picker). */
  app_login: z.optional(z.enum(['true', 'false'])),
  /** Sent by the Swift SDK; ignored here (an app proves its secret at the token endpoint, never in an address). */
  client_secret: z.optional(z.string().check(z.maxLength(256, 'must be at most 256 characters'))),
});

/** The longest handle and password the sign-in form takes (its fields' `maxlength` too). */
export const signinLimits = { handle: 65, password: 1024 } as const;

/** A handle as a person types it, the `@` optional; the sign-in drops the spaces around it first. */
export const handleInputSchema = z
  .string()
  .check(notBlank(), z.maxLength(signinLimits.handle, `must be at most ${signinLimits.handle} characters`));
export const passwordInputSchema = z
  .string()
  .check(
    z.minLength(1, 'must not be empty'),
    z.maxLength(signinLimits.password, `must be at most ${signinLimits.password} characters`),
  );

/** The password form's two fields, as the sign-in checks them before it looks anyone up. */
export const signinCredentialsSchema = z.object({ handle: handleInputSchema, password: passwordInputSchema });

/**
 * `POST /oauth/signin`, the sign-in page's forms (form-encoded): the
 * request's parameters again, the form's `csrf_token`, and one of: a demo
 * person (`user_id`, sandbox apps on a sandbox only), `handle` + `password`,
 * or `action=cancel`.
 */
export const signinFormSchema = z.extend(signinQuerySchema, {
  csrf_token: z.string().check(z.maxLength(200, 'must be at most 200 characters')),
  action: z.optional(z.enum(['password', 'cancel'])),
  user_id: z.optional(idSchema),
  handle: z.optional(handleInputSchema),
  password: z.optional(passwordInputSchema),
  /** "Continue with <name>": the id of one of the service's OpenID providers (OIDC_PROVIDERS). */
  provider: z.optional(idSchema),
});

/**
 * `GET /oauth/oidc/callback`: where an OpenID provider sends the person back
 * (OpenID Connect Core 3.1.2.5 and 3.1.2.6, RFC 9207's `iss`). Everything is
 * optional here: the relying party checks what the provider sent, and a
 * response the sign-in did not ask for is refused with a page.
 */
const callbackText = z.optional(z.string().check(z.maxLength(4000, 'must be at most 4000 characters')));
export const oidcCallbackQuerySchema = z.object({
  code: callbackText,
  state: callbackText,
  iss: callbackText,
  error: callbackText,
  error_description: callbackText,
  session_state: callbackText,
});

/**
 * `POST /oauth/token`, as JSON, form-encoded, or (as the Swift SDK sends a
 * refresh) query parameters. The client may authenticate with HTTP Basic
 * instead of `client_id` + `client_secret` (RFC 6749 2.3.1).
 */
export const oauthTokenRequestSchema = z.object({
  grant_type: z.enum(grantTypes),
  code: z.optional(z.string().check(z.maxLength(256, 'must be at most 256 characters'))),
  redirect_uri: z.optional(z.string().check(z.maxLength(2000, 'must be at most 2000 characters'))),
  code_verifier: z.optional(codeVerifierSchema),
  refresh_token: z.optional(z.string().check(z.maxLength(256, 'must be at most 256 characters'))),
  client_id: z.optional(idSchema),
  client_secret: z.optional(z.string().check(z.maxLength(256, 'must be at most 256 characters'))),
});
export type OauthTokenRequest = z.infer<typeof oauthTokenRequestSchema>;

/** The same parameters in the address (a parameter may be in one place only; `grant_type` in one of them). */
export const oauthTokenQuerySchema = z.partial(oauthTokenRequestSchema);

/**
 * The token answer (RFC 6749 5.1). The same tokens travel in the
 * `access_token` and `refresh_token` response headers, which the Unity SDK
 * reads.
 */
export const oauthTokenSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().check(z.int(), z.positive()),
});
export type OauthToken = z.infer<typeof oauthTokenSchema>;

/** `POST /oauth/logout` with the Bearer token: the refresh token of the same session. */
export const oauthLogoutBodySchema = z.strictObject({
  refresh_token: z
    .string()
    .check(z.minLength(1, 'must not be empty'), z.maxLength(256, 'must be at most 256 characters')),
});

export const successSchema = z.object({ success: z.boolean() });

/** The sign-in page as text (`text/html`). */
export const htmlPageSchema = z.string();

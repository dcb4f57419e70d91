/**
 * The platform's OAuth 2.0 sign-in (RFC 6749 with PKCE, RFC 7636), as its
 * public SDKs call it: not in the interface document, and not an extension
 * either (`convention`), so it stays when extensions are switched off.
 */

import {
  htmlPageSchema,
  oauthLogoutBodySchema,
  oauthTokenQuerySchema,
  oauthTokenRequestSchema,
  oauthTokenSchema,
  oidcCallbackQuerySchema,
  signinFormSchema,
  signinQuerySchema,
  successSchema,
} from '../auth.ts';
import { defineEndpoint } from '../endpoint.ts';
import { passwordFormSchema, passwordPageQuerySchema } from '../passwords.ts';

const TAG = 'Sign-in (OAuth 2.0)';

const redirectFaults =
  'With a known client_id and a redirect_uri registered for it, any other fault goes back to the app: a redirect to redirect_uri with error (invalid_request, unsupported_response_type, access_denied on cancel) and state (RFC 6749 4.1.2.1). An unknown client_id or an unregistered redirect_uri gets an error page and is never redirected to.';

export const authEndpoints = {
  oauthSignin: defineEndpoint({
    method: 'GET',
    path: '/oauth/signin',
    base: 'platform',
    auth: 'none',
    tag: TAG,
    summary:
      'The platform’s sign-in page for an app: handle and password, “Continue with <name>” for each of the organization’s OpenID providers (OIDC_PROVIDERS), and in a sandbox a demo-person picker for sandbox apps. A plain HTML form; no script.',
    access:
      'response_type code (PKCE with S256 required of public apps) or implicit (legacy, only for a public sandbox app registered for it, else unauthorized_client: the tokens come back in the redirect’s query, as the older SDKs read them).',
    query: signinQuerySchema,
    response: htmlPageSchema,
    answer: 'html',
    redirects: redirectFaults,
    convention: true,
  }),
  oauthSigninSubmit: defineEndpoint({
    method: 'POST',
    path: '/oauth/signin',
    base: 'platform',
    auth: 'none',
    tag: TAG,
    summary:
      'The sign-in page’s form: on success a redirect to redirect_uri with code and state (implicit: access_token, refresh_token, token_type, expires_in and state)',
    access:
      'Only from the sign-in page itself: the form’s csrf_token is bound to a cookie the page set, and a cross-site Origin or Sec-Fetch-Site is refused (403). A wrong handle or password answers the page again (401).',
    body: signinFormSchema,
    bodyMedia: ['application/x-www-form-urlencoded'],
    response: htmlPageSchema,
    status: 303,
    answer: 'redirect',
    redirects: redirectFaults,
    convention: true,
  }),
  oauthOidcCallback: defineEndpoint({
    method: 'GET',
    path: '/oauth/oidc/callback',
    base: 'platform',
    auth: 'none',
    tag: TAG,
    summary:
      'Where the organization’s OpenID provider sends the person back after “Continue with <name>” on the sign-in page: on success the same redirect to the app’s redirect_uri (code and state) as a password sign-in',
    access:
      'Only the browser that started the sign-in (a cookie scoped to this path holds its state), once: a state not started here, started in another browser or already used, an ID token that does not validate (issuer, audience, signature, nonce), an unverified email, or a person the import does not know gets an error page (400 or 403), and nobody is signed in or created.',
    query: oidcCallbackQuerySchema,
    response: htmlPageSchema,
    status: 303,
    answer: 'redirect',
    convention: true,
  }),
  passwordPage: defineEndpoint({
    method: 'GET',
    path: '/oauth/password',
    base: 'platform',
    auth: 'none',
    tag: TAG,
    summary:
      'The page behind an invitation or reset link: the person chooses a password. A plain HTML form; no script.',
    access: 'The link’s token (single use, from `npm run admin -- user invite|reset-password`).',
    query: passwordPageQuerySchema,
    response: htmlPageSchema,
    answer: 'html',
    extension: true,
    operational: true,
  }),
  passwordSubmit: defineEndpoint({
    method: 'POST',
    path: '/oauth/password',
    base: 'platform',
    auth: 'none',
    tag: TAG,
    summary:
      'The password page’s form: sets the password (12 to 128 characters, not common or guessable) and spends the link; a refused password answers the page again and the link still works.',
    access:
      'Only from the page itself: the form’s csrf_token is bound to a cookie the page set and to the link, and a cross-site Origin or Sec-Fetch-Site is refused (403).',
    body: passwordFormSchema,
    bodyMedia: ['application/x-www-form-urlencoded'],
    response: htmlPageSchema,
    answer: 'html',
    extension: true,
    operational: true,
  }),
  oauthToken: defineEndpoint({
    method: 'POST',
    path: '/oauth/token',
    base: 'platform',
    auth: 'none',
    tag: TAG,
    summary: 'Trade an authorization code, or a refresh token (single use, rotated), for a session',
    access:
      'Parameters as JSON, form-encoded, or query parameters (the Swift SDK’s refresh). A confidential app authenticates with client_secret or HTTP Basic. A code is single use, lives 60 s and is bound to the app, the redirect_uri and the PKCE challenge; a code or refresh token presented again ends every session issued from that sign-in. Errors: the one error body, its code the RFC 6749 5.2 code (invalid_request, invalid_client, invalid_grant, unsupported_grant_type). The tokens are also sent in the access_token and refresh_token response headers (the Unity SDK reads them there); Cache-Control: no-store, Pragma: no-cache.',
    query: oauthTokenQuerySchema,
    body: oauthTokenRequestSchema,
    bodyMedia: ['application/json', 'application/x-www-form-urlencoded'],
    response: oauthTokenSchema,
    noStore: true,
    convention: true,
  }),
  oauthLogout: defineEndpoint({
    method: 'POST',
    path: '/oauth/logout',
    base: 'platform',
    auth: 'user',
    tag: TAG,
    summary: 'End the session of the Bearer token; the body names its refresh token',
    access: 'The refresh token must be the Bearer token’s own session’s (400 otherwise, and nothing ends).',
    body: oauthLogoutBodySchema,
    bodyMedia: ['application/json', 'application/x-www-form-urlencoded'],
    response: successSchema,
    convention: true,
  }),
} as const;

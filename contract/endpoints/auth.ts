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
  signinFormSchema,
  signinQuerySchema,
  successSchema,
} from '../auth.ts';
import { defineEndpoint } from '../endpoint.ts';

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
      'The platform’s sign-in page for an app: handle and password, and in a sandbox a demo-person picker for sandbox apps. A plain HTML form; no script.',
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

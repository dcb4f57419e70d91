/**
 * Starts a sign-in through the platform (OAuth 2.0 authorization code with
 * PKCE, RFC 6749 4.1 and RFC 7636): a fresh verifier and state are kept for
 * the redirect, and the person goes to `{platformUrl}/oauth/signin`. Plain
 * code, no schemas: the sign-in page is the first page most people load.
 */
import { getRuntimeConfig } from '../../../lib/config/runtime-config';
import { savePendingSignIn } from '../../../lib/session/pending-sign-in';
import { challengeOf, createState, createVerifier } from './pkce';

/** The dashboard's callback route; register `{the dashboard's origin}/auth/callback` for the app. */
export const CALLBACK_PATH = '/auth/callback';

export function callbackUri(): string {
  return `${window.location.origin}${CALLBACK_PATH}`;
}

export class SignInStartError extends Error {
  override readonly name = 'SignInStartError';
}

/** The platform's sign-in address for a new attempt; the attempt is kept for the callback. */
export async function platformSignInUrl(returnPath: string | null): Promise<string> {
  if (!globalThis.crypto?.subtle) {
    throw new SignInStartError(
      'This page is not served over https, and browsers allow the cryptography sign-in needs only there (or on localhost).',
    );
  }
  const config = getRuntimeConfig();
  const verifier = createVerifier();
  const state = createState();
  const redirectUri = callbackUri();
  const challenge = await challengeOf(verifier);
  if (!savePendingSignIn({ state, verifier, redirectUri, returnPath, startedAt: Date.now() })) {
    throw new SignInStartError(
      'This browser does not let the dashboard keep anything for this tab (storage is switched off), and sign-in needs it for the moment it takes.',
    );
  }
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${config.platformUrl}/oauth/signin?${query.toString()}`;
}

export async function startPlatformSignIn(returnPath: string | null): Promise<void> {
  window.location.assign(await platformSignInUrl(returnPath));
}

/**
 * Finishes a sign-in through the platform on the callback route: the state
 * is checked against the one kept for this tab, the code is exchanged at
 * `/oauth/token` with the PKCE verifier, and the profile (the interface's
 * own read) tells whose session it is. Only then is the session stored,
 * under the userId: any failure on the way leaves nobody signed in.
 */
import { oauthEndpoints } from '../../../../contract/endpoints/oauth';
import { profileEndpoints } from '../../../../contract/endpoints/profile';
import { isApiError } from '../../../lib/api/api-error';
import { request } from '../../../lib/api/request';
import { getRuntimeConfig } from '../../../lib/config/runtime-config';
import { takePendingSignIn } from '../../../lib/session/pending-sign-in';
import { sessionStore } from '../../../lib/session/session-store';
import { sameState } from '../oauth/pkce';

export type CallbackOutcome =
  | { readonly kind: 'signed-in'; readonly returnPath: string | null }
  /** The person chose "Cancel" on the platform's page (`error=access_denied`). */
  | { readonly kind: 'cancelled'; readonly returnPath: string | null }
  /** Another `error` from the platform, or an answer with neither code nor error. */
  | { readonly kind: 'platform-error'; readonly description: string; readonly returnPath: string | null }
  /** No sign-in under way in this tab, a stale one, or a state that is not its own: forged or replayed. */
  | { readonly kind: 'unverified' }
  /** The token endpoint refused the code (spent, expired, or not this sign-in's). */
  | { readonly kind: 'code-refused'; readonly returnPath: string | null }
  | { readonly kind: 'failed'; readonly error: unknown; readonly returnPath: string | null };

export async function completePlatformSignIn(search: string): Promise<CallbackOutcome> {
  const pending = takePendingSignIn();
  const params = new URLSearchParams(search);
  const state = params.get('state');
  if (!pending || state === null || !sameState(pending.state, state)) return { kind: 'unverified' };
  const { returnPath } = pending;

  const error = params.get('error');
  if (error === 'access_denied') return { kind: 'cancelled', returnPath };
  const code = params.get('code');
  if (error !== null || code === null) {
    const description = params.get('error_description') ?? error ?? 'it sent back no sign-in code';
    return { kind: 'platform-error', description, returnPath };
  }

  const config = getRuntimeConfig();
  let issued: Awaited<ReturnType<typeof exchange>>;
  try {
    issued = await exchange(code, pending.verifier, pending.redirectUri);
  } catch (caught) {
    if (isApiError(caught) && caught.status >= 400 && caught.status < 500) return { kind: 'code-refused', returnPath };
    return { kind: 'failed', error: caught, returnPath };
  }
  try {
    const profile = await request(profileEndpoints.myProfile, {}, { config, token: issued.access_token });
    sessionStore.start(
      profile.userId,
      { token: issued.access_token, refreshToken: issued.refresh_token, expiresIn: issued.expires_in },
      'platform',
    );
    return { kind: 'signed-in', returnPath };
  } catch (caught) {
    // Not signed in here, so not left signed in on the platform either (best effort).
    void request(
      oauthEndpoints.oauthLogout,
      { body: { refresh_token: issued.refresh_token } },
      { config, token: issued.access_token },
    ).catch(() => undefined);
    return { kind: 'failed', error: caught, returnPath };
  }
}

function exchange(code: string, verifier: string, redirectUri: string) {
  const config = getRuntimeConfig();
  return request(
    oauthEndpoints.oauthToken,
    {
      body: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: config.clientId,
      },
    },
    { config },
  );
}

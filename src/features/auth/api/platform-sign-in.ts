/**
 * Finishes a sign-in through the platform on the callback route, once the
 * answer has been checked (oauth/callback-answer): the code is exchanged at
 * `/oauth/token` with the PKCE verifier, and the profile (the interface's
 * own read) tells whose session it is. Only then is the session stored,
 * under the userId: any failure on the way leaves nobody signed in.
 */
import { authEndpoints } from '../../../../contract/endpoints/auth';
import { profileEndpoints } from '../../../../contract/endpoints/profile';
import { isApiError } from '../../../lib/api/api-error';
import { request } from '../../../lib/api/request';
import { getRuntimeConfig } from '../../../lib/config/runtime-config';
import { sessionStore } from '../../../lib/session/session-store';
import type { CallbackOutcome, SignInCode } from '../oauth/callback-answer';

export async function finishPlatformSignIn({ code, pending }: SignInCode): Promise<CallbackOutcome> {
  const { returnPath } = pending;
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
      authEndpoints.oauthLogout,
      { body: { refresh_token: issued.refresh_token } },
      { config, token: issued.access_token },
    ).catch(() => undefined);
    return { kind: 'failed', error: caught, returnPath };
  }
}

function exchange(code: string, verifier: string, redirectUri: string) {
  const config = getRuntimeConfig();
  return request(
    authEndpoints.oauthToken,
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

/**
 * Signing in, through the API module: loaded with the first call rather than
 * with the sign-in page, so the page paints without the contract's schemas
 * (they arrive while the first request is under way). See auth-queries.
 */
import { profileEndpoints } from '../../../../contract/endpoints/profile';
import { sandboxEndpoints } from '../../../../contract/endpoints/sandbox';
import { call } from '../../../lib/api/client';
import { request } from '../../../lib/api/request';
import { getRuntimeConfig } from '../../../lib/config/runtime-config';
import { sessionStore } from '../../../lib/session/session-store';

export function demoUsers(signal: AbortSignal) {
  return call(sandboxEndpoints.sandboxUsers, { signal });
}

export async function demoSignIn(userId: string): Promise<void> {
  const session = await call(sandboxEndpoints.sandboxToken, {
    body: { userId, clientId: getRuntimeConfig().clientId },
  });
  sessionStore.start(userId, session, 'sandbox');
}

/** A pasted token is checked by reading the profile it belongs to, which also tells its userId. */
export async function tokenSignIn(token: string): Promise<void> {
  const profile = await request(profileEndpoints.myProfile, {}, { config: getRuntimeConfig(), token });
  sessionStore.start(profile.userId, { token }, 'token');
}

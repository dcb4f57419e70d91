/**
 * Signing in with a pasted token, through the API module: loaded with the
 * first call rather than with the sign-in page, so the page paints without
 * the contract's schemas. See auth-queries.
 */
import { profileEndpoints } from '../../../../contract/endpoints/profile';
import { request } from '../../../lib/api/request';
import { getRuntimeConfig } from '../../../lib/config/runtime-config';
import { sessionStore } from '../../../lib/session/session-store';

/** A pasted token is checked by reading the profile it belongs to, which also tells its userId. */
export async function tokenSignIn(token: string): Promise<void> {
  const profile = await request(profileEndpoints.myProfile, {}, { config: getRuntimeConfig(), token });
  sessionStore.start(profile.userId, { token }, 'token');
}

/**
 * Calls an endpoint as the signed-in person: `request` plus the session.
 * As the platform keeps sessions: a 401 whose platform code is 4010 ("access
 * token refresh required") is refreshed through `/oauth/token`
 * (`grant_type=refresh_token`) once, single flight, shared by concurrent
 * calls, and the call retried; any other 401, or a refresh that fails, ends
 * the session and the signed-in layout sends the person to sign in.
 */

import type { Endpoint, ResponseOf } from '../../../contract/endpoint';
import { getRuntimeConfig } from '../config/runtime-config';
import { type CurrentSession, isPastExpiry, sessionStore } from '../session/session-store';
import { ApiError, isApiError } from './api-error';
import { type Answer, type RequestInput, request, requestAnswer } from './request';

let refreshing: Promise<CurrentSession | null> | null = null;

/**
 * The OAuth endpoints' schemas, loaded when a session is renewed or ended: every signed-in page calls
 * through this module, and few of their visits ever refresh, so they do not download them up front.
 */
const authEndpoints = () => import('../../../contract/endpoints/auth').then((module) => module.authEndpoints);

async function renew(stale: CurrentSession): Promise<CurrentSession | null> {
  const latest = sessionStore.refreshFromStorage();
  if (!latest || latest.userId !== stale.userId) return null;
  // Another tab or call renewed it already.
  if (latest.token !== stale.token) return latest;
  if (!latest.refreshToken) {
    sessionStore.end('expired', latest.userId);
    return null;
  }
  try {
    const config = getRuntimeConfig();
    const issued = await request(
      (await authEndpoints()).oauthToken,
      { body: { grant_type: 'refresh_token', refresh_token: latest.refreshToken, client_id: config.clientId } },
      { config },
    );
    sessionStore.renew(latest.userId, {
      token: issued.access_token,
      refreshToken: issued.refresh_token,
      expiresIn: issued.expires_in,
    });
    return sessionStore.get();
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) {
      sessionStore.end('expired', latest.userId);
      return null;
    }
    throw error;
  }
}

function renewOnce(stale: CurrentSession): Promise<CurrentSession | null> {
  refreshing ??= renew(stale).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const sessionEnded = () =>
  new ApiError({ status: 401, code: 'token_expired', message: 'Your session has ended; sign in again' });

function isRefusedToken(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 401;
}

/** The platform's "access token refresh required": the one 401 that a refresh answers. */
const REFRESH_REQUIRED = 4010;

export async function call<E extends Endpoint>(endpoint: E, input: RequestInput<E>): Promise<ResponseOf<E>> {
  return (await callAnswer(endpoint, input)).data;
}

/** `call`, with the answer's headers beside the body (a paged list's next page is in `Link`). */
export async function callAnswer<E extends Endpoint>(
  endpoint: E,
  input: RequestInput<E>,
): Promise<Answer<ResponseOf<E>>> {
  const config = getRuntimeConfig();
  if (endpoint.auth !== 'user' && endpoint.auth !== 'training') return requestAnswer(endpoint, input, { config });

  let session = sessionStore.get();
  if (!session) throw new ApiError({ status: 401, code: 'unauthorized', message: 'Sign in first' });
  // Known to be past its expiry: renew first rather than spend a request on a certain 401.
  if (isPastExpiry(session)) {
    session = await renewOnce(session);
    if (!session) throw sessionEnded();
  }

  try {
    return await requestAnswer(endpoint, input, { config, token: session.token });
  } catch (error) {
    if (!isRefusedToken(error)) throw error;
    if (error.platformCode !== REFRESH_REQUIRED) {
      sessionStore.end('revoked', session.userId);
      throw error;
    }
  }

  const renewed = await renewOnce(session);
  if (!renewed) throw sessionEnded();
  try {
    return await requestAnswer(endpoint, input, { config, token: renewed.token });
  } catch (error) {
    if (isRefusedToken(error)) sessionStore.end('expired', renewed.userId);
    throw error;
  }
}

/**
 * Ends the session on the platform (`POST /oauth/logout`: the Bearer token
 * and its own refresh token). The body must name the refresh token of the
 * token presented, so a token found expired is renewed first and the pair
 * read again, rather than sent through `call`'s retry with a stale body. A
 * pasted token has no refresh token and nothing to end here: it belongs to
 * whoever issued it.
 */
export async function signOutOfPlatform(): Promise<void> {
  const config = getRuntimeConfig();
  let session = sessionStore.get();
  if (session && isPastExpiry(session)) session = await renewOnce(session);
  for (let attempt = 0; session?.refreshToken; attempt += 1) {
    try {
      await request(
        (await authEndpoints()).oauthLogout,
        { body: { refresh_token: session.refreshToken } },
        { config, token: session.token },
      );
      return;
    } catch (error) {
      if (attempt > 0 || !isApiError(error) || error.platformCode !== REFRESH_REQUIRED) throw error;
      session = await renewOnce(session);
    }
  }
}

/** Extension: reading, refreshing and ending a session. */
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { changePasswordBodySchema, changePasswordResultSchema } from '../passwords.ts';
import { refreshRequestSchema } from '../sandbox.ts';
import { sessionInfoSchema, sessionSchema } from '../users.ts';

export const sessionEndpoints = {
  refreshToken: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/token/refresh',
    base: 'platform',
    auth: 'none',
    tag: 'Sessions',
    summary: 'Trade a refresh token (single use) for a new session',
    body: refreshRequestSchema,
    response: sessionSchema,
    extension: true,
    // RFC 6749 5.1: tokens are never kept by a cache.
    noStore: true,
  }),
  currentSession: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/session',
    base: 'platform',
    auth: 'user',
    tag: 'Sessions',
    summary:
      "The presented token's session: its user, its app and the app's scopes, and whether the account is anonymous",
    response: sessionInfoSchema,
    extension: true,
    noStore: true,
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/sign-out',
    base: 'platform',
    auth: 'user',
    tag: 'Sessions',
    summary: 'End the session of the presented token and its refresh token',
    response: z.object({ success: z.boolean() }),
    extension: true,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/password',
    base: 'platform',
    auth: 'user',
    tag: 'Sessions',
    summary:
      'Change the signed-in person’s password (the current one required; the new one 12 to 128 characters, not common or guessable); every other session of theirs ends',
    body: changePasswordBodySchema,
    response: changePasswordResultSchema,
    extension: true,
  }),
} as const;

/** Extension, sandbox only: demo users and clients, and signing a demo user in. */
import { defineEndpoint } from '../endpoint.ts';
import { sandboxClientsSchema, sandboxUserListSchema, tokenRequestSchema } from '../sandbox.ts';
import { sessionSchema } from '../users.ts';

export const sandboxEndpoints = {
  sandboxUsers: defineEndpoint({
    method: 'GET',
    path: '/sandbox/v1/users',
    base: 'platform',
    auth: 'none',
    tag: 'Sandbox',
    summary: 'Demo users with their roles, enrollments and classes taught',
    response: sandboxUserListSchema,
    extension: true,
    sandboxOnly: true,
  }),
  sandboxClients: defineEndpoint({
    method: 'GET',
    path: '/sandbox/v1/clients',
    base: 'platform',
    auth: 'none',
    tag: 'Sandbox',
    summary: 'Demo app clients and plugin credentials',
    response: sandboxClientsSchema,
    extension: true,
    sandboxOnly: true,
  }),
  sandboxToken: defineEndpoint({
    method: 'POST',
    path: '/sandbox/v1/token',
    base: 'platform',
    auth: 'none',
    tag: 'Sandbox',
    summary: 'Sign a demo user in to an app: a user token and its refresh token',
    body: tokenRequestSchema,
    bodyExample: { userId: 'usr-d01', clientId: 'sandbox-trainer-dashboard' },
    response: sessionSchema,
    extension: true,
    sandboxOnly: true,
    // RFC 6749 5.1: tokens are never kept by a cache.
    noStore: true,
  }),
} as const;

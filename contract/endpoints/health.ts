/**
 * Extension: health of one process, for load balancers and orchestrators.
 * Both answer JSON on every base address, never the dashboard page.
 */
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';

export const healthEndpoints = {
  liveness: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    base: 'platform',
    auth: 'none',
    tag: 'Operations',
    summary: 'The process is alive (it answers without asking the database)',
    response: z.object({ status: z.literal('ok') }),
    extension: true,
    operational: true,
  }),
  readiness: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    base: 'platform',
    auth: 'none',
    tag: 'Operations',
    summary:
      'The process can take requests: it is not saturated (MAX_IN_FLIGHT) and its database answers (503 with the error body when not)',
    response: z.object({ status: z.literal('ready'), engine: z.enum(['sqlite', 'postgres']) }),
    extension: true,
    operational: true,
  }),
} as const;

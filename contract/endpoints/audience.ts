/** Extension: who will read what is written, told before it is written. */
import { audienceQuerySchema, audienceSchema } from '../audience.ts';
import { defineEndpoint } from '../endpoint.ts';

export const audienceEndpoints = {
  audience: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/audience',
    base: 'platform',
    auth: 'user',
    tag: 'Student comments',
    summary:
      'Who will be able to read a comment or a note about to be written, by the rule every read enforces (comments also need the training scope)',
    query: audienceQuerySchema,
    response: audienceSchema,
    extension: true,
    noStore: true,
  }),
} as const;

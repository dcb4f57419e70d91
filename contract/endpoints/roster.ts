/** Extension: the signed-in trainer's roster (comments and notes pick from it). */
import { defineEndpoint } from '../endpoint.ts';
import { rosterSchema } from '../roster.ts';

export const rosterEndpoints = {
  roster: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/trainer/roster',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary: "The signed-in trainer's classes with their students and lessons",
    response: rosterSchema,
    extension: true,
    noStore: true,
  }),
} as const;

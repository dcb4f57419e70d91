/** Extension: the signed-in person's pinned phrases (contract/pinned-phrases.ts). */
import { defineEndpoint } from '../endpoint.ts';
import { pinnedPhrasesSchema, putPinnedPhrasesBodySchema } from '../pinned-phrases.ts';

const ownOnly = 'The caller’s own phrases only: no address names another person’s.';

export const pinnedPhraseEndpoints = {
  pinnedPhrases: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/pinned-phrases',
    base: 'platform',
    auth: 'user',
    tag: 'Pinned phrases',
    summary: 'The phrases the signed-in person pinned, in the order pinned; none yet is an empty list',
    access: ownOnly,
    response: pinnedPhrasesSchema,
    extension: true,
    noStore: true,
  }),
  putPinnedPhrases: defineEndpoint({
    method: 'PUT',
    path: '/edu/v1/pinned-phrases',
    base: 'platform',
    auth: 'user',
    tag: 'Pinned phrases',
    summary: 'Replace the signed-in person’s pinned phrases with this list (duplicates kept once)',
    access: ownOnly,
    body: putPinnedPhrasesBodySchema,
    response: pinnedPhrasesSchema,
    extension: true,
    noStore: true,
  }),
} as const;

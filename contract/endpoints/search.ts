/** Extension: search across the comments and notes the caller may read. */
import { defineEndpoint } from '../endpoint.ts';
import { searchLimits, searchQuerySchema, searchResultListSchema } from '../search.ts';

export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/search',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary: 'Find the comments and notes the signed-in person may read by their words, with filters',
    access:
      'Exactly what the comment and note lists let the caller read: what they wrote, and what is filed under a class they train. Every word of q must occur (case and accents aside; word* for every word it begins). Ordered by relevance (the default) or newest first. Always paged: ' +
      `${searchLimits.defaultPage} results without limit, the next page in the Link header (rel="next"). ` +
      'Each result marks where the words were found as ranges of its text, never as markup.',
    query: searchQuerySchema,
    response: searchResultListSchema,
    paged: true,
    extension: true,
    noStore: true,
  }),
} as const;

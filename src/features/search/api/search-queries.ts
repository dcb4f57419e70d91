/**
 * Search across comments and notes: the service's search where the platform
 * offers it (extension `GET /edu/v1/search`, paged by its `Link` header), else
 * the browser's own search over the lists the person can read (see
 * browser/). Both answer pages of `Found`, so the page does not care which.
 */
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { searchEndpoints } from '../../../../contract/endpoints/search';
import type { SearchResult } from '../../../../contract/search';
import { callAnswer } from '../../../lib/api/client';
import { withExtension } from '../../../lib/api/extensions';
import { nextCursor } from '../../../lib/api/paging';
import { rosterQueries } from '../../../lib/api/roster-queries';
import type { Found, FoundPage, SearchRequest } from './found';

/** Results a page: the service's default page, and the browser's pages alike. */
export const SEARCH_PAGE = 20;

function fromResult(result: SearchResult): Found {
  return { ...result, userId: result.student.userId };
}

async function servicePage(request: SearchRequest, cursor: string | null, signal: AbortSignal): Promise<FoundPage> {
  const answer = await callAnswer(searchEndpoints.search, {
    query: {
      ...(request.q ? { q: request.q } : {}),
      ...request.filters,
      order: request.order,
      limit: String(SEARCH_PAGE),
      ...(cursor ? { cursor } : {}),
    },
    signal,
  });
  return { rows: answer.data.map(fromResult), next: nextCursor(answer.headers), searched: null };
}

/** The browser's pages: every result is found at once, and a cursor is where the next page starts. */
async function browserPage(
  client: QueryClient,
  request: SearchRequest,
  selfId: string,
  cursor: string | null,
): Promise<FoundPage> {
  const entries = await client.fetchQuery(searchQueries.readable());
  const { searchEntries } = await import('../browser/browser-search');
  const all = await searchEntries(entries, request, selfId);
  const start = cursor === null ? 0 : Number(cursor);
  const end = start + SEARCH_PAGE;
  return { rows: all.slice(start, end), next: end < all.length ? String(end) : null, searched: entries.length };
}

export const searchQueries = {
  // Comment and note mutations name this root in their `meta.invalidates`: a new entry is found at once.
  all: () => ['search'] as const,
  results: (request: SearchRequest, selfId: string) =>
    infiniteQueryOptions({
      queryKey: [...searchQueries.all(), 'results', selfId, request] as const,
      queryFn: ({ signal, pageParam, client }) =>
        withExtension(
          'search',
          () => servicePage(request, pageParam, signal),
          () => browserPage(client, request, selfId, pageParam),
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next,
    }),
  /** What the browser searches without the extension: read once and kept in memory a while, never stored. */
  readable: () =>
    queryOptions({
      queryKey: [...searchQueries.all(), 'readable'] as const,
      queryFn: async ({ signal, client }) => {
        const [roster, { readReadableEntries }] = await Promise.all([
          client.fetchQuery(rosterQueries.mine()),
          import('../browser/readable-entries'),
        ]);
        return readReadableEntries(roster, signal);
      },
      staleTime: 60_000,
    }),
};

/**
 * The paging extension on the wire: a page names the next one in a `Link`
 * header, and its body stays the interface's plain array. (The keyset and the
 * cursor are in data/paging.ts.)
 */
import type { Context } from 'hono';
import type { Listed } from '../data/paging.ts';
import { setHeader } from './response-headers.ts';

/**
 * The `Link` header naming the next page (RFC 8288): the request's own path
 * and query with the new cursor, as a path-absolute reference resolved
 * against the request's address, so it holds behind a proxy that changes the
 * scheme or host.
 */
export function nextLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl);
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** Names the next page in the answer's `Link` header; the body stays the plain array. */
export function answerList<T>(context: Context, listed: Listed<T>): T[] {
  if (listed.next !== null) setHeader(context, 'Link', nextLink(context.req.url, listed.next));
  return listed.rows;
}

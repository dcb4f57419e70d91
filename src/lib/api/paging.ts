/**
 * Reading a paged list (the service's paging extension): the next page is
 * named in the answer's `Link: <…>; rel="next"` header (RFC 8288), absent on
 * the last page. The dashboard takes only the cursor from it and asks through
 * its own endpoint, so the address it calls never comes from an answer.
 */
import { extensions, isPagingRefused } from './extensions';
import type { Answer } from './request';

/** Rows the dashboard asks for per page of a long list. */
export const LIST_PAGE_SIZE = 200;

/** The `cursor` of the link whose rel includes `next`, or null. */
export function nextCursor(headers: Headers): string | null {
  const link = headers.get('Link');
  if (!link) return null;
  for (const match of link.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]*)*)/g)) {
    const [, target = '', params = ''] = match;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;\s,]+))/i.exec(params);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes('next')) continue;
    try {
      return new URL(target, 'http://link.invalid').searchParams.get('cursor');
    } catch {
      return null;
    }
  }
  return null;
}

/** One page of a list: its rows and the cursor of the next page (null on the last). */
export interface ListPage<T> {
  readonly rows: readonly T[];
  readonly next: string | null;
}

/** All rows loaded so far, in order. A named function, so `select` keeps its identity between renders. */
export function loadedRows<T>(data: { readonly pages: readonly ListPage<T>[] }): readonly T[] {
  return data.pages.flatMap((page) => page.rows);
}

/** The paging parameters of one request; empty when the list is asked for whole. */
export interface PagingQuery {
  readonly limit?: string;
  readonly cursor?: string;
}

/**
 * One page of a list the service may page (extension) or not (the
 * interface, which answers lists whole). The first request tells: where
 * `limit` is refused as an unknown parameter, paging is marked absent for the
 * session and the list is asked for again, whole, as one last page.
 */
export async function readListPage<T>(
  load: (paging: PagingQuery) => Promise<Answer<readonly T[]>>,
  cursor: string | null,
): Promise<ListPage<T>> {
  if (extensions.offered('paging')) {
    try {
      const answer = await load({ limit: String(LIST_PAGE_SIZE), ...(cursor ? { cursor } : {}) });
      return { rows: answer.data, next: nextCursor(answer.headers) };
    } catch (error) {
      if (!isPagingRefused(error)) throw error;
      extensions.markAbsent('paging');
    }
  }
  return { rows: (await load({})).data, next: null };
}

/** Every row of a list, following the service's pages (`Link: rel="next"`) to the last; one page where it does not page. */
export async function wholeList<T>(readPage: (cursor: string | null) => Promise<ListPage<T>>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const page: ListPage<T> = await readPage(cursor);
    rows.push(...page.rows);
    cursor = page.next;
  } while (cursor !== null);
  return rows;
}

/**
 * Reading a paged list (the service's paging extension): the next page is
 * named in the answer's `Link: <…>; rel="next"` header (RFC 8288), absent on
 * the last page. The dashboard takes only the cursor from it and asks through
 * its own endpoint, so the address it calls never comes from an answer.
 */

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

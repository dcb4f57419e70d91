/**
 * A text with the found words marked: the ranges become `<mark>` elements
 * around text nodes, so the text is shown as written (markup in it stays
 * characters) and nothing from the service is ever parsed as HTML.
 */
import type { ReactNode } from 'react';
import type { SearchMatch } from '../../../../contract/search';

/** The ranges in order, cut to the text, overlapping or touching ones joined, empty ones dropped. */
export function markRanges(length: number, matches: readonly SearchMatch[]): SearchMatch[] {
  const sorted = matches
    .map(({ start, end }) => ({ start: Math.max(0, Math.min(start, length)), end: Math.max(0, Math.min(end, length)) }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const joined: SearchMatch[] = [];
  for (const range of sorted) {
    const last = joined.at(-1);
    if (last && range.start <= last.end)
      joined[joined.length - 1] = { start: last.start, end: Math.max(last.end, range.end) };
    else joined.push(range);
  }
  return joined;
}

export function MarkedText({ text, matches }: { readonly text: string; readonly matches: readonly SearchMatch[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of markRanges(text.length, matches)) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

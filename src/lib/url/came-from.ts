/**
 * Where in the app a page was opened from, with its query string (its filters), carried in the router
 * location's state by the link that opened it: the page's "Back to …" names and returns to that place, not
 * to a fixed one. Only an in-app path is kept (never another origin), and a page opened without it (a
 * bookmark, a reload of a fresh tab) falls back to its usual parent.
 */
import { useLocation } from 'react-router-dom';

export interface CameFrom {
  /** Path and query string of the page the link was on. */
  readonly from: string;
}

/** The state a link puts on the location it opens: the page it is on now. */
export function useHereAsOrigin(): CameFrom {
  const { pathname, search } = useLocation();
  return { from: `${pathname}${search}` };
}

/** The origin a location's state names, when it is an in-app path. */
export function originOf(state: unknown): string | undefined {
  const from = (state as Partial<CameFrom> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}

/** What the back link says of a place: the words after "Back to". */
export function placeName(path: string): string {
  const pathname = path.split('?')[0] ?? path;
  if (pathname === '/classes') return 'classes and students';
  if (pathname === '/comments') return 'student comments';
  if (pathname === '/notes') return 'training notes';
  if (pathname.startsWith('/notes/')) return 'the note';
  if (pathname.startsWith('/students/')) return 'the student’s record';
  if (pathname === '/search') return 'search';
  if (pathname === '/mission-planner') return 'the mission planner';
  return 'the previous page';
}

/** The back link of a page: where it was opened from, else `fallback`. */
export function useBackLink(fallback: { readonly to: string; readonly name: string }): { to: string; label: string } {
  const from = originOf(useLocation().state);
  if (!from) return { to: fallback.to, label: `Back to ${fallback.name}` };
  // The usual parent, filtered: its own name (a trainee's notes are "my notes", not the training notes).
  const name = from.split('?')[0] === fallback.to ? fallback.name : placeName(from);
  return { to: from, label: `Back to ${name}` };
}

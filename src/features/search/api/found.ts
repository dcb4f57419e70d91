/**
 * One comment or note a search found, as the page shows it: the service's
 * result, or one the browser found in the lists it read (which may not say
 * when an entry was written, nor who wrote a note).
 */
import type { SearchFilters, SearchKind, SearchMatch, searchOrders } from '../../../../contract/search';
import type { UserSummary } from '../../../../contract/users';

export interface Found {
  readonly kind: SearchKind;
  readonly id: string;
  /** The person the entry is about: the group it is shown in and the record it leads to. */
  readonly userId: string;
  /** Their summary where the answer carried one (a note from the platform's list does not). */
  readonly student: UserSummary | null;
  readonly studentId: string | null;
  readonly classId: string | null;
  readonly courseId: string | null;
  readonly lessonId: string | null;
  /** Null: the list does not say who wrote it. */
  readonly author: UserSummary | null;
  /** Null: the list does not say when it was written. */
  readonly createdAt: string | null;
  readonly text: string;
  readonly matches: readonly SearchMatch[];
}

export type SearchOrder = (typeof searchOrders)[number];

/** What one search asks: the words (none: the filters alone, newest first), the filters and the order. */
export interface SearchRequest {
  readonly q: string;
  readonly filters: SearchFilters;
  readonly order: SearchOrder;
}

/** One page of results; `searched` counts what the browser searched (null: the service searched). */
export interface FoundPage {
  readonly rows: readonly Found[];
  readonly next: string | null;
  readonly searched: number | null;
}

/** The address of the entry in its student's record (the record scrolls to it and focuses it). */
export function recordPathOf(found: Pick<Found, 'kind' | 'id' | 'userId'>): string {
  return `/students/${encodeURIComponent(found.userId)}#${found.kind}-${encodeURIComponent(found.id)}`;
}

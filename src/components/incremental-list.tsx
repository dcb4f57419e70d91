/**
 * Long lists render a page of rows at once and more as the person scrolls:
 * a sentinel after the last row (IntersectionObserver) appends the next
 * page before it comes into view; a "Show more" button does the same for
 * keyboard and screen-reader users (and where there is no observer), and a
 * polite live count says how many are shown. The rows render in the
 * background (useDeferredValue: React renders them in slices and lets the
 * browser in between), so a list arriving never blocks the page; until then
 * the list's skeleton stays.
 *
 * A list the service pages (`more`) loads its next page from the service
 * while the rows already loaded still fill a rendered page or more, so
 * scrolling rarely waits; until the last page is in, counts say "N+".
 */
import {
  memo,
  type ReactNode,
  type RefObject,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';
import { formatCount } from '../lib/format/plain-format';
import { bringIntoView } from './bring-into-view';
import { Skeleton } from './states';

/** Rows rendered at once: more than fill a tall screen; the next page comes long before it is scrolled to. */
export const FIRST_PAGE = 20;
/** Rows appended each time: small enough that appending stays well under a 50 ms task. */
export const NEXT_PAGE = 50;
/**
 * Rows of the first page put on screen in one task: the first screenful of a phone at once, the rest
 * of the first page a slice per task, with the browser free in between, so the first paint of a list
 * waits for a few cards rather than a page of them.
 */
export const RENDER_SLICE = 6;

/** The rest of a list the service pages: whether more pages follow, and how to load the next. */
export interface MorePages {
  readonly hasMore: boolean;
  readonly loading: boolean;
  /** Loading the next page failed: it is tried again only when the person asks. */
  readonly failed: boolean;
  readonly load: () => void;
}

/** The rest of a list read page by page (`useInfiniteQuery`). */
export function useMorePages(query: {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly isFetchNextPageError: boolean;
  readonly fetchNextPage: () => Promise<unknown>;
}): MorePages {
  const { fetchNextPage } = query;
  const load = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    failed: query.isFetchNextPageError,
    load,
  };
}

export interface IncrementalList {
  /** How many rows the list shows (its count says so). */
  readonly shown: number;
  /** How many of those are on screen yet: they go on a slice per task (see RENDER_SLICE). */
  readonly rendered: number;
  readonly showMore: (focusFirstNew?: boolean) => void;
  /** The list element: after a "Show more" click, focus goes to the first new row. */
  readonly listRef: RefObject<HTMLOListElement | null>;
}

/**
 * The number of rows to render from a list of `total`; back to the first page when `resetKey` changes.
 * `atOnce`: the first page goes on screen whole, in the render that shows the list (see IncrementalCardList).
 */
export function useIncrementalList(total: number, resetKey: string, atOnce = false): IncrementalList {
  const [state, setState] = useState({ key: resetKey, shown: FIRST_PAGE });
  const listRef = useRef<HTMLOListElement>(null);
  const focusIndex = useRef<number | null>(null);
  // A new filter (a new list) starts from the first page again, in the same render.
  const current = state.key === resetKey ? state : { key: resetKey, shown: FIRST_PAGE };
  if (current !== state) setState(current);
  const shown = Math.min(current.shown, total);
  const sliced = useRenderedRows(shown, resetKey);
  const rendered = atOnce ? shown : sliced;

  const showMore = useCallback(
    (focusFirstNew = false) => {
      if (focusFirstNew) focusIndex.current = shown;
      setState((previous) => ({ key: previous.key, shown: Math.min(total, previous.shown + NEXT_PAGE) }));
    },
    [shown, total],
  );

  // The first new row once it is on screen (the rows go on screen a slice at a time).
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || index >= rendered) return;
    focusIndex.current = null;
    const row = listRef.current?.children[index];
    if (row instanceof HTMLElement) {
      row.tabIndex = -1;
      row.focus();
    }
  }, [rendered]);

  return { shown, rendered, showMore, listRef };
}

interface ShowMoreProps {
  readonly shown: number;
  /** Rows loaded so far. */
  readonly total: number;
  /** Plural noun for the rows, e.g. "comments". */
  readonly what: string;
  readonly onMore: (focusFirstNew?: boolean) => void;
  /** More rows follow from the service. */
  readonly hasMore?: boolean;
  readonly loading?: boolean;
  readonly failed?: boolean;
  /** Asks the service for the next page again after a failure. */
  readonly onRetry?: () => void;
  /** Rows shown are still going on screen slice by slice: the sentinel waits for them. */
  readonly catchingUp?: boolean;
}

/** "200" or, while more pages follow from the service, "200+". */
export function countText(total: number, hasMore = false): string {
  return `${formatCount(total)}${hasMore ? '+' : ''}`;
}

/** After the list: the sentinel that loads more on scroll, the live count and the "Show more" button. */
export function ShowMore({
  shown,
  total,
  what,
  onMore,
  hasMore = false,
  loading = false,
  failed = false,
  onRetry,
  catchingUp = false,
}: ShowMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = shown < total || hasMore;
  // Rendered everything loaded and waiting for the service: the sentinel waits for the rows.
  const waiting = shown >= total && (loading || failed);

  useEffect(() => {
    const element = sentinel.current;
    if (!more || waiting || catchingUp || !element || typeof IntersectionObserver === 'undefined') return;
    // A fresh observer after each page reports at once whether the sentinel is still near the
    // screen, so a fast scroll keeps appending one page per frame rather than all at once.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          // A transition: React renders the new rows in slices, so scrolling never waits for a whole page of them.
          startTransition(() => onMore());
        }
      },
      { rootMargin: '0px 0px 1200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [more, waiting, catchingUp, onMore]);

  if (total <= FIRST_PAGE && !hasMore) return null;
  return (
    <div className="show-more">
      <div ref={sentinel} className="show-more-sentinel" aria-hidden="true" />
      <p className="show-more-count" role="status">
        {waiting && failed
          ? `Showing ${formatCount(shown)} ${what}; the next ones could not be loaded.`
          : waiting
            ? `Showing ${formatCount(shown)} ${what}; loading more…`
            : more
              ? `Showing ${formatCount(shown)} of ${countText(total, hasMore)} ${what}`
              : `Showing all ${formatCount(total)} ${what}`}
      </p>
      {waiting && failed ? (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Try loading more {what} again
        </button>
      ) : more ? (
        <button type="button" className="button button-secondary" disabled={waiting} onClick={() => onMore(true)}>
          Show more {what}
        </button>
      ) : null}
    </div>
  );
}

/**
 * How many of the `shown` rows are on screen: a slice at first, then one more slice per task (a
 * macrotask, so the browser paints and handles input in between) until the first page is; from then
 * on all shown rows. A new list (`resetKey`) starts again from one slice.
 */
function useRenderedRows(shown: number, resetKey: string): number {
  const [state, setState] = useState({ key: resetKey, count: RENDER_SLICE });
  const current = state.key === resetKey ? state : { key: resetKey, count: RENDER_SLICE };
  if (current !== state) setState(current);
  // Only the first page goes on in slices: appending a page while scrolling re-renders the whole list,
  // so slicing it too cost more in all (more long tasks in the list bench) than one transition does.
  const rendered = current.count >= FIRST_PAGE ? shown : Math.min(current.count, shown);
  useEffect(() => {
    if (rendered >= shown) return;
    const timer = setTimeout(() => {
      startTransition(() =>
        setState((previous) =>
          previous.key === resetKey
            ? { key: resetKey, count: Math.max(previous.count, rendered) + RENDER_SLICE }
            : previous,
        ),
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [rendered, shown, resetKey]);
  return rendered;
}

/**
 * Brings the row keyed `reveal` on screen: more pages until it is rendered, then scrolled to, marked and
 * focused, once for each key (a person scrolling on afterwards is not pulled back).
 */
function useRevealRow<T>(
  rows: readonly T[],
  keyOf: (item: T) => string,
  reveal: string | undefined,
  { shown, rendered, showMore, listRef }: IncrementalList,
): void {
  const done = useRef<string | undefined>(undefined);
  const index = reveal === undefined || done.current === reveal ? -1 : rows.findIndex((row) => keyOf(row) === reveal);
  useEffect(() => {
    if (index < 0 || reveal === undefined) return;
    if (index >= shown) {
      showMore();
      return;
    }
    if (index >= rendered) return;
    const row = listRef.current?.children[index];
    if (!(row instanceof HTMLElement)) return;
    done.current = reveal;
    row.tabIndex = -1;
    row.dataset.revealed = 'true';
    bringIntoView(row);
  }, [index, reveal, shown, rendered, showMore, listRef]);
}

/** What the list shows before its rows first render in the background. */
const NO_ROWS: readonly never[] = [];

/**
 * One row, rendered again only when its item or the way rows are rendered
 * changes: appending a page, or a page arriving, renders the new rows alone
 * rather than every row shown (which grew into long tasks on long lists).
 */
const Row = memo(function Row<T>({ item, render }: { readonly item: T; readonly render: (item: T) => ReactNode }) {
  return render(item);
}) as <T>(props: { readonly item: T; readonly render: (item: T) => ReactNode }) => ReactNode;

/**
 * A card list that renders a page at a time: the first page at once, more as
 * the person scrolls or presses "Show more". `listKey` changes when the list
 * is a different one (other filters), which starts again at the first page.
 * `more` is the rest of a list the service pages.
 */
export function IncrementalCardList<T>({
  items,
  keyOf,
  renderItem,
  what,
  listKey,
  more,
  atOnce = false,
  reveal,
}: {
  readonly items: readonly T[];
  readonly keyOf: (item: T) => string;
  /** Keep it stable (useCallback): rows are rendered again when it changes. */
  readonly renderItem: (item: T) => ReactNode;
  /** What the items are, for "Show more comments" and the live count. */
  readonly what: string;
  readonly listKey: string;
  readonly more?: MorePages;
  /**
   * The first page on screen in the very render that shows the list, not in the background a slice at a
   * time: for a list with more of the page after it (the class page's sections), where each slice arriving
   * pushed everything below it down (layout shift 0.25 on a phone). The page then shows the list only when
   * its rows are all known.
   */
  readonly atOnce?: boolean;
  /** The key of a row to bring on screen (showing as many pages as it takes), scroll to and focus: a link's target. */
  readonly reveal?: string | undefined;
}) {
  const deferred = useDeferredValue(items, NO_ROWS as readonly T[]);
  const rows = atOnce ? items : deferred;
  const { shown, rendered, showMore, listRef } = useIncrementalList(rows.length, listKey, atOnce);
  useRevealRow(rows, keyOf, reveal, { shown, rendered, showMore, listRef });
  const hasMore = more?.hasMore ?? false;
  const loading = more?.loading ?? false;
  const failed = more?.failed ?? false;
  const load = more?.load;
  // The next page from the service once fewer than a rendered page of loaded rows are left to show.
  useEffect(() => {
    // Not before the loaded rows have rendered: until then none is shown, and none is running out.
    if (rows === NO_ROWS) return;
    if (hasMore && !loading && !failed && load && shown + NEXT_PAGE >= rows.length) load();
  }, [hasMore, loading, failed, load, shown, rows]);
  if (rows === NO_ROWS && items.length > 0) return <Skeleton label={what} />;
  return (
    <>
      <ol className="card-list card-list-long" ref={listRef}>
        {rows.slice(0, rendered).map((item) => (
          <Row key={keyOf(item)} item={item} render={renderItem} />
        ))}
      </ol>
      <ShowMore
        shown={shown}
        total={rows.length}
        what={what}
        onMore={showMore}
        hasMore={hasMore}
        loading={loading}
        failed={failed}
        catchingUp={rendered < shown}
        {...(load ? { onRetry: load } : {})}
      />
    </>
  );
}

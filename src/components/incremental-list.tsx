/**
 * Long lists render a page of rows at once and more as the person scrolls:
 * a sentinel after the last row (IntersectionObserver) appends the next
 * page before it comes into view; a "Show more" button does the same for
 * keyboard and screen-reader users (and where there is no observer), and a
 * polite live count says how many are shown. The rows render in the
 * background (useDeferredValue: React renders them in slices and lets the
 * browser in between), so a list arriving never blocks the page; until then
 * the list's skeleton stays.
 */
import {
  Fragment,
  type ReactNode,
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Skeleton } from './states';

/** Rows rendered at once: more than fill a tall screen; the next page comes long before it is scrolled to. */
export const FIRST_PAGE = 20;
/** Rows appended each time: small enough that appending stays well under a 50 ms task. */
export const NEXT_PAGE = 50;

export interface IncrementalList {
  /** How many rows to render now. */
  readonly shown: number;
  readonly showMore: (focusFirstNew?: boolean) => void;
  /** The list element: after a "Show more" click, focus goes to the first new row. */
  readonly listRef: RefObject<HTMLOListElement | null>;
}

/** The number of rows to render from a list of `total`; back to the first page when `resetKey` changes. */
export function useIncrementalList(total: number, resetKey: string): IncrementalList {
  const [state, setState] = useState({ key: resetKey, shown: FIRST_PAGE });
  const listRef = useRef<HTMLOListElement>(null);
  const focusIndex = useRef<number | null>(null);
  // A new filter (a new list) starts from the first page again, in the same render.
  const current = state.key === resetKey ? state : { key: resetKey, shown: FIRST_PAGE };
  if (current !== state) setState(current);
  const shown = Math.min(current.shown, total);

  const showMore = useCallback(
    (focusFirstNew = false) => {
      if (focusFirstNew) focusIndex.current = shown;
      setState((previous) => ({ key: previous.key, shown: Math.min(total, previous.shown + NEXT_PAGE) }));
    },
    [shown, total],
  );

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || index >= shown) return;
    focusIndex.current = null;
    const row = listRef.current?.children[index];
    if (row instanceof HTMLElement) {
      row.tabIndex = -1;
      row.focus();
    }
  }, [shown]);

  return { shown, showMore, listRef };
}

interface ShowMoreProps {
  readonly shown: number;
  readonly total: number;
  /** Plural noun for the rows, e.g. "comments". */
  readonly what: string;
  readonly onMore: (focusFirstNew?: boolean) => void;
}

const formatCount = new Intl.NumberFormat('en').format;

/** After the list: the sentinel that loads more on scroll, the live count and the "Show more" button. */
export function ShowMore({ shown, total, what, onMore }: ShowMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = shown < total;

  useEffect(() => {
    const element = sentinel.current;
    if (!more || !element || typeof IntersectionObserver === 'undefined') return;
    // A fresh observer after each page reports at once whether the sentinel is still near the
    // screen, so a fast scroll keeps appending one page per frame rather than all at once.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onMore();
        }
      },
      { rootMargin: '0px 0px 1200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [more, onMore]);

  if (total <= FIRST_PAGE) return null;
  return (
    <div className="show-more">
      <div ref={sentinel} className="show-more-sentinel" aria-hidden="true" />
      <p className="show-more-count" role="status">
        {more
          ? `Showing ${formatCount(shown)} of ${formatCount(total)} ${what}`
          : `Showing all ${formatCount(total)} ${what}`}
      </p>
      {more ? (
        <button type="button" className="button button-secondary" onClick={() => onMore(true)}>
          Show more {what}
        </button>
      ) : null}
    </div>
  );
}

/** What the list shows before its rows first render in the background. */
const NO_ROWS: readonly never[] = [];

/**
 * A card list that renders a page at a time: the first page at once, more as
 * the person scrolls or presses "Show more". `listKey` changes when the list
 * is a different one (other filters), which starts again at the first page.
 */
export function IncrementalCardList<T>({
  items,
  keyOf,
  renderItem,
  what,
  listKey,
}: {
  readonly items: readonly T[];
  readonly keyOf: (item: T) => string;
  readonly renderItem: (item: T) => ReactNode;
  /** What the items are, for "Show more comments" and the live count. */
  readonly what: string;
  readonly listKey: string;
}) {
  const rows = useDeferredValue(items, NO_ROWS as readonly T[]);
  const { shown, showMore, listRef } = useIncrementalList(rows.length, listKey);
  if (rows === NO_ROWS && items.length > 0) return <Skeleton label={what} />;
  return (
    <>
      <ol className="card-list card-list-long" ref={listRef}>
        {rows.slice(0, shown).map((item) => (
          <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
        ))}
      </ol>
      <ShowMore shown={shown} total={rows.length} what={what} onMore={showMore} />
    </>
  );
}

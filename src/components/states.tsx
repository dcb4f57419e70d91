/**
 * The four states every list and page has: pending (a skeleton), error
 * (what failed, what to do, a retry), empty (what to do next) and data.
 */
import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { isNetworkError } from '../lib/api/api-error';
import { describeError } from '../lib/api/describe-error';

/**
 * Whether a part of a page built from several answers is still waiting for one of them (`loading`: any of
 * them still loading for the first time). The part goes on screen in one piece once all are known or
 * failed: each arriving on its own pushed what is below it down (layout shifts of 0.13–0.29 on a phone).
 * It is rendered in the background first (a transition, in slices that leave the browser free in
 * between), so showing it never blocks the page in one long task. Until then, show its skeleton: for a
 * render's time also when its answers are cached already (a page opened again).
 */
export function useShownTogether(loading: boolean): boolean {
  const shownLater = useDeferredValue(loading, true);
  // Loading again (another filter) shows the skeleton at once: the deferred value would still say "shown".
  return loading || shownLater;
}

export function Skeleton({ label, rows = 3 }: { readonly label: string; readonly rows?: number }) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">Loading {label}…</span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <div key={index} className="skeleton-row" aria-hidden="true">
          <span className="skeleton-line" />
          <span className="skeleton-line skeleton-line-short" />
        </div>
      ))}
    </div>
  );
}

/** One placeholder field of a form skeleton, shaped like the real one (see form-field). */
export type SkeletonField =
  | { readonly kind: 'input' | 'select'; readonly hint?: boolean }
  | { readonly kind: 'textarea'; readonly rows: number; readonly count?: boolean }
  /** Checkboxes with their real texts (invisible), so they wrap as the real ones do. */
  | { readonly kind: 'checkboxes'; readonly legend: string; readonly labels: readonly string[] };

/** A line of placeholder text, as tall as a line of the real text in the same class. */
export function SkeletonText({ className = '', width }: { readonly className?: string; readonly width: string }) {
  return (
    <span className={`skeleton-text ${className}`}>
      <span className="skeleton-line" style={{ width }} />
    </span>
  );
}

/**
 * A form while what it needs loads: the same fields, lines and buttons as the
 * form, so nothing below moves when the form replaces it.
 */
export function FormSkeleton({
  label,
  fields,
  buttons = 1,
}: {
  readonly label: string;
  readonly fields: readonly SkeletonField[];
  readonly buttons?: number;
}) {
  return (
    <div className="form form-skeleton" role="status">
      <span className="visually-hidden">Loading {label}…</span>
      {fields.map((field, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder fields have no identity.
        <div key={index} className="field" aria-hidden="true">
          {field.kind === 'checkboxes' ? (
            <fieldset className="checkbox-group" disabled>
              <legend>
                <span className="skeleton-words">{field.legend}</span>
              </legend>
              {field.labels.map((text) => (
                <span key={text} className="checkbox">
                  <span className="skeleton-checkbox" />
                  <span className="skeleton-words">{text}</span>
                </span>
              ))}
            </fieldset>
          ) : (
            <>
              <SkeletonText width="30%" />
              {field.kind !== 'textarea' && field.hint ? <SkeletonText className="field-hint" width="60%" /> : null}
              {field.kind === 'select' ? (
                // A select's box follows its font's normal line height, not the page's: a space in the same box.
                <span className="skeleton-control skeleton-control-select">{'\u00a0'}</span>
              ) : (
                <span
                  className="skeleton-control"
                  style={field.kind === 'textarea' ? { height: `calc(${field.rows}lh + 0.9rem + 2px)` } : undefined}
                />
              )}
              {field.kind === 'textarea' && field.count ? <SkeletonText className="field-count" width="35%" /> : null}
            </>
          )}
        </div>
      ))}
      <div className="actions" aria-hidden="true">
        {Array.from({ length: buttons }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder buttons have no identity.
          <span key={index} className="skeleton-button" />
        ))}
      </div>
    </div>
  );
}

interface ErrorStateProps {
  readonly error: unknown;
  /** What failed to load, e.g. "the comments". */
  readonly what: string;
  readonly onRetry?: () => void;
  readonly children?: ReactNode;
}

export function ErrorState({ error, what, onRetry, children }: ErrorStateProps) {
  const description = describeError(error, what);
  return (
    <div className="callout callout-error" role="alert">
      <p className="callout-title">{description.title}</p>
      <p>{description.detail}</p>
      {/* The app fetches again by itself while the service is unreachable (app/service-recovery.tsx). */}
      {isNetworkError(error) ? (
        <p>It keeps trying, and shows {what} by itself as soon as the service answers.</p>
      ) : null}
      {children}
      {onRetry && description.retryable ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function EmptyState({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <div className="callout callout-empty">
      <p className="callout-title">{title}</p>
      {children}
    </div>
  );
}

interface QueryViewProps<T> {
  /** A query, or a paged list read page by page (its `select` gives the rows loaded so far). */
  readonly query: UseQueryResult<T> | UseInfiniteQueryResult<T>;
  readonly what: string;
  readonly skeletonRows?: number;
  /**
   * Something else the rows show is still loading (the names of classes, students and lessons): the skeleton
   * stays until it is known, so the rows go on screen once, as they will stay, rather than with ids first
   * and names pushing things aside after (a layout shift).
   */
  readonly waitingFor?: boolean;
  readonly isEmpty?: (data: T) => boolean;
  readonly empty?: ReactNode;
  /** Renders instead of the generic error state for errors handled on the spot (e.g. 404). */
  readonly renderError?: (error: unknown) => ReactNode | undefined;
  readonly children: (data: T) => ReactNode;
}

export function QueryView<T>({
  query,
  what,
  skeletonRows,
  waitingFor = false,
  isEmpty,
  empty,
  renderError,
  children,
}: QueryViewProps<T>) {
  // The rows go on screen in the background (see useShownTogether): an answer arriving re-renders the page at
  // once, and a list of them in that same task was the longest task of the comments page on a phone.
  const waiting = useShownTogether(query.isPending || waitingFor);
  if (query.isPending || waiting) return <Skeleton label={what} rows={skeletonRows} />;
  // A refresh that failed keeps what was shown: the failure is said above it, the data stays readable.
  // (A next page that failed is said by the list itself, at its end.)
  if (query.isError && query.data !== undefined) {
    const nextPageOnly = 'isFetchNextPageError' in query && query.isFetchNextPageError;
    if (nextPageOnly)
      return isEmpty?.(query.data) ? (empty ?? <EmptyState title="Nothing here yet" />) : children(query.data);
    return (
      <>
        <ErrorState error={query.error} what={what} onRetry={() => void query.refetch()}>
          <p>What is shown below is from the last time it loaded.</p>
        </ErrorState>
        {isEmpty?.(query.data) ? (empty ?? <EmptyState title="Nothing here yet" />) : children(query.data)}
      </>
    );
  }
  if (query.isError) {
    const custom = renderError?.(query.error);
    if (custom) return custom;
    return <ErrorState error={query.error} what={what} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return empty ?? <EmptyState title="Nothing here yet" />;
  return children(query.data);
}

/**
 * A failure in one line: its first sentence (what did not happen), the rest (why, what is kept, what to do)
 * one click away. Said in full, a failed save was an eleven-line wall of bold text on a phone.
 */
export function failureSummary(message: string): { readonly summary: string; readonly details: string } {
  const end = message.search(/[.!?]\s/);
  if (end < 0) return { summary: message, details: '' };
  return { summary: message.slice(0, end + 1), details: message.slice(end + 2).trim() };
}

/** Announces saves and failures to screen readers; stays in the page so updates are read. */
export function LiveMessage({
  message,
  tone = 'info',
  id,
}: {
  readonly message: string;
  readonly tone?: 'info' | 'error';
  /** For the element focused after what the message says (its `aria-describedby`), so it is read with it. */
  readonly id?: string;
}) {
  const { summary, details } = tone === 'error' ? failureSummary(message) : { summary: message, details: '' };
  return (
    <div
      id={id}
      className={message ? `live-message live-message-${tone}` : 'live-message'}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {summary}
      {details ? (
        <details className="live-message-details">
          <summary>Details</summary>
          <p>{details}</p>
        </details>
      ) : null}
    </div>
  );
}

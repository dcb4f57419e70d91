/**
 * A side panel (filters, a form) that folds away on narrow screens, so the
 * list a person came for comes first. On a wide screen it is a panel with a
 * heading, always open; on a narrow one the heading is a button that opens
 * and closes it (the disclosure pattern), closed at first. Decided before the
 * first paint, so nothing moves. What it holds is rendered the first time it
 * opens (a folded form costs the page nothing), then kept while it is closed.
 */
import { type ReactNode, useId, useState, useSyncExternalStore } from 'react';

/** The width at which the page grid shows the side column beside the list (see .page-grid in app.css). */
export const WIDE_SCREEN = '(min-width: 60rem)';

function query(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN) : undefined;
}
const subscribe = (onChange: () => void) => {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};
const isWide = () => query()?.matches ?? true;

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}

export function Fold({
  title,
  summary,
  children,
  className = '',
  startOpen = false,
  foldWhen,
}: {
  readonly title: string;
  /** A short state shown beside the title while folded, e.g. "2 filters on". */
  readonly summary?: string;
  readonly children: ReactNode;
  readonly className?: string;
  /** Open at first on a narrow screen too. */
  readonly startOpen?: boolean;
  /** Each new value folds it on a narrow screen (e.g. a count of filters applied: the results come next). */
  readonly foldWhen?: number;
}) {
  const wide = useWideScreen();
  const [open, setOpen] = useState(startOpen);
  const [foldedAt, setFoldedAt] = useState(foldWhen);
  if (foldWhen !== foldedAt) {
    setFoldedAt(foldWhen);
    setOpen(false);
  }
  const [opened, setOpened] = useState(startOpen);
  const id = useId();
  const shown = wide || open;
  if (shown && !opened) setOpened(true);
  return (
    <section className={`panel fold ${className}`} aria-labelledby={`${id}-heading`}>
      {wide ? (
        <h2 id={`${id}-heading`}>{title}</h2>
      ) : (
        <h2 id={`${id}-heading`} className="fold-heading">
          <button
            type="button"
            className="fold-toggle"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={() => setOpen((current) => !current)}
          >
            {title}
            {summary && !open ? <span className="fold-summary"> ({summary})</span> : null}
          </button>
        </h2>
      )}
      <div id={`${id}-body`} hidden={!shown}>
        {opened || shown ? children : null}
      </div>
    </section>
  );
}

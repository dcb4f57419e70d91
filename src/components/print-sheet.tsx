/**
 * What a page prints instead of itself: a sheet hidden on screen that the
 * print stylesheet shows alone (print-sheet.css), with no navigation, forms
 * or buttons, its blocks never cut across pages and the pages numbered.
 *
 * A sheet that would render a long list is put on the page only to print
 * (`usePrintSheet`): by the page's button once all it shows is read, or by
 * the browser's own Print command (`beforeprint`, rendered synchronously so
 * the print sees it), and taken off again after printing.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import '../styles/print-sheet.css';
import { formatDayTime } from '../lib/format/plain-format';

export function PrintSheet({
  className,
  label,
  children,
}: {
  readonly className?: string;
  /** What the sheet is, for assistive technology when it is printed (in print emulation, for instance). */
  readonly label?: string;
  readonly children: ReactNode;
}) {
  return (
    <section className={className ? `print-sheet ${className}` : 'print-sheet'} aria-label={label}>
      {children}
    </section>
  );
}

/** The sheet's top: what it is, when it was printed and by whom (print is not storage: the name may be shown). */
export function PrintHeader({
  title,
  printedOn,
  printedBy,
  children,
}: {
  readonly title: ReactNode;
  readonly printedOn: Date;
  /** The printing person's name, where known. */
  readonly printedBy?: string | undefined;
  readonly children?: ReactNode;
}) {
  return (
    <header className="print-sheet-header">
      <h2>{title}</h2>
      <p>
        Printed on {formatDayTime(printedOn.toISOString())}
        {printedBy ? (
          <>
            {' '}
            by <bdi>{printedBy}</bdi>
          </>
        ) : null}
      </p>
      {children}
    </header>
  );
}

/**
 * A page's button is printing one sheet: the browser's `beforeprint` that `window.print()` fires then puts no
 * other sheet on the page (a page of several, such as one per class, prints them all only from the browser's
 * own Print command).
 */
let printingOne = false;

export interface PrintSheetState<T> {
  /** What the sheet prints, while it is on the page; null otherwise. */
  readonly sheet: { readonly data: T; readonly printedOn: Date } | null;
  /** Puts the sheet on the page with `data`, then opens the browser's print. */
  readonly print: (data: T) => void;
}

/**
 * The sheet of `current` (what the page has read) on the page only while printing. `current` undefined: the
 * browser's Print prints the page as it is.
 */
export function usePrintSheet<T>(current: T | undefined): PrintSheetState<T> {
  const [sheet, setSheet] = useState<PrintSheetState<T>['sheet']>(null);
  const latest = useRef(current);
  latest.current = current;
  const shown = useRef(false);
  shown.current = sheet !== null;

  useEffect(() => {
    const before = () => {
      const data = latest.current;
      if (printingOne || shown.current || data === undefined) return;
      flushSync(() => setSheet({ data, printedOn: new Date() }));
    };
    const after = () => {
      printingOne = false;
      setSheet(null);
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const print = useCallback((data: T) => {
    // On the page before the print dialog reads it.
    flushSync(() => setSheet({ data, printedOn: new Date() }));
    shown.current = true;
    printingOne = true;
    try {
      window.print();
    } finally {
      printingOne = false;
    }
  }, []);

  return { sheet, print };
}

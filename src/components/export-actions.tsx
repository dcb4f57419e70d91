/**
 * "Print / save as PDF" and "Download (CSV)" of something the page shows in
 * part (a page of a long list): each first reads the whole of it (`load`),
 * saying so in a polite live region, then prints or downloads what was read;
 * a failed read says what failed, with a way to try again, and prints or
 * downloads nothing.
 */
import { useEffect, useRef, useState } from 'react';
import '../styles/export-actions.css';
import { ErrorState, LiveMessage } from './states';

type Action = 'print' | 'download';

type Step =
  | { readonly kind: 'idle'; readonly message: string }
  | { readonly kind: 'reading'; readonly action: Action }
  | { readonly kind: 'failed'; readonly action: Action; readonly error: unknown };

export function ExportActions<T>({
  label,
  what,
  load,
  onPrint,
  onDownload,
}: {
  /** Names the buttons' group, e.g. "Hand over this record": pages with several tell them apart by it. */
  readonly label: string;
  /** What is read before printing or downloading, e.g. "the whole record". */
  readonly what: string;
  readonly load: () => Promise<T>;
  readonly onPrint: (data: T) => void;
  /** Downloads the file; returns what to tell the person, e.g. the file's name and what it holds. */
  readonly onDownload: (data: T) => string;
}) {
  const [step, setStep] = useState<Step>({ kind: 'idle', message: '' });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const run = async (action: Action) => {
    if (step.kind === 'reading') return;
    setStep({ kind: 'reading', action });
    let data: T;
    try {
      data = await load();
    } catch (error) {
      if (live.current) setStep({ kind: 'failed', action, error });
      return;
    }
    if (!live.current) return;
    if (action === 'print') {
      setStep({ kind: 'idle', message: '' });
      onPrint(data);
    } else {
      setStep({ kind: 'idle', message: onDownload(data) });
    }
  };

  const reading = step.kind === 'reading';
  return (
    <fieldset className="export-actions" aria-label={label}>
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={reading}
          onClick={() => void run('print')}
        >
          Print / save as PDF
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={reading}
          onClick={() => void run('download')}
        >
          Download (CSV)
        </button>
      </div>
      <LiveMessage
        message={
          step.kind === 'reading'
            ? `Reading ${what} before ${step.action === 'print' ? 'printing' : 'downloading'}…`
            : step.kind === 'idle'
              ? step.message
              : ''
        }
      />
      {step.kind === 'failed' ? (
        <ErrorState error={step.error} what={what} onRetry={() => void run(step.action)}>
          <p>Nothing was {step.action === 'print' ? 'printed' : 'downloaded'}.</p>
        </ErrorState>
      ) : null}
    </fieldset>
  );
}

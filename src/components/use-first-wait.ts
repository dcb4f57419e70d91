/**
 * Whether a page built from several answers still shows its skeleton the first time it opens (`key`: what
 * it shows, such as the person whose record it is). It waits for its primary answers, and for secondary
 * ones only `secondaryMs` at most; once it has shown, it never goes back to its skeleton for that key: its
 * parts say for themselves when they load again or fail.
 *
 * Both, because a student's record stayed in its skeleton with the record itself in (issue 34). React Query
 * puts a query without data back to pending at every try, also a try started by a component mounting: a
 * failed read the page waited for went back to pending when the page, showing, mounted another reader of it
 * (the header, the comment form's audience notice), the skeleton came back and unmounted them, the read
 * failed again, and so on for as long as it failed. And a request that never gets an answer (a stalled
 * connection, or one queued behind them: a browser opens six per host) leaves its query pending for ever.
 */
import { useEffect, useState } from 'react';

export function useFirstWait({
  primary,
  secondary,
  secondaryMs,
  key,
}: {
  /** Any answer the page cannot show without still loading for the first time. */
  readonly primary: boolean;
  /** Any answer the page would rather show with, to move nothing when it arrives, still loading. */
  readonly secondary: boolean;
  readonly secondaryMs: number;
  readonly key: string;
}): boolean {
  const [settledFor, setSettledFor] = useState<string | null>(null);
  const [overdueFor, setOverdueFor] = useState<string | null>(null);
  const settled = settledFor === key;
  const waiting = !settled && (primary || (secondary && overdueFor !== key));
  useEffect(() => {
    if (settled || !secondary) return;
    const timer = setTimeout(() => setOverdueFor(key), secondaryMs);
    return () => clearTimeout(timer);
  }, [settled, secondary, secondaryMs, key]);
  useEffect(() => {
    if (!waiting && !settled) setSettledFor(key);
  }, [waiting, settled, key]);
  return waiting;
}

/**
 * Trying again while the service cannot be reached: when the browser says it
 * is back online, when the person returns to the window, and at a modest
 * interval meanwhile, so a page recovers by itself once the service answers
 * (the service going down does not take the browser offline, so `online`
 * alone would not tell).
 */
import { useEffect, useRef } from 'react';

/** Seconds between attempts while nothing else prompts one: often enough to notice, rare enough to cost nothing. */
export const RECOVERY_INTERVAL_MS = 5_000;

export function useRecovery(
  active: boolean,
  attempt: () => Promise<unknown> | undefined,
  { immediately = false } = {},
): void {
  const latest = useRef(attempt);
  latest.current = attempt;
  useEffect(() => {
    if (!active) return;
    let running = false;
    // A prompt while an attempt is under way (which may have started before the service came back) asks for one more.
    let again = false;
    let stopped = false;
    const tryNow = () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      again = false;
      Promise.resolve(latest.current())
        .catch(() => {
          // Still unreachable: the next prompt or tick tries again.
        })
        .finally(() => {
          running = false;
          if (again && !stopped) tryNow();
        });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') tryNow();
    };
    if (immediately) tryNow();
    const timer = window.setInterval(tryNow, RECOVERY_INTERVAL_MS);
    window.addEventListener('online', tryNow);
    window.addEventListener('focus', tryNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('online', tryNow);
      window.removeEventListener('focus', tryNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, immediately]);
}

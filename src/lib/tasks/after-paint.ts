import { useEffect, useState } from 'react';

/** A page in a background tab paints no frame: past this, a new value is given without one. */
const UNPAINTED_MS = 500;

/**
 * `value` as of the last paint: a new value is returned once the browser has
 * painted the render that brought it (a frame, then a task after it), and the
 * render before keeps the one it had. For work a new value starts that the
 * screen it comes with need not wait for, such as the requests a page makes
 * for what it has just shown. `nextTask` (next-task.ts) is not enough there:
 * a query subscribed in the commit's effects starts its request, and React
 * renders its change of state, in that same task, before the paint, even
 * when the request itself waits a task. The first render returns `value`
 * itself.
 */
export function useAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(() => value);
  useEffect(() => {
    const give = () => setPainted(() => value);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(give, 0);
    });
    // Giving the same value again changes nothing: whichever comes second is a no-op.
    const unpainted = setTimeout(give, UNPAINTED_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(unpainted);
    };
  }, [value]);
  return painted;
}

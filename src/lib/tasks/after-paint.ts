import { useEffect, useState } from 'react';

/**
 * `value` as of the last paint: a new value is returned once the browser has
 * painted the render that brought it (a frame, then a task after it), and the
 * render before keeps the one it had. For work a new value starts that the
 * screen it comes with need not wait for, such as the requests a page makes
 * for what it has just shown: subscribing them in the commit's effects runs
 * their start (and a render of what they change) before that first paint.
 * The first render returns `value` itself.
 */
export function useAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(() => value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [value]);
  return painted;
}

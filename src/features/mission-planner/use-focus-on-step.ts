import { type RefObject, useEffect, useRef } from 'react';

/** Moves focus to `target` each time `count` changes after the first render: a step was entered. */
export function useFocusOnStep(count: number, target: RefObject<HTMLElement | null>) {
  const seen = useRef(count);
  useEffect(() => {
    if (count === seen.current) return;
    seen.current = count;
    target.current?.focus();
  }, [count, target]);
}

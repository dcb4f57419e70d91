/**
 * A page reached after the person acted elsewhere (a note deleted on its own page) focuses what shows the
 * result, the list's heading, rather than the page's heading, and has it read with the message saying what
 * happened (`aria-describedby`): a screen reader otherwise hears only the page's name. Once per arrival.
 */
import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export function useFocusOnArrival(ref: RefObject<HTMLElement | null>, when: boolean): void {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival (the location's key).
  useEffect(() => {
    if (!when) return;
    // After the signed-in layout focuses the new page's heading: its effect runs after this page's.
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [key, when]);
}

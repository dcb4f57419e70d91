/**
 * Focuses an element and brings it into view, and keeps it there while the page above it is still arriving
 * (forms and summaries that load after the list): a row scrolled to once was pushed off a phone's screen
 * when they grew. It stops after a moment, or as soon as the person scrolls, taps or types, so nobody is
 * pulled back.
 */
const KEEP_MS = 2000;
const PERSON = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

function inView(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}

export function bringIntoView(element: HTMLElement): void {
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  if (typeof ResizeObserver === 'undefined') return;
  const keep = new ResizeObserver(() => {
    if (element.isConnected && !inView(element)) element.scrollIntoView?.({ block: 'center' });
  });
  const stop = () => {
    keep.disconnect();
    clearTimeout(timer);
    for (const type of PERSON) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, KEEP_MS);
  for (const type of PERSON) window.addEventListener(type, stop, { capture: true, passive: true });
  keep.observe(document.body);
}

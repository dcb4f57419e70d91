/**
 * No page wider than the screen (issue 20: a phone at 390 px). A page fits
 * when the document is no wider than the viewport and no element sticks out
 * of it sideways, unless a scrolling or clipping box of its own (a wide
 * table's scroller) holds it: `body { overflow-x: hidden }` would hide the
 * first symptom and cut the content off, so the second is checked too.
 *
 * `watchScreenFit` makes it automatic: in the page, every time the DOM has
 * settled (a navigation, data arriving, a panel opening) it is measured again
 * and what sticks out is reported, by element, with the page's address.
 */
import { expect, type Page } from '@playwright/test';

export interface ScreenFit {
  readonly url: string;
  readonly viewport: number;
  readonly scrollWidth: number;
  /** The outermost elements sticking out, described for a person to find them. */
  readonly offenders: string[];
}

/** Runs in the page (serialised: it may use nothing from outside itself). */
function measureScreenFit(): ScreenFit {
  const viewport = window.innerWidth;
  const root = document.documentElement;
  const sticksOut = (element: Element) => {
    const box = element.getBoundingClientRect();
    // 1px boxes are the visually hidden texts; a box wholly to the left is parked off screen and widens nothing.
    if (box.width <= 1 || box.height <= 1 || box.right <= 0) return false;
    return box.right > viewport + 1 || box.left < -1;
  };
  const heldByItsOwnScroller = (element: Element) => {
    for (let box = element.parentElement; box && box !== document.body && box !== root; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== 'visible') return !sticksOut(box);
    }
    return false;
  };
  const describe = (element: Element) => {
    const box = element.getBoundingClientRect();
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList].map((name) => `.${name}`).join('');
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    return `<${element.tagName.toLowerCase()}${id}${classes}> "${text}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`;
  };
  const offenders: string[] = [];
  for (const element of document.body ? document.body.querySelectorAll('*') : []) {
    if (!sticksOut(element) || heldByItsOwnScroller(element)) continue;
    const parent = element.parentElement;
    // Only the outermost: its children sticking out with it say nothing more.
    if (parent && parent !== document.body && sticksOut(parent)) continue;
    offenders.push(describe(element));
  }
  return { url: location.href, viewport, scrollWidth: root.scrollWidth, offenders };
}

const fits = (fit: ScreenFit) => fit.scrollWidth <= fit.viewport && fit.offenders.length === 0;

export function describeScreenFit(fit: ScreenFit): string {
  return `${fit.url} is ${fit.scrollWidth} px wide on a ${fit.viewport} px screen; sticking out: ${
    fit.offenders.join('; ') || 'nothing found by element'
  }`;
}

/** The page as it is now fits the screen's width. */
export async function expectFitsScreen(page: Page): Promise<void> {
  const fit = await page.evaluate(measureScreenFit);
  expect(fits(fit), describeScreenFit(fit)).toBe(true);
}

/** Runs in the page: measures whenever the DOM settles, and reports what does not fit. */
function watchInPage(measure: typeof measureScreenFit) {
  if (window !== window.top) return;
  const report = (window as unknown as { __reportScreenFit: (fit: ScreenFit) => void }).__reportScreenFit;
  let timer: number | undefined;
  let firstPending = 0;
  let lastReport = '';
  const check = () => {
    timer = undefined;
    firstPending = 0;
    const fit = measure();
    if (fit.scrollWidth <= fit.viewport && fit.offenders.length === 0) return;
    const key = `${fit.url} ${fit.offenders.join()}`;
    if (key === lastReport) return;
    lastReport = key;
    report(fit);
  };
  const settleDelay = 150;
  // A page that never stops changing is still measured, at least once a second.
  const schedule = () => {
    const now = Date.now();
    if (firstPending === 0) firstPending = now;
    if (timer !== undefined) window.clearTimeout(timer);
    timer = window.setTimeout(check, now - firstPending > 1000 ? 0 : settleDelay);
  };
  const start = () => {
    new MutationObserver(schedule).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    window.addEventListener('resize', schedule);
    schedule();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

/**
 * From now on, every state of every page `page` shows (once its DOM has been
 * still for a moment) is measured; what does not fit is added to `problems`.
 */
export async function watchScreenFit(page: Page, problems: string[]): Promise<void> {
  await page.exposeBinding('__reportScreenFit', (_source, fit: ScreenFit) => {
    problems.push(describeScreenFit(fit));
  });
  await page.addInitScript(`(${watchInPage.toString()})(${measureScreenFit.toString()})`);
}

/** The page as it is at the end of a journey, measured now (the watch may not have had its moment yet). */
export async function finalScreenFit(page: Page): Promise<string | null> {
  if (page.isClosed()) return null;
  const fit = await page.evaluate(measureScreenFit).catch(() => null);
  return fit && !fits(fit) ? describeScreenFit(fit) : null;
}

/**
 * Nothing moves under the reader while a page loads (issue 21: layout shift
 * 0 on every page). Each page is opened afresh, as a person opening a link
 * does, and every layout shift the browser reports until the page has its
 * data and the network is quiet is listed, with what moved: a page whose
 * parts arrive one after another and push the rest down (the record's
 * header, a class's students) or a header that narrows when the scrollbar
 * appears fails here. Runs at 1280×800 and on the phone (390×844), and
 * without our extensions.
 */
import type { Page } from '@playwright/test';
import { findTrainer } from './support/platform';
import { expect, test } from './support/test';

/** Records, in every document the page opens, each layout shift not caused by the person's own input. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `<${node.tagName.toLowerCase()}${[...node.classList].map((name) => `.${name}`).join('')}> "${(node.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`
        : 'a node no longer in the page';
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(
          (source) =>
            `${describe(source.node)} from ${Math.round(source.previousRect.x)},${Math.round(source.previousRect.y)} to ${Math.round(source.currentRect.x)},${Math.round(source.currentRect.y)}`,
        );
        shifts.push(`${entry.value.toFixed(4)}: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Opens `path` afresh and lists what moved until its heading is there and the network is quiet. */
async function shiftsOpening(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __layoutShifts: string[] }).__layoutShifts);
}

test('no page moves under the reader while it loads, signed out or in @field', async ({ page, signIn, request }) => {
  const { user, token, klass } = await findTrainer(request);
  const notes = (await (
    await request.get('/edu/v1/note/list', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { noteId: string }[];
  const note = notes[0]?.noteId;
  const student = klass.students[0]?.userId;
  if (!note || !student) throw new Error('the demo trainer has a note and a student');
  await watchLayoutShifts(page);

  for (const path of ['/sign-in', '/welcome']) {
    expect(await shiftsOpening(page, path), `what moved while ${path} loaded`).toEqual([]);
  }

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  for (const path of [
    '/comments',
    '/classes',
    '/notes',
    '/notes/new',
    `/notes/${note}`,
    `/students/${student}`,
    '/profile',
    '/friends',
    '/mission-planner',
    `/classes/${klass.classId}/readiness`,
  ]) {
    expect(await shiftsOpening(page, path), `what moved while ${path} loaded`).toEqual([]);
  }
});

/**
 * Every student found by name (issue 32, point 3): "Find a student" at the
 * top of the classes page finds Sam Patel on a phone without scrolling, and
 * Back from his record comes back to the same results; the two Oliver
 * Hughes of Cyber Transport 26-A are told apart wherever they are listed or
 * picked; a student is picked in the comment form by typing and the
 * keyboard alone. Built on the platform's own lists, so it runs on the
 * platform too (`@field`).
 */
import type { Locator, Page } from '@playwright/test';
import { demoIds } from '../sandbox/demo-ids';
import { expectAccessible } from './support/a11y';
import { openFromNav, unfold } from './support/navigate';
import { findTrainer } from './support/platform';
import { expect, test } from './support/test';

/** Tab (or Shift+Tab) until `target` has focus: the keyboard's way there. */
async function tabTo(page: Page, target: Locator, { back = false } = {}): Promise<void> {
  for (let step = 0; step < 60; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

test('a trainer finds a student by part of the name from the top of the classes page, and Back returns to it @field', async ({
  page,
  request,
  signIn,
}) => {
  const { user, roster } = await findTrainer(request);
  const classesOfSam = roster.classes.filter((c) =>
    c.students.some((s) => s.userId === demoIds.users.studentNoPicture),
  );
  const sam = classesOfSam[0]?.students.find((s) => s.userId === demoIds.users.studentNoPicture);
  if (!sam) throw new Error('The demo trainer teaches the student without a picture');
  const name = `${sam.firstName} ${sam.lastName}`;

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await openFromNav(page, 'Classes and students');
  await expect(page.getByRole('heading', { level: 1, name: 'Classes and students' })).toBeVisible();

  const box = page.getByRole('searchbox', { name: 'Find a student' });
  await expect(box).toBeInViewport();
  // Part of the first name and part of the last, in another case: the way a name is half-remembered.
  const typed = `${sam.firstName.slice(0, 2).toLowerCase()} ${sam.lastName.slice(0, 3).toUpperCase()}`;
  await box.fill(typed);
  const results = page.getByRole('list', { name: 'Students found' });
  const found = results.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(found).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toHaveText(/^\d+ students? match(es)? “/);
  await expect(found).toContainText(sam.handle);
  await expect(found).toContainText(classesOfSam.map((c) => c.className).join(', '));
  // Found where the eye already is: no scrolling, on a phone too.
  await expect(found.getByRole('link', { name, exact: true })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await found.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${sam.userId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/classes\?find=/);
  await expect(box).toHaveValue(typed);
  await expect(found).toHaveCount(1);

  // Nobody by that name: it says so, in words.
  await box.fill('zzqx');
  await expect(page.getByText('No student in your classes matches “zzqx”', { exact: true })).toBeVisible();
});

test('two students of the same name are told apart on the classes page, in what is found, and in the form @field', async ({
  page,
  request,
  signIn,
}) => {
  const { user, roster } = await findTrainer(request);
  const withNamesakes = roster.classes.flatMap((c) => {
    const byName = new Map<string, (typeof c.students)[number][]>();
    for (const s of c.students)
      byName.set(`${s.firstName} ${s.lastName}`, [...(byName.get(`${s.firstName} ${s.lastName}`) ?? []), s]);
    const pair = [...byName.values()].find((students) => students.length > 1);
    return pair ? [{ klass: c, pair }] : [];
  })[0];
  if (!withNamesakes) throw new Error('The demo trainer teaches a class with two students of the same name');
  const { klass, pair } = withNamesakes;
  const name = `${pair[0]?.firstName} ${pair[0]?.lastName}`;
  const handles = pair.map((s) => s.handle);
  // A handle as a whole: "@oliver.hughes" is not "@oliver.hughes2".
  const handleOf = (handle: string) => page.getByText(handle, { exact: true });
  expect(new Set(handles).size, 'namesakes have their own handles').toBe(pair.length);

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await openFromNav(page, 'Classes and students');

  // Their cards in the class: each with its own handle, each a link to its own record.
  const section = page.getByRole('region', { name: klass.className });
  const cards = section.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  const more = section.getByRole('button', { name: 'Show more students' });
  while ((await cards.count()) < pair.length && (await more.isVisible())) await more.click();
  await expect(cards).toHaveCount(pair.length);
  for (const [index, student] of pair.entries()) {
    await expect(cards.nth(index).filter({ has: handleOf(student.handle) })).toHaveCount(1);
    await expect(cards.nth(index).getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      `/students/${student.userId}`,
    );
  }

  // Found by name: both, each with handle and class.
  await page.getByRole('searchbox', { name: 'Find a student' }).fill(name);
  const found = page.getByRole('list', { name: 'Students found' }).getByRole('listitem');
  await expect(found).toHaveCount(pair.length);
  for (const student of pair) {
    const item = found.filter({ has: handleOf(student.handle) });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(klass.className);
    await expect(item.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/students/${student.userId}`);
  }
  await expectAccessible(page, 'classes page, students found');

  // Picked in the comment form: the choices say which is which.
  await openFromNav(page, 'Student comments');
  await unfold(page, 'Add a comment');
  const form = page.getByRole('form', { name: 'Add a comment' });
  const picker = form.getByRole('combobox', { name: /^Student/ });
  await picker.fill(name);
  // One choice a class a student is in: a namesake in another class of the trainer's is a choice there too.
  const choices = form
    .getByRole('listbox', { name: 'Matching students' })
    .getByRole('option')
    .filter({ hasText: klass.className });
  await expect(choices).toHaveCount(pair.length);
  for (const student of pair) await expect(choices.filter({ has: handleOf(student.handle) })).toHaveCount(1);
  await expectAccessible(page, 'the student picker, open');
  await choices.filter({ has: handleOf(pair[1]?.handle ?? '') }).click();
  await expect(picker).toHaveValue(new RegExp(`^${name} \\(${pair[1]?.handle}\\)`));
  await expect(form.getByLabel(/^Class/)).toHaveValue(klass.classId);
});

test('a student is picked in the comment form by typing and the keyboard alone @field', async ({
  page,
  request,
  signIn,
}) => {
  const { user, klass } = await findTrainer(request);
  const student = klass.students.at(-1);
  if (!student) throw new Error('findTrainer returns a class with students');
  const name = `${student.firstName} ${student.lastName}`;

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await unfold(page, 'Add a comment');
  const form = page.getByRole('form', { name: 'Add a comment' });
  const picker = form.getByRole('combobox', { name: /^Student/ });
  await tabTo(page, picker);
  await expect(picker).toHaveAttribute('aria-expanded', 'false');

  // The handle narrows it to one; the count is said politely.
  await page.keyboard.type(student.handle.slice(0, -1));
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  const listbox = form.getByRole('listbox', { name: 'Matching students' });
  await expect(picker).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? 'the listbox');
  await expect(form.locator('[aria-live="polite"]').filter({ hasText: /match/ })).toHaveText(
    /^\d+ students? match(es)?\.$/,
  );
  // Down and Up move through the choices; the one looked at is the box's active descendant.
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  // The student's choice in this class (a student of two classes is a choice in each).
  const choice = listbox.getByRole('option').filter({ hasText: student.handle }).filter({ hasText: klass.className });
  const choiceId = await choice.getAttribute('id');
  for (let step = 0; step < 50 && (await picker.getAttribute('aria-activedescendant')) !== choiceId; step++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(choice).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(picker).toHaveValue(new RegExp(`^${name} \\(${student.handle}\\)`));
  await expect(picker).toBeFocused();
  // The class follows from the student.
  await expect(form.getByLabel(/^Class/)).toHaveValue(klass.classId);

  // On to the comment with Tab (past the clear button and the lesson), and saved with Enter.
  const text = form.getByLabel(/^Comment/);
  await tabTo(page, text);
  const said = `Picked by typing, run ${Date.now()}.`;
  await page.keyboard.type(said);
  await tabTo(page, form.getByRole('button', { name: 'Add comment' }));
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText('Comment added.');
  await expect(page.getByRole('article').filter({ hasText: said })).toHaveAccessibleName(new RegExp(`about ${name}$`));

  // Escape with the list closed clears the choice; the form then asks for a student again.
  await tabTo(page, picker, { back: true });
  await page.keyboard.press('Escape');
  await expect(picker).toHaveValue('');
  await text.fill('Another one.');
  await form.getByRole('button', { name: 'Add comment' }).click();
  await expect(picker).toHaveAccessibleDescription('Choose the student the comment is about.');
  await expect(picker).toBeFocused();
});

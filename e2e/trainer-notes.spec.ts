import { expectAccessible } from './support/a11y';
import { openFromNav } from './support/navigate';
import { pickStudent } from './support/pick-student';
import { findTrainer, profileValuesSeenBy } from './support/platform';
import { ports } from './support/ports';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

test('a trainer writes a lesson note, opens it by its URL, reads it by names, changes it, deletes it after confirming and signs out @field', async ({
  page,
  signIn,
  extensionsOff,
  baseURL,
  context,
  request,
  visitedUrls,
}) => {
  const { user, token, klass } = await findTrainer(request);
  const student = klass.students[0];
  const lesson = klass.lessons[0];
  if (!student || !lesson) throw new Error('findTrainer returns a class with students and lessons');

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  // Notes live under their own base address: a second origin here, reached with CORS; the platform's one
  // address without our extensions (the interface gives the two, and they may be the same).
  const notesOrigin = extensionsOff ? baseURL : `http://127.0.0.1:${ports.notes}`;
  const listed = page.waitForResponse((response) => response.url().startsWith(`${notesOrigin}/edu/v1/note/list`));
  await openFromNav(page, 'Training notes');
  expect((await listed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Training notes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Notes \(\d+\+?\)$/ })).toBeVisible();
  await expectAccessible(page, 'notes');

  await page.getByRole('link', { name: 'Write a note' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New training note' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New training note' });
  // Student and lesson are required: trying without them says so.
  await form.getByRole('button', { name: 'Save note' }).click();
  await expect(form.getByLabel(/^Student/)).toHaveAccessibleDescription('Choose the student the note is about.');
  await expectAccessible(page, 'new note with errors');

  await form.getByLabel(/^Class/).selectOption({ label: `${klass.className} (${klass.courseName})` });
  await pickStudent(form, `${student.firstName} ${student.lastName} (${student.handle})`);
  await form.getByLabel(/^Lesson/).selectOption({ label: lesson.name });
  const text = `Lesson note from the e2e run ${Date.now()}: confident with the procedure.`;
  await form.getByLabel(/^Note/).fill(text);
  await form.getByRole('button', { name: 'Save note' }).click();

  await expect(page).toHaveURL(/\/notes\/(?!new$)[^/]+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Note saved.' })).toBeVisible();
  const noteUrl = page.url();

  // Open it by its own URL, in a fresh load.
  await page.goto('/notes');
  await page.goto(noteUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Training note', exact: true })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  // By names; the ids only behind the details toggle.
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: klass.className })).toBeVisible();
  await expect(details.filter({ hasText: klass.courseName })).toBeVisible();
  await expect(details.filter({ hasText: lesson.name })).toBeVisible();
  await expect(page.getByText(student.userId, { exact: true })).toBeHidden();
  await expect(page.getByText(/added by the platform/)).toHaveCount(0);
  await page.getByText('Ids (for integrators)').click();
  await expect(page.getByText(student.userId, { exact: true })).toBeVisible();
  await expect(page.getByText(klass.classId, { exact: true })).toBeVisible();
  await expectAccessible(page, 'note');

  // Our service names a note's writer and time (extension fields, sent with PLATFORM_EXTENSIONS=off too: that
  // switch removes routes, not fields); a platform's note without them is note-writer.test.tsx's case.
  await expect(page.getByText(/^Written by you on/)).toBeVisible();
  // Changing it. With our corrections extension, in place: the same note, its date kept, marked edited. Without it,
  // as the interface allows: a new note with the new text, then the old one deleted, once confirmed, the dialog
  // saying what that does to the date.
  await page.getByRole('button', { name: 'Edit' }).click();
  const changed = `${text} Checked again.`;
  await page.getByLabel(/^New text/).fill(changed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  if (extensionsOff) {
    const replace = page.getByRole('dialog', { name: 'Replace this note?' });
    await expect(replace).toBeVisible();
    await expect(replace).toContainText(/The note will be saved as new today, .*; the one of .* will be removed\./);
    await replace.getByRole('button', { name: 'Save and delete the old note' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Note changed' })).toBeVisible();
    await expect(page).not.toHaveURL(noteUrl);
    await expect(page.getByText(changed)).toBeVisible();
    await page.goto(noteUrl);
    await expect(page.getByText('This note does not exist')).toBeVisible();
    await page.goBack();
  } else {
    await expect(page.getByRole('status').filter({ hasText: 'Note corrected' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(noteUrl);
    await expect(page.getByText(/^Written by you on .* · edited /)).toBeVisible();
  }
  await expect(page.getByText(changed)).toBeVisible();
  const shownUrl = page.url();

  await page.getByRole('button', { name: 'Delete note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this note?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();

  await expect(page).toHaveURL(/\/notes$/);
  await expect(page.getByRole('status').filter({ hasText: 'Note deleted.' })).toBeVisible();
  await page.goto(shownUrl);
  await expect(page.getByText('This note does not exist')).toBeVisible();

  // Signing out ends the session on the platform, not only in this browser.
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/oauth/logout'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await loggedOut).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

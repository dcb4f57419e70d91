/**
 * A co-trainer reads a colleague's note as a person would: by names, with
 * who wrote it and when, and no offer to delete what only its writer may.
 * The notes filter picks a person by name, shows what is in force as chips
 * that remove it, and on a phone folds away to show the results.
 */
import { demoIds } from '../sandbox/demo-ids';
import { expectAccessible } from './support/a11y';
import { openFromNav } from './support/navigate';
import { profileValuesSeenBy, recordOf, signedInDemoUser } from './support/platform';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

test('a co-trainer filters notes by a person, reads a colleague’s note by names with its writer and date, and is not offered Delete', async ({
  page,
  signIn,
  context,
  request,
  visitedUrls,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const { user, token } = await signedInDemoUser(request, demoIds.users.civilianTrainer);
  const { user: colleague } = await signedInDemoUser(request, demoIds.users.trainer);
  const { user: student } = await signedInDemoUser(request, demoIds.users.student);
  const studentName = `${student.firstName} ${student.lastName}`;
  // What the service says of the note, to check the page against (not copied from the page).
  const record = await recordOf(request, token, student.userId);
  const entry = record.entries.find((e) => e.kind === 'note' && e.note.noteId === demoIds.notes.lesson);
  if (entry?.kind !== 'note') throw new Error('The co-trainer reads the demo lesson note');
  expect(entry.author.userId).toBe(colleague.userId);

  await page.goto('/sign-in');
  await signIn(page, user);
  await openFromNav(page, 'Training notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Training notes' })).toBeVisible();
  // The difference between a comment and a note, and what the count counts.
  await expect(page.getByText(/a comment is a remark about a student/)).toBeVisible();
  await expect(page.getByText('Counting lesson notes and course notes; user notes are left out')).toBeVisible();

  const fold = page.getByRole('button', { name: /^Filter notes/ });
  if (phone) await fold.click();
  const filters = page.getByRole('form', { name: 'Filter notes' });
  await expect(filters.getByRole('textbox', { name: /User ID/ })).toHaveCount(0);
  await filters.getByLabel(/^Person/).selectOption({ label: `${studentName} (${student.handle})` });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`userId=${student.userId}`));

  const results = page.getByRole('heading', { level: 2, name: /^Notes \(\d+\+?\)$/ });
  if (phone) {
    // The panel folds and the results it chose come into view, focus with them.
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(filters).toBeHidden();
    await expect(results).toBeFocused();
    await expect(results).toBeInViewport();
  }
  const chip = page.getByRole('button', { name: `Remove filter: Person ${studentName}` });
  await expect(chip).toBeVisible();
  await expectAccessible(page, 'notes filtered by a person');

  const card = page.getByRole('article').filter({ hasText: entry.note.text });
  await expect(card).toContainText(`Written by ${colleague.firstName} ${colleague.lastName} on`);
  await expect(card.locator('time')).toHaveAttribute('datetime', entry.createdAt);
  await expect(card).not.toContainText(demoIds.lessons.cyber[2]);
  await card.getByRole('link').first().click();

  await expect(page.getByRole('heading', { level: 1, name: 'Training note', exact: true })).toBeVisible();
  const title = page.getByRole('heading', { level: 2 });
  await expect(title).toContainText(`about ${studentName}`);
  await expect(title).not.toContainText('(');
  await expect(page.getByText(`Written by ${colleague.firstName} ${colleague.lastName} on`)).toBeVisible();
  await expect(page.locator('time')).toHaveAttribute('datetime', entry.createdAt);
  await expect(page.getByRole('button', { name: 'Delete note' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByText('Only the person who wrote this note can change or delete it.')).toBeVisible();
  // Ids only behind the toggle.
  await expect(page.getByText(demoIds.notes.lesson, { exact: true })).toBeHidden();
  await expect(page.getByText('Student ID')).toBeHidden();
  await page.getByText('Ids (for integrators)').click();
  await expect(page.getByText(demoIds.notes.lesson, { exact: true })).toBeVisible();
  await expectAccessible(page, 'a colleague’s note');

  await page.goBack();
  await page.getByRole('button', { name: `Remove filter: Person ${studentName}` }).click();
  await expect(page).not.toHaveURL(/userId=/);
  await expect(page.getByRole('button', { name: /^Remove filter/ })).toHaveCount(0);

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

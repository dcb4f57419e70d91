/**
 * The walk's findings of issue 34, as a trainer meets them: one Person filter that takes in the person's user
 * notes (an old Student URL still opens it), the record's "Back to …" naming where the trainer came from with
 * its filters, and a comment written on the record focused and in view (on a phone it sits below the forms).
 */
import { demoIds } from '../sandbox/demo-ids';
import { openFromNav, unfold } from './support/navigate';
import { demoUsers, rosterOf, signedInDemoUser } from './support/platform';
import { expect, test } from './support/test';

test('a trainer filters notes by one person, goes back with the filters, and lands on the comment they wrote', async ({
  page,
  request,
  signIn,
}) => {
  const { user: trainer, token } = await signedInDemoUser(request, demoIds.users.trainer);
  const student = (await demoUsers(request)).find((u) => u.userId === demoIds.users.studentNoPicture);
  if (!student) throw new Error('the demo student without a picture exists');
  const name = `${student.firstName} ${student.lastName}`;
  const enrollment = (await rosterOf(request, token)).classes
    .flatMap((c) => c.students)
    .find((s) => s.userId === student.userId);
  if (!enrollment) throw new Error('the demo trainer trains the student');

  await page.goto('/sign-in');
  await signIn(page, trainer);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();

  // A URL of the old form (the Student filter) opens as the person, every kind of note counted.
  await page.goto(`/notes?studentId=${encodeURIComponent(enrollment.studentId)}`);
  await expect(page).toHaveURL(new RegExp(`[?&]userId=${student.userId}(&|$)`));
  await expect(page).not.toHaveURL(/studentId=/);
  await expect(page.getByText('Counting lesson notes, course notes and user notes: every kind.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove filter: Person ${name}` })).toBeVisible();
  await unfold(page, 'Filter notes');
  const filters = page.getByRole('form', { name: 'Filter notes' });
  await expect(filters.getByLabel('Student', { exact: true })).toHaveCount(0);
  await expect(filters.getByRole('checkbox', { name: /^User notes/ })).toBeChecked();
  const notesUrl = new URL(page.url());

  // Classes and students -> the student: the record says where Back goes.
  await openFromNav(page, 'Classes and students');
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const back = page.getByRole('link', { name: /^Back to / });
  await expect(back).toHaveText('Back to classes and students');
  await expect(back).toHaveAttribute('href', '/classes');

  // A comment written on the record: focused, marked added, and on screen.
  await unfold(page, 'Add a comment');
  const form = page.getByRole('form', { name: 'Add a comment' });
  const text = `Landed on after adding, run ${Date.now()}.`;
  await form.getByLabel(/^Comment/).fill(text);
  await form.getByRole('button', { name: 'Add comment' }).click();
  const added = page.getByRole('region', { name: 'Record' }).getByRole('listitem').filter({ hasText: text });
  await expect(added).toBeFocused();
  await expect(added).toContainText('Comment added');
  await expect(added).toBeInViewport();

  // From the filtered notes, the record's Back returns to them, the Person filter kept.
  await page.goto(`${notesUrl.pathname}${notesUrl.search}`);
  await page
    .getByRole('region', { name: /^Notes/ })
    .getByRole('link', { name, exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(back).toHaveText('Back to training notes');
  await back.click();
  await expect(page).toHaveURL(new RegExp(`[?&]userId=${student.userId}(&|$)`));
  await expect(page.getByText('Counting lesson notes, course notes and user notes: every kind.')).toBeVisible();
});

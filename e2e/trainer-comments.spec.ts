import { expectAccessible } from './support/a11y';
import { unfold } from './support/navigate';
import { findTrainer, profileValuesSeenBy } from './support/platform';
import { PLATFORM_SIGN_IN } from './support/sign-in';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

test('a trainer signs in, filters comments by student, adds one and still sees it after a reload @field', async ({
  page,
  signIn,
  context,
  request,
  visitedUrls,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const { user, token, klass } = await findTrainer(request);
  const student = klass.students[0];
  if (!student) throw new Error('findTrainer returns a class with students');
  const studentName = `${student.firstName} ${student.lastName}`;

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: PLATFORM_SIGN_IN })).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await signIn(page, user);

  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Comments \(\d+\+?\)$/ })).toBeVisible();
  await expectAccessible(page, 'comments');

  await unfold(page, 'Filter comments');
  const filters = page.getByRole('form', { name: 'Filter comments' });
  await filters
    .getByLabel('Class', { exact: true })
    .selectOption({ label: `${klass.className} (${klass.courseName})` });
  await filters.getByLabel('Student', { exact: true }).selectOption({ label: `${studentName} (${student.handle})` });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`studentId=${encodeURIComponent(student.studentId)}`));
  const results = page.getByRole('heading', { level: 2, name: /^Comments \(\d+\+?\)$/ });
  await expect(results).toBeVisible();
  if (phone) {
    // Applying folds the filters and brings the results, and focus, to them.
    await expect(page.getByRole('button', { name: /^Filter comments/ })).toHaveAttribute('aria-expanded', 'false');
    await expect(filters).toBeHidden();
    await expect(results).toBeFocused();
    await expect(results).toBeInViewport();
  }
  // What is in force, by name, each removable.
  await expect(page.getByRole('button', { name: `Remove filter: Student ${studentName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove filter: Class ${klass.className}` })).toBeVisible();
  for (const name of await page
    .getByRole('article')
    .evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label')))) {
    expect(name).toMatch(new RegExp(`about ${studentName}$`));
  }

  // The add form starts from the filters: this class and this student.
  await unfold(page, 'Add a comment');
  const form = page.getByRole('form', { name: 'Add a comment' });
  // Who reads it, and who does not.
  await expect(form.getByText('Comments are for the class’s trainers: the student does not see them.')).toBeVisible();
  await expect(form.getByLabel(/^Class/)).toHaveValue(klass.classId);
  // The picker shows the chosen student as its choice reads.
  await expect(form.getByLabel(/^Student/)).toHaveValue(`${studentName} (${student.handle})`);
  const text = `Steady progress on the checklist, run ${Date.now()}.`;
  await form.getByLabel(/^Comment/).fill(text);
  await form.getByRole('button', { name: 'Add comment' }).click();
  await expect(form.getByRole('status')).toHaveText('Comment added.');
  const added = page.getByRole('article').filter({ hasText: text });
  await expect(added).toHaveAccessibleName(new RegExp(`by ${user.firstName} ${user.lastName} about ${studentName}$`));
  // Where the eye is: the new comment is brought into view, marked and focused.
  const addedCard = page.getByRole('listitem').filter({ has: added });
  await expect(addedCard).toBeFocused();
  await expect(addedCard).toBeInViewport();
  await expect(addedCard).toContainText('Comment added');
  await expect(form.getByLabel(/^Comment/)).toHaveValue('');
  await expectAccessible(page, 'comments after adding one');

  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await unfold(page, 'Filter comments');
  await expect(page.getByRole('form', { name: 'Filter comments' }).getByLabel('Student', { exact: true })).toHaveValue(
    student.studentId,
  );
  // Removing a chip removes that filter from the address and the results.
  await page.getByRole('button', { name: `Remove filter: Student ${studentName}` }).click();
  await expect(page).not.toHaveURL(/studentId=/);
  await expect(page.getByRole('button', { name: `Remove filter: Class ${klass.className}` })).toBeFocused();

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

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
}) => {
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
  await expect(page.getByRole('heading', { level: 2, name: /^Comments \(\d+\+?\)$/ })).toBeVisible();
  for (const name of await page
    .getByRole('article')
    .evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label')))) {
    expect(name).toMatch(new RegExp(`about ${studentName}$`));
  }

  // The add form starts from the filters: this class and this student.
  await unfold(page, 'Add a comment');
  const form = page.getByRole('form', { name: 'Add a comment' });
  await expect(form.getByLabel(/^Class/)).toHaveValue(klass.classId);
  await expect(form.getByLabel(/^Student/)).toHaveValue(student.studentId);
  const text = `Steady progress on the checklist, run ${Date.now()}.`;
  await form.getByLabel(/^Comment/).fill(text);
  await form.getByRole('button', { name: 'Add comment' }).click();
  await expect(form.getByRole('status')).toHaveText('Comment added.');
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveAccessibleName(
    new RegExp(`by ${user.firstName} ${user.lastName} about ${studentName}$`),
  );
  await expect(form.getByLabel(/^Comment/)).toHaveValue('');
  await expectAccessible(page, 'comments after adding one');

  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await unfold(page, 'Filter comments');
  await expect(page.getByRole('form', { name: 'Filter comments' }).getByLabel('Student', { exact: true })).toHaveValue(
    student.studentId,
  );

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

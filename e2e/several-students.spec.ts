/**
 * One comment for several students: from a class on "Classes and students",
 * a trainer chooses three of its students and writes once; each gets their
 * own comment, on their own record. One of the three writes is cut off on its
 * way (the browser's request fails, as on a dropped connection): the outcome
 * names that student, keeps the text for them alone, and writing again
 * reaches only them, so each record shows the comment exactly once.
 */
import { expectAccessible } from './support/a11y';
import { openFromNav } from './support/navigate';
import { findTrainer, profileValuesSeenBy } from './support/platform';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

test('a trainer writes one comment to three students of a class, and each record shows it once @field', async ({
  page,
  context,
  request,
  visitedUrls,
  signIn,
  extensionsOff,
}, testInfo) => {
  // Two writes, three records and two accessibility checks: longer than one page's journey.
  test.setTimeout(120_000);
  const { user, token, roster } = await findTrainer(request);
  const klass = roster.classes.find((c) => c.students.length >= 3);
  if (!klass) throw new Error('the demo trainer trains a class of three students or more');
  const three = klass.students.slice(0, 3);
  const [first, second, third] = three;
  if (!first || !second || !third) throw new Error('three students');
  const nameOf = (s: typeof first) => `${s.firstName} ${s.lastName}`;
  const text = `Same for the three of you, run ${Date.now()}.`;

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await openFromNav(page, 'Classes and students');
  const section = page.getByRole('region', { name: klass.className });
  await section.getByRole('link', { name: `Write to several students of ${klass.className}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Write to several students' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Write to several students' });
  await expect(form.getByLabel(/^Class/)).toHaveValue(klass.classId);
  for (const student of three) {
    await form.getByRole('checkbox', { name: `${nameOf(student)} (${student.handle})`, exact: true }).check();
  }
  await expect(form.getByRole('checkbox', { name: /^Whole class/ })).not.toBeChecked();
  await form.getByRole('textbox', { name: /^Comment/ }).fill(text);
  if (extensionsOff) {
    // The platform does not tell who reads what: the form says nothing rather than guess.
    await expect(form.getByText(/^Who will see it/)).toHaveCount(0);
  } else {
    await expect(form.getByText(/The same for each of the 3 students/)).toBeVisible();
  }
  await expectAccessible(page, 'write to several students');

  // The second student's write never reaches the service.
  const cutOff = '**/edu/v1/student/comment';
  await page.route(cutOff, async (route) => {
    const body = route.request().postDataJSON() as { studentId?: string } | null;
    if (route.request().method() === 'POST' && body?.studentId === second.studentId) await route.abort('failed');
    else await route.continue();
  });
  await form.getByRole('button', { name: 'Write comment for 3 students' }).click();
  const partly = page.getByRole('region', { name: 'Written for 2 of 3 students' });
  await expect(partly).toBeFocused();
  await expect(partly).toBeInViewport();
  await expect(partly.getByRole('listitem').filter({ hasText: nameOf(second) })).toContainText(
    'the service cannot be reached',
  );
  await expect(partly.getByRole('link')).toHaveText([nameOf(first), nameOf(third)]);
  await expect(form.getByRole('status')).toHaveText(
    'Written for 2 of 3. Not written for 1: your text is kept for them.',
  );
  await expect(form.getByRole('textbox', { name: /^Comment/ })).toHaveValue(text);
  await expect(form.getByRole('checkbox', { name: `${nameOf(second)} (${second.handle})`, exact: true })).toBeChecked();
  await expect(
    form.getByRole('checkbox', { name: `${nameOf(first)} (${first.handle})`, exact: true }),
  ).not.toBeChecked();
  await expectAccessible(page, 'write to several students, partly written');
  await page.screenshot({
    path: testInfo.outputPath(`several-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });

  await page.unroute(cutOff);
  await form.getByRole('button', { name: 'Write comment for 1 student' }).click();
  const rest = page.getByRole('region', { name: 'Comment written for 1 student' });
  await expect(rest).toBeFocused();
  await expect(rest.getByRole('link')).toHaveText([nameOf(second)]);
  await expect(form.getByRole('textbox', { name: /^Comment/ })).toHaveValue('');

  // Each has their own comment, on their own record, once.
  for (const student of three) {
    await page.goto(`/students/${student.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: nameOf(student) })).toBeVisible();
    const record = page.getByRole('region', { name: 'Record' });
    await expect(record.getByRole('article').filter({ hasText: text })).toHaveCount(1);
  }

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

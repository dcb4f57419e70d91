/**
 * A trainer goes from a student's name to the student's whole record, reads
 * it in time order, narrows it by course, reloads, and adds a comment and a
 * note from there; each form says before saving who will be able to read it.
 */

import { demoIds } from '../sandbox/demo-ids';
import { expectAccessible } from './support/a11y';
import { expectNavOffers, openFromNav, unfold } from './support/navigate';
import { findTrainer, profileValuesSeenBy, recordOf, signedInDemoUser } from './support/platform';
import { signInThroughPlatform } from './support/sign-in';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

test('a trainer opens a student’s whole record from their name, filters it, and adds to it', async ({
  page,
  context,
  request,
  visitedUrls,
}) => {
  const { user, token, roster } = await findTrainer(request);
  const { user: student } = await signedInDemoUser(request, demoIds.users.student);
  const studentName = `${student.firstName} ${student.lastName}`;
  const enrollment = roster.classes.find((c) => c.students.some((s) => s.userId === student.userId));
  if (!enrollment) throw new Error('the demo trainer trains the demo student');
  const coTrainers = (await signedInDemoUser(request, demoIds.users.civilianTrainer)).user;

  await page.goto('/sign-in');
  await signInThroughPlatform(page, user);
  // A trainer lands on the comments, with the trainer's navigation.
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await expectNavOffers(page, [
    'Classes and students',
    'Student comments',
    'Training notes',
    'Mission planner',
    'My profile',
    'My friends',
  ]);

  // From the student's name in the comment list to the record.
  await page
    .getByRole('article', { name: new RegExp(`about ${studentName}$`) })
    .first()
    .getByRole('link', { name: studentName })
    .click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.userId}$`));
  await expect(page.getByRole('heading', { level: 1, name: studentName })).toBeVisible();

  const record = await recordOf(request, token, student.userId);
  const list = page.getByRole('region', { name: 'Record' });
  await expect(page.getByRole('status').filter({ hasText: /^\d+ (of \d+ )?entr/ })).toContainText(
    `${record.entries.length} entries`,
  );
  // Comments and notes in one list, newest first (the rows render just after the count).
  await expect(list.locator('time').first()).toBeVisible();
  const times = await list.locator('time').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime')));
  expect(times.length).toBeGreaterThan(1);
  expect(times).toEqual([...times].sort().reverse());
  await expect(list.getByText('Comment', { exact: true }).first()).toBeVisible();
  await expect(list.getByText(/^(Lesson|Course|User) note$/).first()).toBeVisible();
  await expectAccessible(page, 'student record');

  // Narrow to one course: the URL says so, and the count follows.
  const inCourse = record.entries.filter((e) =>
    e.kind === 'comment'
      ? e.comment.course === enrollment.courseId
      : e.kind === 'note' && e.note.courseId === enrollment.courseId,
  );
  await list
    .getByLabel('Course', { exact: true })
    .selectOption({ label: `${enrollment.courseName} (${inCourse.length})` });
  await expect(page).toHaveURL(new RegExp(`courseId=${enrollment.courseId}`));
  await expect(page.getByRole('status').filter({ hasText: /^\d+ (of \d+ )?entr/ })).toContainText(
    `${inCourse.length} of ${record.entries.length} entries`,
  );

  // It survives a reload: same person, same filter.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: studentName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Record' }).getByLabel('Course', { exact: true })).toHaveValue(
    enrollment.courseId,
  );

  // Add a comment from here: the student and class are already chosen, and it says who will read it.
  await unfold(page, 'Add a comment');
  const commentForm = page.getByRole('form', { name: 'Add a comment' });
  await expect(commentForm.getByLabel(/^Class/)).toHaveValue(enrollment.classId);
  // The picker shows the chosen student as its choice reads (the class chosen, so without it).
  await expect(commentForm.getByLabel(/^Student/)).toHaveValue(`${studentName} (${student.handle})`);
  // The class's trainers, from the service: the trainer and Linda Chen, who shares the class.
  const trainers = [coTrainers, user].sort((a, b) => a.lastName.localeCompare(b.lastName));
  // Said before saving, and tied to the button that saves.
  await expect(commentForm.getByRole('button', { name: 'Add comment' })).toHaveAccessibleDescription(
    `Who will see it: Visible to you and the trainers of ${enrollment.className}: ${trainers
      .map((t) => `${t.firstName} ${t.lastName}${t.userId === user.userId ? ' (you)' : ''}`)
      .join(', ')}. Comments are for the class’s trainers: the student does not see them.`,
  );
  const comment = `From the record page, run ${Date.now()}.`;
  await commentForm.getByLabel(/^Comment/).fill(comment);
  await commentForm.getByRole('button', { name: 'Add comment' }).click();
  await expect(commentForm.getByRole('status')).toHaveText('Comment added.');
  const commentSecond = Math.floor(Date.now() / 1000);
  await expect(page.getByRole('region', { name: 'Record' }).getByRole('listitem').first()).toContainText(comment);

  // And a note: the lesson is the one thing left to choose.
  await unfold(page, 'Write a note');
  const noteForm = page.getByRole('form', { name: 'New training note' });
  await expect(noteForm.getByRole('button', { name: 'Save note' })).toHaveAccessibleDescription(
    /Choose the student and the lesson/,
  );
  const lesson = enrollment.lessons[1] ?? enrollment.lessons[0];
  if (!lesson) throw new Error('the class has lessons');
  await noteForm.getByLabel(/^Lesson/).selectOption({ label: lesson.name });
  await expect(noteForm.getByRole('button', { name: 'Save note' })).toHaveAccessibleDescription(
    new RegExp(
      `^Who will see it: Visible to you and the trainers of ${enrollment.className}: .* The student it is about does not see it\\.$`,
    ),
  );
  const note = `Note from the record page, run ${Date.now()}.`;
  await noteForm.getByLabel(/^Note/).fill(note);
  // The record keeps times to the second, and within one second puts comments before notes
  // (docs/interface-decisions.md): the note is saved in a later second than the comment, as a person would.
  await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(commentSecond);
  await noteForm.getByRole('button', { name: 'Save note' }).click();
  await expect(noteForm.getByRole('status')).toHaveText('Note saved.');
  const newest = page.getByRole('region', { name: 'Record' }).getByRole('listitem');
  await expect(newest.first()).toContainText(note);
  await expect(newest.nth(1)).toContainText(comment);
  await expectAccessible(page, 'student record after adding');

  // The notes list links the same student's name to the same record.
  await openFromNav(page, 'Training notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Training notes' })).toBeVisible();
  await page.getByRole('link', { name: studentName, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.userId}$`));
  await expect(page.getByRole('region', { name: 'Record' }).getByRole('listitem').first()).toContainText(note);

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

test('on a narrow screen the list comes first and the forms fold away until asked for', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { user } = await findTrainer(request);
  await page.goto('/sign-in');
  await signInThroughPlatform(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();

  const listHeading = page.getByRole('heading', { level: 2, name: /^Comments \(\d+\)$/ });
  await expect(listHeading).toBeInViewport();
  await expect(page.getByRole('article').first()).toBeInViewport();
  const addToggle = page.getByRole('button', { name: 'Add a comment' });
  await expect(addToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('form', { name: 'Add a comment' })).toBeHidden();
  await expectAccessible(page, 'comments, narrow');

  await addToggle.click();
  await expect(addToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('form', { name: 'Add a comment' })).toBeVisible();
  await expectAccessible(page, 'comments, narrow, form open');
});

/**
 * A student's record wherever the dashboard runs: with our record extension
 * the entries are dated, newest first; without it the page composes the same
 * entries from the interface's own reads (the comments about each of the
 * person's enrollments, the notes about the person) and says that when each
 * was written is not known.
 */
import type { z } from 'zod/mini';
import { commentListSchema } from '../contract/comments';
import { noteListSchema } from '../contract/notes';
import { demoIds } from '../sandbox/demo-ids';
import { expectAccessible } from './support/a11y';
import { unfold } from './support/navigate';
import { findTrainer, profileValuesSeenBy, signedInDemoUser } from './support/platform';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

const undated = /does not say when a comment or note was written/;

test('a trainer reads a student’s whole record and adds a comment to it @field', async ({
  page,
  context,
  request,
  visitedUrls,
  signIn,
  extensionsOff,
}) => {
  const { user, token, roster } = await findTrainer(request);
  const { user: student } = await signedInDemoUser(request, demoIds.users.student);
  const studentName = `${student.firstName} ${student.lastName}`;
  const enrollments = roster.classes.flatMap((c) => c.students.filter((s) => s.userId === student.userId));
  if (enrollments.length === 0) throw new Error('the demo trainer trains the demo student');
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const read = async <S extends z.ZodMiniType>(path: string, schema: S) => {
    const response = await request.get(path, auth);
    expect(response.status(), path).toBe(200);
    return schema.parse(await response.json()) as z.output<S>;
  };
  // What the interface's own reads give the trainer about this person, each read whole.
  let comments = 0;
  for (const { studentId } of enrollments) {
    comments += (await read(`/edu/v1/student/comment?studentId=${studentId}`, commentListSchema)).length;
  }
  const notes = (await read(`/edu/v1/note/list?userId=${student.userId}`, noteListSchema)).length;

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await page.goto(`/students/${student.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: studentName })).toBeVisible();
  const counts = page.getByRole('status').filter({ hasText: /^\d+ (of \d+ )?entr/ });
  await expect(counts).toContainText(`${comments + notes} entries`);
  const list = page.getByRole('region', { name: 'Record' });
  await expect(list.getByText('Comment', { exact: true }).first()).toBeVisible();
  if (extensionsOff) {
    await expect(list.getByText(undated)).toBeVisible();
    await expect(list.locator('time')).toHaveCount(0);
  } else {
    await expect(list.getByText(undated)).toHaveCount(0);
    await expect(list.locator('time').first()).toBeVisible();
  }
  await expectAccessible(page, 'student record');

  await unfold(page, 'Add a comment');
  const form = page.getByRole('form', { name: 'Add a comment' });
  const text = `Read the whole record, run ${Date.now()}.`;
  await form.getByLabel(/^Lesson/).selectOption({ index: 1 });
  await form.getByLabel(/^Comment/).fill(text);
  await form.getByRole('button', { name: 'Add comment' }).click();
  await expect(form.getByRole('status')).toHaveText('Comment added.');
  await expect(list.getByRole('article').filter({ hasText: text })).toBeVisible();
  await expect(counts).toContainText(`${comments + notes + 1} entries`);

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

/**
 * After a trainer changes or removes an entry, focus lands on what shows the result and says what happened
 * (issue 34: it dropped to the page's top). A note edited (corrected in place; without our extensions a new
 * note, then the old one removed) and then deleted; a comment corrected and withdrawn on a student's record,
 * and withdrawn on the comments page.
 */
import { commentSchema } from '../contract/comments';
import { commentEndpoints } from '../contract/endpoints/comments';
import { noteEndpoints } from '../contract/endpoints/notes';
import { noteSchema } from '../contract/notes';
import { findTrainer } from './support/platform';
import { expect, test } from './support/test';

test('a note changed and then deleted: focus on the changed note, then on the list it came from @field', async ({
  page,
  signIn,
  request,
  extensionsOff,
}) => {
  const { user, token, klass } = await findTrainer(request);
  const student = klass.students[0];
  const lesson = klass.lessons[0];
  if (!student || !lesson) throw new Error('findTrainer returns a class with students and lessons');
  const text = `To be changed, e2e run ${Date.now()}`;
  const written = await request.fetch(noteEndpoints.createNote.path, {
    method: noteEndpoints.createNote.method,
    headers: { Authorization: `Bearer ${token}` },
    data: { text, studentId: student.studentId, lessonId: lesson.lessonId },
  });
  expect(written.status()).toBe(201);
  const note = noteSchema.parse(await written.json());

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await page.goto(`/notes?userId=${encodeURIComponent(student.userId)}`);
  await page.getByRole('article').filter({ hasText: text }).getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Training note', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const changed = `${text} (changed)`;
  await page.getByLabel(/^New text/).fill(changed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  if (extensionsOff) {
    await page
      .getByRole('dialog', { name: 'Replace this note?' })
      .getByRole('button', { name: 'Save and delete the old note' })
      .click();
    await expect(page).not.toHaveURL(new RegExp(`/notes/${note.noteId}$`));
  }
  const shown = page.getByRole('article').filter({ hasText: changed });
  await expect(shown).toBeFocused();
  await expect(shown).toContainText(extensionsOff ? 'Note changed: saved as a new note' : 'Note corrected');
  await expect(shown).toBeInViewport();

  await shown.getByRole('button', { name: 'Delete note' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this note?' })
    .getByRole('button', { name: 'Delete permanently' })
    .click();
  // Back on the list it was opened from, its filter kept: its heading, read with what happened.
  await expect(page).toHaveURL(new RegExp(`/notes\\?userId=${student.userId}$`));
  const heading = page.getByRole('heading', { level: 2, name: /^Notes/ });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAccessibleDescription('Note deleted.');
  await expect(page.getByText(changed)).toHaveCount(0);
});

test('a comment corrected and withdrawn: focus on the corrected comment, then on its mark or the list', async ({
  page,
  signIn,
  request,
}) => {
  const { user, token, klass } = await findTrainer(request);
  const student = klass.students[0];
  if (!student) throw new Error('findTrainer returns a class with students');
  const run = Date.now();
  const write = async (text: string) => {
    const written = await request.post(commentEndpoints.createComment.path, {
      headers: { Authorization: `Bearer ${token}` },
      data: { studentId: student.studentId, classId: klass.classId, text },
    });
    expect(written.status()).toBe(201);
    return commentSchema.parse(await written.json());
  };
  const onRecord = await write(`Corrected on the record, e2e run ${run}`);
  const onList = await write(`Withdrawn from the list, e2e run ${run}`);

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();

  await page.goto(`/students/${encodeURIComponent(student.userId)}`);
  const record = page.getByRole('region', { name: 'Record' });
  const card = record.getByRole('listitem').filter({ hasText: onRecord.text });
  await card.getByRole('button', { name: 'Correct' }).click();
  const corrected = `${onRecord.text} (corrected)`;
  await card.getByLabel(/^Corrected text/).fill(corrected);
  await card.getByRole('button', { name: 'Save correction' }).click();
  const correctedCard = record.getByRole('listitem').filter({ hasText: corrected });
  await expect(correctedCard).toBeFocused();
  await expect(correctedCard).toContainText('Comment corrected');
  await expect(correctedCard).toBeInViewport();

  await correctedCard.getByRole('button', { name: 'Withdraw' }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw this comment?' })
    .getByRole('button', { name: 'Withdraw the comment' })
    .click();
  const mark = record.getByRole('listitem').filter({ hasText: 'Comment withdrawn' });
  await expect(mark).toBeFocused();
  await expect(mark).toContainText('Withdrawn by the author (you)');
  await expect(record.getByText(corrected)).toHaveCount(0);

  await page.goto(`/comments?studentId=${encodeURIComponent(student.studentId)}`);
  const listed = page.getByRole('listitem').filter({ hasText: onList.text });
  await listed.getByRole('button', { name: 'Withdraw' }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw this comment?' })
    .getByRole('button', { name: 'Withdraw the comment' })
    .click();
  const heading = page.getByRole('heading', { level: 2, name: /^Comments/ });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAccessibleDescription(/^Comment withdrawn\./);
  await expect(page.getByText(onList.text)).toHaveCount(0);
});

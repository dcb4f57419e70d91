/**
 * Corrections that keep the record's history: a trainer corrects a note
 * written on an earlier day (demo data) and it keeps its date, shows that it
 * was edited and its earlier wording one click away; without our extensions
 * the edit dialog says plainly that the note will carry today's date. A
 * withdrawn comment leaves the list, and the student's record shows the mark.
 */
import { commentSchema } from '../contract/comments';
import { demoIds } from '../sandbox/demo-ids';
import { expectAccessible } from './support/a11y';
import { findTrainer, recordOf } from './support/platform';
import { expect, test } from './support/test';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A day as the dashboard writes it ("24 Feb 2026"), in this machine's time zone, the browser's too. */
const day = (value: string | Date) => {
  const date = new Date(value);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
};

test('a trainer changes a note written on an earlier day: corrected in place, it keeps its date @field', async ({
  page,
  signIn,
  request,
  extensionsOff,
}) => {
  const { user, token } = await findTrainer(request);
  // A lesson note of theirs about the demo student, dated in the past: the one with awkward text (other journeys
  // read the plain one as the demo wrote it).
  const today = day(new Date());
  const past = (await recordOf(request, token, demoIds.users.student)).entries.find(
    (e) => e.kind === 'note' && e.note.noteId === demoIds.notes.script,
  );
  if (past?.kind !== 'note' || day(past.createdAt) === today) {
    throw new Error('the demo trainer has a lesson note about the demo student written before today');
  }
  const { note } = past;
  const firstDay = day(past.createdAt);

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await page.goto(`/notes/${encodeURIComponent(note.noteId)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Training note', exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Written by you on ${firstDay}`))).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const corrected = `${note.text.replace(/ \(corrected \d+\)$/, '')} (corrected ${Date.now()})`;
  await page.getByLabel(/^New text/).fill(corrected);
  await page.getByRole('button', { name: 'Save changes' }).click();

  if (extensionsOff) {
    // The platform cannot correct: the dialog says what happens to the date, and cancelling changes nothing.
    const replace = page.getByRole('dialog', { name: 'Replace this note?' });
    await expect(replace).toContainText(
      `The note will be saved as new today, ${today}; the one of ${firstDay} will be removed.`,
    );
    await expectAccessible(page, 'replace note dialog');
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(page.getByText(note.text, { exact: true })).toBeVisible();
    await expect(page.getByText(new RegExp(`^Written by you on ${firstDay}`))).toBeVisible();
    return;
  }

  await expect(
    page.getByRole('status').filter({ hasText: `Note corrected. It keeps its date, ${firstDay}` }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/notes/${note.noteId}$`));
  await expect(page.getByText(corrected, { exact: true })).toBeVisible();
  // Still where it was: its first date, and when it was edited.
  await expect(
    page.getByText(new RegExp(`^Written by you on ${firstDay}, \\d\\d:\\d\\d · edited ${today}`)),
  ).toBeVisible();

  // The earlier wording, one click away, as text.
  await page.getByText('Earlier wording', { exact: true }).click();
  const earlier = page.getByRole('list', { name: 'Earlier wording' });
  await expect(earlier.getByText(note.text, { exact: true })).toBeVisible();
  await expectAccessible(page, 'corrected note with its earlier wording');

  // A fresh load shows the same: the service kept it.
  await page.reload();
  await expect(page.getByText(corrected, { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Written by you on ${firstDay}`))).toBeVisible();
});

test('a trainer withdraws a comment: it leaves the list, and the student’s record shows it was withdrawn', async ({
  page,
  signIn,
  request,
}) => {
  const { user, token, klass } = await findTrainer(request);
  const student = klass.students[0];
  if (!student) throw new Error('findTrainer returns a class with students');
  const text = `About the wrong student, e2e run ${Date.now()}`;
  const written = await request.post('/edu/v1/student/comment', {
    headers: { Authorization: `Bearer ${token}` },
    data: { studentId: student.studentId, classId: klass.classId, text },
  });
  expect(written.status()).toBe(201);
  const comment = commentSchema.parse(await written.json());

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await page.goto(`/comments?studentId=${encodeURIComponent(student.studentId)}`);
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this comment?' });
  await expect(dialog).toContainText(`to you and the trainers of ${klass.className}`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'withdraw confirmation');
  await dialog.getByRole('button', { name: 'Withdraw the comment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Comment withdrawn.' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(0);

  await page.goto(`/students/${encodeURIComponent(student.userId)}`);
  const mark = page.getByRole('article', { name: 'Comment withdrawn by you' }).first();
  await expect(mark).toContainText(`Withdrawn by the author (you) on ${day(new Date())}.`);
  await expect(page.getByText(text)).toHaveCount(0);
  await expectAccessible(page, 'record with a withdrawn comment');
  // The service's record agrees: the mark, where the comment was, without its text.
  const record = await recordOf(request, token, student.userId);
  expect(record.entries.find((e) => e.kind === 'withdrawn' && e.commentId === comment.commentId)).toMatchObject({
    createdAt: comment.createdAt,
    author: { userId: user.userId },
  });
});

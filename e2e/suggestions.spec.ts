/**
 * Suggestions from the trainer's own words: as they type a comment, what
 * they wrote before is offered (never what a co-trainer wrote in the same
 * class, which they can read), by keyboard, the count said; a chosen one is
 * inserted and stays editable. A pinned phrase comes first: kept by the
 * platform with our extensions, on the device without them, as the form says.
 */
import { demoIds } from '../sandbox/demo-ids';
import { expectAccessible } from './support/a11y';
import { unfold } from './support/navigate';
import { findTrainer, tokenFor } from './support/platform';
import { expect, test } from './support/test';

test('a trainer is offered their own earlier words as they type, and pins a phrase @field', async ({
  page,
  signIn,
  request,
  extensionsOff,
}) => {
  const { user, token, klass } = await findTrainer(request);
  const student = klass.students[0];
  if (!student) throw new Error('findTrainer returns a class with students');
  // A word no other run or journey writes, so only this run's entries begin with it.
  const mark = `Zq${Date.now().toString(36)}`;
  const write = async (by: string, text: string) => {
    const reply = await request.post('/edu/v1/student/comment', {
      headers: { Authorization: `Bearer ${by}` },
      data: { studentId: student.studentId, classId: klass.classId, text },
    });
    expect(reply.status()).toBe(201);
  };
  const mostUsed = `${mark} steady radio calls all week.`;
  const once = `${mark} steady hands on the checklist`;
  await write(token, mostUsed);
  await write(token, `${mark.toLowerCase()} Steady radio calls, all week`);
  await write(token, once);
  // A co-trainer of the class writes the same way: the trainer reads it, but it is not their words.
  const coTrainer = await tokenFor(request, demoIds.users.civilianTrainer);
  const theirs = `${mark} steady but slow on the radio (co-trainer)`;
  await write(coTrainer, theirs);
  // The platform's pins (with our extensions) start empty, whatever an earlier run left.
  const pinsAddress = '/edu/v1/pinned-phrases';
  if (!extensionsOff) {
    const cleared = await request.put(pinsAddress, {
      headers: { Authorization: `Bearer ${token}` },
      data: { phrases: [] },
    });
    expect(cleared.status()).toBe(200);
  }

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await unfold(page, 'Add a comment');
  const form = page.getByRole('form', { name: 'Add a comment' });
  const box = form.getByLabel(/^Comment/);

  await box.click();
  await box.pressSequentially(`${mark} ste`);
  const list = form.getByRole('listbox', { name: 'Your earlier words' });
  await expect(list).toBeVisible();
  // Near-duplicates are one suggestion, the most used first; the co-trainer's words are not offered.
  await expect(list.getByRole('option')).toHaveCount(2);
  // Either wording of the two (written in the same second), with its uses.
  await expect(list.getByRole('option').nth(0)).toContainText(/steady radio calls, all week/i);
  await expect(list.getByRole('option').nth(0)).toContainText('used 2 times');
  await expect(list.getByRole('option').nth(1)).toContainText(once);
  await expect(list).not.toContainText('co-trainer');
  await expect(form.getByText('2 suggestions from your earlier words')).toBeAttached();
  await expectAccessible(page, 'comment form with suggestions open');

  // Keyboard: down to the second, Enter inserts it; the text stays editable.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(once);
  await expect(list).toBeHidden();
  await expect(box).toBeFocused();
  await page.keyboard.type(', and calm.');
  await expect(box).toHaveValue(`${once}, and calm.`);

  // Escape closes the list; Enter then writes in the text as ever.
  await box.fill('');
  await box.pressSequentially(`${mark} st`);
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue(`${mark} st`);

  // A pinned phrase is offered first, in its own wording, after a reload too.
  const phrase = `${mark} stays calm when the plan changes`;
  await box.fill(phrase);
  await form.getByRole('button', { name: 'Pin this text' }).click();
  await expect(form.getByText('Pinned: it is offered first as you type.')).toBeVisible();
  const onDevice = form.getByText('Pinned phrases are kept on this device only: this platform does not keep them.');
  if (extensionsOff) await expect(onDevice).toBeVisible();
  else {
    await expect(onDevice).toHaveCount(0);
    const kept = await request.get(pinsAddress, { headers: { Authorization: `Bearer ${token}` } });
    expect(await kept.json()).toEqual({ phrases: [phrase] });
  }
  await box.fill('');
  await page.reload();
  await unfold(page, 'Add a comment');
  await box.click();
  await box.pressSequentially(`${mark} st`);
  await expect(list.getByRole('option').nth(0)).toContainText(phrase);
  await expect(list.getByRole('option').nth(0)).toContainText('pinned');
  await expect(list.getByRole('option')).toHaveCount(3);
  await list.getByRole('option').nth(0).click();
  await expect(box).toHaveValue(phrase);

  // Unpinned, it is offered no more.
  await form.getByText('Pinned phrases (1)').click();
  await form.getByRole('button', { name: `Unpin “${phrase}”` }).click();
  await expect(form.getByText('Unpinned.')).toBeVisible();
  await box.fill('');
  await box.pressSequentially(`${mark} st`);
  await expect(list.getByRole('option')).toHaveCount(2);
  await expect(list).not.toContainText(phrase);
});

/**
 * The walk that once left a student's record in its loading state with its answers in (issue 34): Classes and
 * students, a student, back, again and again on one sign-in. Each time the record's entries must be on screen
 * and no loading text left; a page stuck in its skeleton fails the walk at the time it got stuck.
 */
import { demoIds } from '../sandbox/demo-ids';
import { openFromNav } from './support/navigate';
import { demoUsers, recordOf, signedInDemoUser } from './support/platform';
import { expect, test } from './support/test';

/** Enough to catch a race the issue saw in 3 of 4 runs of one walk and 0 of 12 of another. */
const WALKS = 20;

test('a student’s record leaves its loading state every time it is opened from Classes and students', async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(WALKS * 6_000 + 30_000);
  const { user: trainer, token } = await signedInDemoUser(request, demoIds.users.trainer);
  const student = (await demoUsers(request)).find((user) => user.userId === demoIds.users.studentNoPicture);
  if (!student) throw new Error(`No demo user ${demoIds.users.studentNoPicture}`);
  const record = await recordOf(request, token, student.userId);
  const name = `${student.firstName} ${student.lastName}`;
  expect(record.entries.length, 'the walk’s student has entries to show').toBeGreaterThan(0);
  const shown = Math.min(record.entries.length, 20);

  await page.goto('/sign-in');
  await signIn(page, trainer);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  for (let walk = 1; walk <= WALKS; walk++) {
    await openFromNav(page, 'Classes and students');
    await expect(page.getByRole('heading', { level: 1, name: 'Classes and students' })).toBeVisible();
    await page.getByRole('link', { name, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const list = page.getByRole('region', { name: 'Record' });
    await expect(list.getByRole('listitem'), `walk ${walk}: the record's entries`).toHaveCount(shown, {
      timeout: 5_000,
    });
    await expect(page.getByText(/^Loading /), `walk ${walk}: nothing left loading`).toHaveCount(0, { timeout: 5_000 });
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Classes and students' })).toBeVisible();
  }
});

/**
 * A student's record is shown once its own answers are in, while a secondary read never answers (issue 34:
 * "Loading the student's record…" stayed 15 s after the record's 200). The service stays real; only the
 * network to one of its addresses stalls: the audience extension's, which the forms ask who will read what
 * they save. The header does not wait for it: the record's answer names the shared class's trainers (issue 35).
 */
import { audienceEndpoints } from '../contract/endpoints/audience';
import { demoIds } from '../sandbox/demo-ids';
import { openFromNav } from './support/navigate';
import { demoUsers, recordOf, signedInDemoUser } from './support/platform';
import { expect, test } from './support/test';

test('a student’s record leaves its loading state, naming the class’s trainers, while the audience never answers', async ({
  page,
  request,
  signIn,
}) => {
  const { user: trainer, token } = await signedInDemoUser(request, demoIds.users.trainer);
  const student = (await demoUsers(request)).find((user) => user.userId === demoIds.users.studentNoPicture);
  if (!student) throw new Error(`No demo user ${demoIds.users.studentNoPicture}`);
  const record = await recordOf(request, token, student.userId);
  const name = `${student.firstName} ${student.lastName}`;
  const shown = Math.min(record.entries.length, 20);
  expect(shown, 'the student has entries to show').toBeGreaterThan(0);

  await page.goto('/sign-in');
  await signIn(page, trainer);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  // From here on, every request for who reads a class gets no answer at all.
  const stalled: string[] = [];
  await page.route(
    (url) => url.pathname === audienceEndpoints.audience.path,
    (route) => {
      stalled.push(route.request().url());
    },
  );

  await openFromNav(page, 'Classes and students');
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Record' }).getByRole('listitem')).toHaveCount(shown, {
    timeout: 5_000,
  });
  await expect(page.getByText('Loading the student’s record…')).toHaveCount(0);
  // Sam Patel is in Cyber Systems Ops 26-A, which Linda Chen trains with Dana Okafor: the record itself names her.
  const shared = page.getByRole('region', { name: 'Summary' }).getByRole('listitem').first();
  await expect(shared).toContainText('Trainers: you, Linda Chen');
  await expect(shared).not.toContainText('still loading');
  expect(stalled.length, 'the audience was asked for (by the forms), and stalled').toBeGreaterThan(0);
});

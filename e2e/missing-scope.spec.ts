import { expectAccessible } from './support/a11y';
import { findTrainer, NO_TRAINING_CLIENT, profileValuesSeenBy, tokenFor } from './support/platform';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

test('signed in through an app without the training scope, a trainer is told an administrator must grant it', async ({
  page,
  context,
  request,
  visitedUrls,
}) => {
  const { user } = await findTrainer(request);
  const token = await tokenFor(request, user.userId, NO_TRAINING_CLIENT);

  await page.goto('/sign-in');
  await page.getByLabel(/^User token/).fill(token);
  await page.getByRole('button', { name: 'Sign in with token' }).click();

  // A trainer lands on the comments; go there explicitly so the check does not hang on the landing choice.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Student comments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'training scope' });
  await expect(alert).toContainText('This app may not use student comments');
  await expect(alert).toContainText('administrator');
  await expect(page.getByRole('form', { name: 'Add a comment' })).toHaveCount(0);
  await expectAccessible(page, 'comments without the training scope');

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

import { expectAccessible } from './support/a11y';
import { expectNavOffers } from './support/navigate';
import { findTrainer, NO_TRAINING_CLIENT, profileValuesSeenBy, tokenFor } from './support/platform';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

test('signed in through an app without the training scope, a trainer gets no trainer pages and is told why', async ({
  page,
  context,
  request,
  visitedUrls,
}) => {
  const { user } = await findTrainer(request);
  const token = await tokenFor(request, user.userId, NO_TRAINING_CLIENT);

  await page.goto('/sign-in');
  // The integrators' way in, folded away under the main one.
  await page.getByText('Use a token (integrators)').click();
  await page.getByLabel(/^User token/).fill(token);
  await page.getByRole('button', { name: 'Sign in with token' }).click();

  // The app cannot show trainer pages: the navigation offers the person's own pages only.
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expectNavOffers(page, ['My profile', 'My friends', 'My notes']);

  // A trainer page opened by its URL says it is for trainers, and why this app offers none.
  await page.goto('/comments');
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments is for trainers' })).toBeVisible();
  await expect(page.getByText(/does not hold the training scope/)).toContainText('administrator');
  await expect(page.getByRole('form', { name: 'Add a comment' })).toHaveCount(0);
  await expectAccessible(page, 'comments without the training scope');

  await expectNoProfileDataStored(page, context, {
    profileValues: await profileValuesSeenBy(request, token),
    visitedUrls,
  });
});

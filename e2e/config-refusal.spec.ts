import { expectAccessible } from './support/a11y';
import { ports } from './support/ports';
import { expect, test } from './support/test';

test('a sandbox client id with the production environment is refused, saying why', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${ports.production}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/configuration was refused/);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('clientId');
  await expect(alert).toContainText('sandbox-trainer-dashboard');
  await expect(alert).toContainText('works only against the sandbox platform, not production');
  await expect(page.getByRole('button', { name: /Sign in as/ })).toHaveCount(0);
  await expectAccessible(page, 'configuration refusal');
});

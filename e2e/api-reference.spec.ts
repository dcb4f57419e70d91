import { expect, test } from './support/test';

/**
 * The API reference at /docs: Swagger UI served by the service itself under
 * its strict CSP. An integrator signs a demo user in with "try it" on the
 * sandbox token route, and the next call on a user route carries that token;
 * a plugin route takes the demo plugin's Basic credentials.
 */
test('the API reference loads under the CSP and "try it" signs in and calls the sandbox', async ({ page, baseURL }) => {
  // Swagger UI renders the whole document in the page: slow on a busy two-core machine.
  test.setTimeout(150_000);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL ?? '').origin) foreign.push(request.url());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: /^Learning platform service/ })).toBeVisible();
  // Every area of the contract is there, the extensions say so, and the one error body is described.
  for (const tag of ['Student comments', 'My profile', 'Notes', 'AI plugin', 'Sandbox']) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${tag}`) })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^GET \/sandbox\/v1\/users \(extension\)/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^POST \/edu\/v1\/student\/comment Add/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ErrorBody' })).toBeVisible();

  // Swagger UI's markup is not ours: an operation is scoped by the block around its summary button.
  const operation = (summary: RegExp) => page.locator('.opblock', { has: page.getByRole('button', { name: summary }) });

  const tokenCall = operation(/^POST \/sandbox\/v1\/token /);
  await tokenCall.getByRole('button', { name: /^POST \/sandbox\/v1\/token / }).click();
  await expect(tokenCall.getByText('Extension: not part of the platform interface.')).toBeVisible();
  await tokenCall.getByRole('button', { name: 'Try it out' }).click();
  await expect(tokenCall.getByRole('textbox').first()).toHaveValue(/"usr-d01"/);
  await tokenCall.getByRole('button', { name: 'Execute' }).click();
  const tokenReply = tokenCall.locator('.live-responses-table');
  await expect(tokenReply.locator('tr.response .response-col_status')).toHaveText('200');
  await expect(tokenReply).toContainText('"refreshToken"');

  // The token the sandbox answered is used for the next user route.
  const profileCall = operation(/^GET \/user\/v1\/my\/profile Get my profile/);
  await profileCall.getByRole('button', { name: /^GET \/user\/v1\/my\/profile / }).click();
  await profileCall.getByRole('button', { name: 'Try it out' }).click();
  await profileCall.getByRole('button', { name: 'Execute' }).click();
  const profileReply = profileCall.locator('.live-responses-table');
  await expect(profileReply.locator('tr.response .response-col_status')).toHaveText('200');
  await expect(profileReply).toContainText('"userId": "usr-d01"');

  // Plugin routes take the plugin's Basic credentials from the Authorize dialog.
  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Available authorizations' })).toBeVisible();
  const username = page.getByRole('textbox', { name: 'auth-basic-username' });
  const basic = page.locator('.auth-container', { has: username });
  await username.fill('sandbox-plugin-coach');
  await basic.getByRole('textbox', { name: 'auth-basic-password' }).fill('coach-secret-sandbox-2026');
  await basic.getByRole('button', { name: 'Apply credentials' }).click();
  // Both the sandbox token (from the call above) and the plugin's credentials are in use now.
  await expect(page.getByRole('heading', { level: 6, name: 'Authorized' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Close' }).first().click();
  const recordCall = operation(/^GET \/plugin\/v2\/ai\/record-data /);
  await recordCall.getByRole('button', { name: /^GET \/plugin\/v2\/ai\/record-data / }).click();
  await recordCall.getByRole('button', { name: 'Try it out' }).click();
  await recordCall.getByRole('button', { name: 'Execute' }).click();
  const recordReply = recordCall.locator('.live-responses-table');
  await expect(recordReply.locator('tr.response .response-col_status')).toHaveText('200');
  await expect(recordReply).toContainText('"dutyTitle"');

  // Nothing of the session is kept by the page.
  expect(await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }))).toEqual({
    local: 0,
    session: 0,
  });
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(consoleErrors).toEqual([]);
  expect(foreign).toEqual([]);
});

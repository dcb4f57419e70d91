/**
 * A production service provisioned only with `npm run admin` (people import,
 * the dashboard's app, an invitation), as an operator does it over HTTP, and
 * configured with the organization's OpenID provider (its own process):
 * the invited trainer opens the link, is refused a common password with the
 * reason, sets a strong one, and signs in to the dashboard that service
 * serves with its production client id; then changes that password on their
 * profile (the old one is refused, the new one signs in); then signs in
 * through "Continue with <the provider>" as the same person. The steps run in
 * order, each on the password the one before left.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot, spawnNode } from '../testkit/child-service';
import { expectAccessible } from './support/a11y';
import { openFromNav, unfold } from './support/navigate';
import { invitation, invitationProvider } from './support/ports';
import { PLATFORM_SIGN_IN } from './support/sign-in';
import { expect, test } from './support/test';

const base = `http://127.0.0.1:${invitation.port}`;

/** `npm run admin -- --url <the service> …`, with its ADMIN_TOKEN: exit code and everything it printed. */
async function admin(...args: string[]): Promise<{ code: number | null; output: string }> {
  // With --url only ADMIN_TOKEN counts (the environment wins over a .env of the checkout).
  const run = spawnNode(['--import', 'tsx', join(repoRoot, 'server/admin-cli.ts'), '--url', base, ...args], {
    env: { ADMIN_TOKEN: invitation.adminToken },
  });
  const code = await run.exited;
  return { code, output: run.output() };
}

const people = {
  orgs: [{ orgId: 'org-e2e-wing', name: 'E2E Wing' }],
  users: [
    {
      userId: 'usr-e2e-trainer',
      handle: '@e2e.trainer',
      firstName: 'Robin',
      lastName: 'Invited',
      userType: 'adult',
      accountType: 'Adult',
      country: 'US',
      orgId: 'org-e2e-wing',
      // How the organization's directory knows them: the OpenID sign-in matches its verified email claim.
      email: invitationProvider.claims.email,
    },
    {
      userId: 'usr-e2e-student',
      handle: '@e2e.student',
      firstName: 'Casey',
      lastName: 'Student',
      userType: 'adult',
      accountType: 'Adult',
      country: 'US',
      orgId: 'org-e2e-wing',
    },
  ],
  courses: [
    {
      courseId: 'crs-e2e',
      name: 'Invitations 101',
      version: '1',
      orgId: 'org-e2e-wing',
      lessons: [{ lessonId: 'les-e2e-1', name: 'First steps' }],
    },
  ],
  classes: [
    {
      classId: 'cls-e2e-26a',
      name: 'Invitations 26-A',
      courseId: 'crs-e2e',
      trainers: ['usr-e2e-trainer'],
      students: [{ studentId: 'stu-e2e-1', userId: 'usr-e2e-student' }],
    },
  ],
};

const invitedPassword = 'lantern otters fold maps';
const changedPassword = 'copper kites drift eastward';

/** The platform's sign-in page, reached from the dashboard's main action, answered with a handle and `password`. */
async function signInWithPassword(page: Page, password: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: PLATFORM_SIGN_IN }).click();
  await page.waitForURL(/\/oauth\/signin\?/);
  await page.getByRole('textbox', { name: 'Handle' }).fill('@e2e.trainer');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const dashboardHome = (page: Page) => page.getByRole('heading', { level: 1, name: 'Student comments' });

test.describe.configure({ mode: 'serial' });

test('an invited trainer sets a password from the link and signs in to the production dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-invitation-'));
  try {
    const file = join(dir, 'people.json');
    writeFileSync(file, JSON.stringify(people));
    const imported = await admin('import', '--file', file);
    expect(imported.code, imported.output).toBe(0);
    // The phone project runs this journey again on the same service: the app is registered once.
    if ((await admin('app', 'show', invitation.clientId)).code !== 0) {
      const added = await admin(
        'app',
        'add',
        '--name',
        'Trainer dashboard',
        '--environment',
        'production',
        '--training',
        '--client-id',
        invitation.clientId,
        '--redirect-uris',
        `${base}/auth/callback`,
      );
      expect(added.code, added.output).toBe(0);
    }
    const invited = await admin('user', 'invite', 'usr-e2e-trainer');
    expect(invited.code, invited.output).toBe(0);
    const link = new RegExp(`${base}/oauth/password\\?token=[A-Za-z0-9_-]{43}`).exec(invited.output)?.[0];
    expect(link, invited.output).toBeDefined();

    await page.goto(link ?? '');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
    await expectAccessible(page, 'the password page');
    await page.getByLabel('New password', { exact: true }).fill('password1234');
    await page.getByLabel('New password again').fill('password1234');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert')).toContainText('This is similar to a commonly used password.');
    await expectAccessible(page, 'the password page with its error');

    await page.getByLabel('New password', { exact: true }).fill(invitedPassword);
    await page.getByLabel('New password again').fill(invitedPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your password is set' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('You can now sign in as @e2e.trainer');
    await expectAccessible(page, 'the password set page');

    await signInWithPassword(page, invitedPassword);
    await page.waitForURL(`${base}/**`);
    await expect(dashboardHome(page)).toBeVisible();
    // Their own class, from the import, is offered among the classes to read comments of (the filters fold
    // away on a phone).
    await unfold(page, 'Filter comments');
    await expect(
      page.getByRole('form', { name: 'Filter comments' }).getByLabel('Class', { exact: true }),
    ).toContainText('Invitations 26-A (Invitations 101)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the trainer changes their password on their profile: the old one is refused, the new one signs in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, invitedPassword);
  await expect(dashboardHome(page)).toBeVisible();
  await openFromNav(page, 'My profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Change your password' });
  await expect(form).toBeVisible();

  // A common password: the service's reason, on the field; what was typed stays.
  await form.getByLabel(/^Current password/).fill(invitedPassword);
  await form.getByLabel(/^New password \(required\)/).fill('password12345');
  await form.getByLabel(/^New password again/).fill('password12345');
  await form.getByRole('button', { name: 'Change password' }).click();
  const newPassword = form.getByLabel(/^New password \(required\)/);
  await expect(newPassword).toHaveAccessibleDescription(/similar to a commonly used password/);
  await expect(newPassword).toBeFocused();
  await expect(form.getByLabel(/^Current password/)).toHaveValue(invitedPassword);
  await expectAccessible(page, 'the profile with a refused new password');

  await newPassword.fill(changedPassword);
  await form.getByLabel(/^New password again/).fill(changedPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toContainText('Your password is changed.');
  await expect(form.getByLabel(/^Current password/)).toHaveValue('');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You signed out.')).toBeVisible();
  await signInWithPassword(page, invitedPassword);
  await expect(page.getByText('The handle or the password is not right.')).toBeVisible();
  expect(page.url()).toContain('/oauth/signin');

  await signInWithPassword(page, changedPassword);
  await expect(dashboardHome(page)).toBeVisible();
});

test('the same trainer signs in through the organization’s OpenID provider', async ({ page }) => {
  test.setTimeout(120_000);
  // Signed in with their password first, then out, as a person who tries the other way in.
  await signInWithPassword(page, changedPassword);
  await expect(dashboardHome(page)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You signed out.')).toBeVisible();

  await page.getByRole('button', { name: PLATFORM_SIGN_IN }).click();
  await page.waitForURL(/\/oauth\/signin\?/);
  await page.getByRole('button', { name: `Continue with ${invitationProvider.name}` }).click();
  // The provider's own login page, on its own origin.
  await page.waitForURL(`http://127.0.0.1:${invitationProvider.port}/interaction/**`);
  await page.getByPlaceholder('Enter any login').fill(invitationProvider.login);
  await page.getByPlaceholder('and password').fill('any password the development login takes');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(dashboardHome(page)).toBeVisible();
  expect(page.url().startsWith(`${base}/`)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('td:current-user'))).toBe('usr-e2e-trainer');
  await openFromNav(page, 'My profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Robin Invited' })).toBeVisible();
});

/**
 * The page behind an invitation or reset link, made as the sign-in page is
 * (signin-page.ts: one HTML string, no script, its stylesheet, every field
 * labelled, errors in an alert tied to their fields): the person chooses a
 * password, and is told when it is set.
 */
import { newPasswordLimits } from '../../../contract/passwords.ts';
import { escapeHtml, layout } from './signin-page.ts';

export interface PasswordPageInput {
  readonly environment: 'sandbox' | 'production';
  readonly purpose: 'invite' | 'reset';
  readonly name: string;
  readonly handle: string;
  readonly token: string;
  readonly csrfToken: string;
  readonly error?: { readonly message: string; readonly field?: 'password' | 'password_again' } | undefined;
}

export function passwordPage(input: PasswordPageInput): string {
  const title = input.purpose === 'invite' ? 'Choose your password' : 'Choose a new password';
  const error = input.error;
  const invalid = (field: 'password' | 'password_again') =>
    error?.field === field ? ' aria-invalid="true" aria-describedby="password-error password-rule"' : '';
  const alert = error
    ? `<div class="alert" role="alert" id="password-error"><p>${escapeHtml(error.message)}</p></div>\n`
    : '';
  const { min, max } = newPasswordLimits;
  const main = `<h1>${title}</h1>
<p class="intro">For ${escapeHtml(input.name)} <span class="muted">(${escapeHtml(input.handle)})</span> on the learning platform.</p>
${alert}<form method="post" action="/oauth/password" class="password-form">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<input type="hidden" name="csrf_token" value="${escapeHtml(input.csrfToken)}">
<input type="text" name="username" value="${escapeHtml(input.handle)}" autocomplete="username" hidden>
<p id="password-rule" class="muted">${min} to ${max} characters. A few unrelated words make a strong password; a common or guessable one is refused.</p>
<div class="field">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${min}" maxlength="${max}" aria-describedby="password-rule"${invalid('password')}>
</div>
<div class="field">
<label for="password_again">New password again</label>
<input id="password_again" name="password_again" type="password" autocomplete="new-password" required minlength="${min}" maxlength="${max}"${invalid('password_again')}>
</div>
<button type="submit" class="button">Set password</button>
</form>`;
  return layout(title, input.environment, main);
}

/** After the password is set: the person signs in from their app (the service does not know which one). */
export function passwordSetPage(environment: 'sandbox' | 'production', handle: string): string {
  return layout(
    'Password set',
    environment,
    `<h1>Your password is set</h1>
<div class="notice" role="status"><p>You can now sign in as ${escapeHtml(handle)} with your new password.</p></div>
<p>Go back to the app you use (for example the trainer dashboard) and choose Sign in there. This page does not know which app that is, so it has no link to it. This link has been used and no longer works.</p>`,
  );
}

/** A link that no longer works: used, replaced by a newer one, expired, or mistyped. */
export function linkEndedPage(environment: 'sandbox' | 'production'): string {
  return layout(
    'This link no longer works',
    environment,
    `<h1>This link no longer works</h1>
<div class="alert" role="alert"><p>The link has been used already, a newer link was made for you, or it has expired.</p></div>
<p>Ask your administrator for a new link. If you have already set your password, sign in from your app.</p>`,
  );
}

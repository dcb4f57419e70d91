/**
 * The platform's sign-in page, rendered on the server as one HTML string: a
 * plain form that works without JavaScript (there is none), styled by one
 * stylesheet from this origin, so it runs under a CSP with no inline script
 * or style. Every piece of text that came from a request or the database is
 * escaped. Markup for assistive technology: the page's language and title,
 * one h1, a banner and a main landmark, every field labelled, errors in an
 * alert tied to their fields.
 */
import { signinLimits } from '../../../contract/auth.ts';

/** The request parameters the forms carry back, as hidden fields, to the POST. */
export interface CarriedParams {
  readonly client_id: string;
  readonly response_type: string;
  readonly redirect_uri: string;
  readonly state: string;
  readonly code_challenge?: string | undefined;
  readonly code_challenge_method?: string | undefined;
  readonly app_login?: string | undefined;
}

export interface PickerPerson {
  readonly userId: string;
  readonly handle: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly teaches: number;
  readonly studies: number;
  readonly accountType: string;
}

export interface SigninPageInput {
  readonly appName: string;
  readonly clientId: string;
  readonly environment: 'sandbox' | 'production';
  readonly params: CarriedParams;
  readonly csrfToken: string;
  /** The demo people, when the picker is offered (a sandbox app on a sandbox service). */
  readonly people?: readonly PickerPerson[] | undefined;
  /** What went wrong, and which of the password form's fields it is about (`both`: a wrong handle or password). */
  readonly error?: { readonly message: string; readonly field?: 'handle' | 'password' | 'both' } | undefined;
  /** The handle to fill in again after a failed attempt (never the password). */
  readonly handle?: string | undefined;
  /** The organization's OpenID providers, each offered as "Continue with <name>". */
  readonly providers?: readonly { readonly id: string; readonly name: string }[] | undefined;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value, safe inside HTML (elements and quoted attributes alike). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

export function layout(title: string, environment: 'sandbox' | 'production', main: string): string {
  const badge = environment === 'sandbox' ? ' <span class="env">Sandbox</span>' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Learning platform</title>
<link rel="stylesheet" href="/oauth/signin.css">
<link rel="icon" href="/oauth/favicon.svg" type="image/svg+xml">
</head>
<body>
<header class="banner"><p class="platform">Learning platform${badge}</p></header>
<main id="main" class="card">
${main}
</main>
</body>
</html>
`;
}

function hiddenFields(params: CarriedParams, csrfToken: string): string {
  const fields: [string, string | undefined][] = [
    ['client_id', params.client_id],
    ['response_type', params.response_type],
    ['redirect_uri', params.redirect_uri],
    ['state', params.state],
    ['code_challenge', params.code_challenge],
    ['code_challenge_method', params.code_challenge_method],
    ['app_login', params.app_login],
    ['csrf_token', csrfToken],
  ];
  return fields
    .filter((field): field is [string, string] => field[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function describe(person: PickerPerson): string {
  const parts: string[] = [person.handle];
  if (person.teaches > 0) parts.push(`trainer of ${plural(person.teaches, 'class', 'classes')}`);
  if (person.studies > 0) parts.push(`student in ${plural(person.studies, 'class', 'classes')}`);
  if (person.teaches === 0 && person.studies === 0) parts.push(`${person.accountType} account`);
  return parts.join(' · ');
}

function picker(input: SigninPageInput, people: readonly PickerPerson[]): string {
  const groups: [string, string, readonly PickerPerson[]][] = [
    ['trainers', 'Trainers', people.filter((p) => p.teaches > 0)],
    ['students', 'Students', people.filter((p) => p.teaches === 0 && p.studies > 0)],
    ['others', 'Other people', people.filter((p) => p.teaches === 0 && p.studies === 0)],
  ];
  const sections = groups
    .filter(([, , members]) => members.length > 0)
    .map(
      ([id, title, members]) => `<section aria-labelledby="group-${id}">
<h3 id="group-${id}">${title} <span class="count">(${members.length})</span></h3>
<ul class="people">
${members
  .map((person) => {
    const name = escapeHtml(`${person.firstName} ${person.lastName}`);
    return `<li><span class="who"><span class="name">${name}</span> <span class="muted">${escapeHtml(describe(person))}</span></span>
<button type="submit" name="user_id" value="${escapeHtml(person.userId)}" class="button secondary">Sign in<span class="visually-hidden"> as ${name} (${escapeHtml(person.handle)})</span></button></li>`;
  })
  .join('\n')}
</ul>
</section>`,
    )
    .join('\n');
  return `<section class="picker" aria-labelledby="picker-title">
<h2 id="picker-title">Or pick a demo person</h2>
<p class="muted">This is a sandbox: the demo people sign in to sandbox apps without a password.</p>
<form method="post" action="/oauth/signin">
${hiddenFields(input.params, input.csrfToken)}
${sections}
</form>
</section>`;
}

function providerChoice(input: SigninPageInput, providers: NonNullable<SigninPageInput['providers']>): string {
  return `<section aria-labelledby="providers-title">
<h2 id="providers-title">Sign in with your organization</h2>
<form method="post" action="/oauth/signin" class="providers">
${hiddenFields(input.params, input.csrfToken)}
${providers.map((p) => `<button type="submit" name="provider" value="${escapeHtml(p.id)}" class="button">Continue with ${escapeHtml(p.name)}</button>`).join('\n')}
</form>
</section>
`;
}

/** The sign-in page: handle and password, the demo-person picker when offered, and cancel. */
export function signinPage(input: SigninPageInput): string {
  const app = escapeHtml(input.appName);
  const error = input.error;
  const invalid = (field: 'handle' | 'password') =>
    error?.field === field || error?.field === 'both' ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  const alert = error
    ? `<div class="alert" role="alert" id="signin-error"><p>${escapeHtml(error.message)}</p></div>\n`
    : '';
  const main = `<h1>Sign in to ${app}</h1>
<p class="intro">${app} <span class="muted">(${escapeHtml(input.clientId)})</span> asks to use your account on the learning platform.</p>
${alert}${input.providers && input.providers.length > 0 ? providerChoice(input, input.providers) : ''}<section aria-labelledby="password-title">
<h2 id="password-title">Sign in with your handle and password</h2>
<form method="post" action="/oauth/signin" class="password-form">
${hiddenFields(input.params, input.csrfToken)}
<div class="field">
<label for="handle">Handle</label>
<input id="handle" name="handle" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="${signinLimits.handle}" value="${escapeHtml(input.handle ?? '')}"${invalid('handle')}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="${signinLimits.password}"${invalid('password')}>
</div>
<button type="submit" name="action" value="password" class="button">Sign in</button>
</form>
</section>
${input.people ? picker(input, input.people) : ''}
<form method="post" action="/oauth/signin" class="cancel">
${hiddenFields(input.params, input.csrfToken)}
<button type="submit" name="action" value="cancel" class="link-button">Cancel and go back to ${app}</button>
</form>`;
  return layout(`Sign in to ${input.appName}`, input.environment, main);
}

/**
 * A page that stops a sign-in: a fault the app cannot be told about (an unknown app, an unregistered
 * address, a refused OpenID sign-in). Its way back is this service's own start page: the address the
 * request named may be an attacker's, so it is never a link.
 */
export function problemPage(
  title: string,
  message: string,
  environment: 'sandbox' | 'production',
  options: {
    /** What the operator or the app's developers can set so that it works (an unregistered address). */
    readonly fix?: string | undefined;
    /** The app's sign-in page again, when the request behind the problem is known (a refused OpenID sign-in). */
    readonly signinAgain?: string | undefined;
  } = {},
): string {
  const { fix, signinAgain } = options;
  const next =
    signinAgain === undefined
      ? '<p>Nothing was signed in. Go back to the app you came from and start again; if this keeps happening, tell the app’s developers.</p>'
      : `<p>Nothing was signed in. <a href="${escapeHtml(signinAgain)}">Sign in another way</a>, or go back to the app you came from.</p>`;
  const fixPart = fix === undefined ? '' : `\n<h2>How to fix it</h2>\n<p>${escapeHtml(fix)}</p>`;
  return layout(
    title,
    environment,
    `<h1>${escapeHtml(title)}</h1>
<div class="alert" role="alert"><p>${escapeHtml(message)}</p></div>
${next}${fixPart}
<p><a class="back" href="/">Back to the start page</a></p>`,
  );
}

/** The platform's icon on its own pages, from this origin (the pages' CSP allows images from 'self' only). */
export const signinIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Learning platform</title><rect width="32" height="32" rx="7" fill="#12355b"/><path d="M8 22V10h3v9.5h7V22zm12-12h3v12h-3z" fill="#fff"/></svg>
`;

export const signinCss = `*,*::before,*::after{box-sizing:border-box}
html{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f3f5f8}
body{margin:0}
.banner{background:#12355b;color:#fff;padding:.75rem 1.5rem}
.platform{margin:0;font-weight:600}
.env{display:inline-block;margin-left:.5rem;padding:0 .5rem;border-radius:1rem;background:#ffd166;color:#1b1f24;font-size:.8rem;font-weight:700;text-transform:uppercase;letter-spacing:.03em}
.card{max-width:40rem;margin:2rem auto;padding:1.5rem 2rem;background:#fff;border:1px solid #d0d7de;border-radius:.5rem}
h1{font-size:1.6rem;margin:0 0 .5rem}
h2{font-size:1.2rem;margin:1.5rem 0 .75rem}
h3{font-size:1rem;margin:1rem 0 .5rem}
.intro{margin-top:0}
.muted{color:#505a64}
.count{font-weight:400;color:#505a64}
.alert{border:2px solid #b3261e;background:#fdecea;color:#6e1511;border-radius:.375rem;padding:.5rem 1rem;margin:1rem 0}
.alert p{margin:0}
.notice{border:2px solid #1e6b34;background:#e9f6ec;color:#123d1f;border-radius:.375rem;padding:.5rem 1rem;margin:1rem 0}
.notice p{margin:0}
.field{display:flex;flex-direction:column;margin-bottom:1rem}
label{font-weight:600;margin-bottom:.25rem}
input[type=text],input[type=password]{font:inherit;padding:.5rem .625rem;border:1px solid #6b7580;border-radius:.375rem}
input[aria-invalid=true]{border:2px solid #b3261e}
.button{font:inherit;font-weight:600;padding:.5rem 1.25rem;border-radius:.375rem;border:1px solid #12355b;background:#12355b;color:#fff;cursor:pointer}
.button.secondary{background:#fff;color:#12355b;padding:.25rem .875rem}
.button:hover{background:#0d2742;color:#fff}
.link-button{font:inherit;background:none;border:none;padding:0;color:#12355b;text-decoration:underline;cursor:pointer}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.people{list-style:none;margin:0;padding:0}
.people li{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.5rem 0;border-top:1px solid #e4e8ec}
.who .name{font-weight:600}
.cancel{margin-top:2rem}
.providers{display:flex;flex-direction:column;gap:.5rem;align-items:flex-start}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

/**
 * The page behind an invitation or reset link and its form: protected as
 * the sign-in form is (csrf.ts; the form's token bound to the link), the
 * password checked for length and strength before anything is spent, and
 * the link spent in the transaction that sets the password. A refused
 * password answers the page again and leaves the link working.
 */
import type { Context } from 'hono';
import type { ErrorCode } from '../../../contract/common.ts';
import { passwordLinkTokenSchema, passwordPageQuerySchema } from '../../../contract/passwords.ts';
import { hashToken } from '../../access/authenticator.ts';
import { findPasswordLink, type LinkHolder, spendPasswordLink } from '../../access/password-links.ts';
import { passwordWeakness } from '../../access/password-strength.ts';
import { setPasswordHash } from '../../access/passwords.ts';
import { endUserSessions } from '../../access/sessions.ts';
import type { Deps } from '../../deps.ts';
import { errorHeaders, HttpError } from '../../errors.ts';
import { type NodeEnv, parseInput, readJsonOrFormBody, readQuery } from '../../http/request.ts';
import { respond } from '../../http/response-headers.ts';
import { signinCsp } from './auth.handlers.ts';
import { crossSite, csrfHolds, issueCsrf, passwordBinding } from './csrf.ts';
import { linkEndedPage, type PasswordPageInput, passwordPage, passwordSetPage } from './password-page.ts';
import { problemPage } from './signin-page.ts';

type Status = 200 | 400 | 403 | 404 | 503;

const pageErrors = {
  400: ['invalid_input', 'The password was refused: see the page'],
  403: ['forbidden', 'The password form was refused: see the page'],
  404: ['not_found', 'The link is unknown, used, replaced or expired'],
  503: ['overloaded', 'The service is busy checking passwords: wait as Retry-After says'],
} as const satisfies Record<Exclude<Status, 200>, readonly [ErrorCode, string]>;

function html(c: Context, status: Status, body: string, retryAfter?: number): Response {
  return respond(c, body, status, {
    ...(status === 200 ? {} : errorHeaders(pageErrors[status][0], pageErrors[status][1])),
    ...(retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {}),
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': signinCsp(),
    // As the sign-in page: the form's post must carry its real Origin for the cross-site check.
    'Referrer-Policy': 'same-origin',
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
  });
}

const fullName = (holder: LinkHolder) => `${holder.firstName} ${holder.lastName}`.trim() || holder.handle;

export function passwordLinkHandlers(deps: Deps) {
  const environment = deps.settings.PLATFORM_ENV;

  /** The link behind a token as typed, while it is live. */
  async function live(token: unknown): Promise<LinkHolder | undefined> {
    const checked = passwordLinkTokenSchema.safeParse(token);
    return checked.success ? findPasswordLink(deps.db.q, checked.data, deps.now()) : undefined;
  }

  async function form(
    c: Context,
    status: Status,
    token: string,
    holder: LinkHolder,
    error?: PasswordPageInput['error'],
    retryAfter?: number,
  ): Promise<Response> {
    const csrfToken = await issueCsrf(c, deps.db, passwordBinding(hashToken(token)));
    const body = passwordPage({
      environment,
      purpose: holder.purpose,
      name: fullName(holder),
      handle: holder.handle,
      token,
      csrfToken,
      error,
    });
    return html(c, status, body, retryAfter);
  }

  return {
    async page(c: Context): Promise<Response> {
      // A parameter the page does not take is a 400 naming it, as everywhere; a token of the wrong shape is a dead link.
      const { token } = parseInput('query', passwordPageQuerySchema, readQuery(c.req.url));
      const holder = await live(token);
      if (!holder) return html(c, 404, linkEndedPage(environment));
      return form(c, 200, token, holder);
    },

    async submit(c: Context): Promise<Response> {
      if (crossSite(c)) {
        return html(
          c,
          403,
          problemPage(
            'This form was sent from another site',
            'The platform accepts its password form only from its own page.',
            environment,
          ),
        );
      }
      const fields = await readJsonOrFormBody(c.req.raw, c.env as NodeEnv | undefined, [
        'application/x-www-form-urlencoded',
      ]);
      const token = typeof fields.token === 'string' ? fields.token : '';
      const holder = await live(token);
      if (!holder) return html(c, 404, linkEndedPage(environment));
      const csrfToken = typeof fields.csrf_token === 'string' ? fields.csrf_token : '';
      if (!(await csrfHolds(c, deps.db, passwordBinding(hashToken(token)), csrfToken))) {
        return form(c, 403, token, holder, {
          message:
            'This form has expired, or your browser did not send the platform’s cookie. Enter your new password again below.',
        });
      }
      const password = typeof fields.password === 'string' ? fields.password : '';
      const again = typeof fields.password_again === 'string' ? fields.password_again : '';
      const weakness = passwordWeakness(password, [holder.handle, holder.firstName, holder.lastName]);
      if (weakness !== undefined) return form(c, 400, token, holder, { message: weakness, field: 'password' });
      if (again !== password) {
        return form(c, 400, token, holder, {
          message: 'The two passwords are not the same. Type the new password twice.',
          field: 'password_again',
        });
      }
      let hash: string;
      try {
        // The holder of a live link is known: it came from an administrator, and a flood has none.
        hash = await deps.passwords.hash(password, 'known');
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 503)) throw error;
        // Nothing is spent: the same link and the form again, with the wait.
        return form(
          c,
          503,
          token,
          holder,
          { message: 'The platform is busy checking other passwords. Wait a second, then set your password again.' },
          error.retryAfter,
        );
      }
      const userId = await deps.db.transaction(async (tx) => {
        const spentBy = await spendPasswordLink(tx, token, deps.now());
        if (spentBy === undefined) return undefined;
        await setPasswordHash(tx, spentBy, hash);
        // A reset often follows a stolen password: whoever signed in with the old one is signed out.
        await endUserSessions(tx, spentBy);
        return spentBy;
      });
      if (userId === undefined) return html(c, 404, linkEndedPage(environment));
      return html(c, 200, passwordSetPage(environment, holder.handle));
    },
  };
}

/**
 * The platform's OAuth sign-in (its own convention, not an extension):
 * `/oauth/signin` (the page and its form), `/oauth/token`, `/oauth/logout`,
 * the page's stylesheet and icon; and (extension) `/oauth/password`, the
 * page behind an invitation or reset link.
 */
import type { Hono } from 'hono';
import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { setHeader } from '../../http/response-headers.ts';
import type { Router } from '../../http/route.ts';
import { type Asset, sendAsset } from '../../http/static-files.ts';
import { authHandlers } from './auth.handlers.ts';
import { passwordLinkHandlers } from './password-link.handlers.ts';
import { signinCss, signinIcon } from './signin-page.ts';

export function authRoutes(router: Router, deps: Deps): void {
  const h = authHandlers(deps);
  router.raw(e.oauthSignin, ({ context }) => h.signinPage(context));
  router.raw(e.oauthSigninSubmit, ({ context }) => h.signinSubmit(context));
  router.raw(e.oauthOidcCallback, ({ context }) => h.oidcCallback(context));
  // RFC 6749 5.1: no-store (the endpoint's noStore) and Pragma; the Unity SDK reads the tokens from headers.
  router.raw(e.oauthToken, async ({ context, answerJson }) => {
    setHeader(context, 'Cache-Control', 'no-store');
    setHeader(context, 'Pragma', 'no-cache');
    try {
      const token = await h.token(context);
      return answerJson(token, { access_token: token.access_token, refresh_token: token.refresh_token });
    } catch (error) {
      // RFC 6749 5.2: a failed client authentication names the scheme the client may use.
      if (error instanceof HttpError && error.code === 'invalid_client') {
        setHeader(context, 'WWW-Authenticate', 'Basic realm="oauth", charset="UTF-8"');
      }
      throw error;
    }
  });
  const links = passwordLinkHandlers(deps);
  router.raw(e.passwordPage, ({ context }) => links.page(context));
  router.raw(e.passwordSubmit, ({ context }) => links.submit(context));
  router.raw(e.oauthLogout, async ({ context, answerJson }) => answerJson(await h.logout(context)));
}

const stylesheet: Asset = { raw: Buffer.from(signinCss), compressible: true };
const icon: Asset = { raw: Buffer.from(signinIcon), compressible: true };

/** The sign-in page's stylesheet, from this origin (the page's CSP allows no inline style). */
export function oauthAssets(app: Hono): void {
  app.get('/oauth/signin.css', (c) =>
    sendAsset(c, stylesheet, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.get('/oauth/favicon.svg', (c) =>
    sendAsset(c, icon, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-cache' }),
  );
}

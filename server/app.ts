/**
 * Builds the service without listening: route groups, the one error body,
 * security headers, CORS for configured origins, the OpenAPI document and,
 * when built, the dashboard. `main.ts` listens.
 */
import { Hono } from 'hono';
import type { Endpoint } from '../contract/endpoint.ts';
import type { Settings } from './config.ts';
import type { Db } from './db/database.ts';
import type { Deps } from './deps.ts';
import { HttpError } from './errors.ts';
import { Authenticator } from './http/auth.ts';
import { requireValidAddress } from './http/request.ts';
import { corsFor, securityHeaders } from './http/response-headers.ts';
import { Router } from './http/route.ts';
import { audienceRoutes } from './routes/audience/audience.routes.ts';
import { authHandlers } from './routes/auth/auth.handlers.ts';
import { sessionsRepo } from './routes/auth/auth.repo.ts';
import { authRoutes } from './routes/auth/auth.routes.ts';
import { commentRoutes } from './routes/comments/comments.routes.ts';
import { docsRoutes } from './routes/docs/docs.routes.ts';
import { notesRoutes } from './routes/notes/notes.routes.ts';
import { pluginRoutes } from './routes/plugin/plugin.routes.ts';
import { profileRoutes } from './routes/profile/profile.routes.ts';
import { recordRoutes } from './routes/records/records.routes.ts';
import { sandboxRoutes } from './routes/sandbox/sandbox.routes.ts';
import { dashboardRoutes } from './static/dashboard.ts';

export interface AppOptions {
  readonly db: Db;
  readonly settings: Settings;
  /** Seconds since the epoch. */
  readonly now?: () => number;
  /** Which base addresses this app answers: the platform, the notes, or both. */
  readonly bases?: ReadonlyArray<Endpoint['base']>;
  /** Check every response against its contract schema (tests). */
  readonly checkResponses?: boolean;
  /** Serve the built dashboard and its runtime config. */
  readonly serveDashboard?: boolean;
}

export function createApp(options: AppOptions): Hono {
  const { db, settings } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const bases = new Set<Endpoint['base']>(options.bases ?? ['platform', 'notes']);
  const auth = new Authenticator(db, settings.PLATFORM_ENV, now, settings.ADMIN_TOKEN);
  const deps: Deps = { db, settings, auth, now };
  const app = new Hono();

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    if (settings.LOG_REQUESTS) {
      // Path only: query strings and headers may carry ids or credentials.
      const ms = (performance.now() - started).toFixed(1);
      // JSON-quoted: a decoded %0a in the path must not start a forged log line.
      console.log(`${c.req.method} ${JSON.stringify(c.req.path)} ${c.res.status} ${ms}ms`);
    }
  });

  // Headers are set before the route runs (see server/http/response-headers.ts for why).
  app.use('*', securityHeaders());
  app.use(
    '*',
    corsFor({
      origins: settings.CORS_ORIGINS,
      allowHeaders: ['Authorization', 'Content-Type', 'X-Client-Id'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    }),
  );
  app.use('*', requireValidAddress);

  const router = new Router(app, {
    auth,
    sandbox: settings.PLATFORM_ENV === 'sandbox',
    checkResponses: options.checkResponses ?? false,
    bases,
  });
  const sessions = authHandlers(deps, sessionsRepo(db));
  authRoutes(router, deps, sessions);
  sandboxRoutes(router, deps, sessions);
  profileRoutes(router, deps, sessions);
  commentRoutes(router, deps);
  notesRoutes(router, deps);
  recordRoutes(router, deps);
  audienceRoutes(router, deps);
  pluginRoutes(router, deps, app);
  if (bases.has('platform')) docsRoutes(app, settings);
  if (options.serveDashboard) dashboardRoutes(app, settings);

  app.notFound((c) =>
    c.json(
      new HttpError(404, 'not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`).toBody(),
      404,
    ),
  );

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.toBody(), error.status);
    if (error instanceof URIError) {
      return c.json(new HttpError(400, 'bad_request', 'The address is not valid percent-encoding').toBody(), 400);
    }
    console.error('Unexpected error:', error instanceof Error ? error.stack : String(error));
    return c.json(new HttpError(500, 'internal', 'The service failed; the request was not completed').toBody(), 500);
  });

  return app;
}

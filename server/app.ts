/**
 * Builds the service without listening: route groups, the one error body,
 * security headers, CORS for configured origins, the OpenAPI document and,
 * when built, the dashboard. `main.ts` listens.
 */
import { type Context, Hono } from 'hono';
import type { Logger } from 'pino';
import type { Endpoint } from '../contract/endpoint.ts';
import { ERROR_CODE_HEADER, ERROR_DESCRIPTION_HEADER } from '../contract/error-codes.ts';
import { Authenticator } from './access/authenticator.ts';
import { type PasswordWork, passwordWork } from './access/passwords.ts';
import { adminRoutes } from './areas/admin/admin.routes.ts';
import { pluginRoutes } from './areas/ai-plugin/ai-plugin.routes.ts';
import { audienceRoutes } from './areas/audience/audience.routes.ts';
import { authRoutes, oauthAssets } from './areas/auth/auth.routes.ts';
import { classActivityRoutes } from './areas/class-activity/class-activity.routes.ts';
import { commentRoutes } from './areas/comments/comments.routes.ts';
import { correctionRoutes } from './areas/corrections/corrections.routes.ts';
import { dashboardRoutes } from './areas/dashboard/dashboard.routes.ts';
import { docsRoutes } from './areas/docs/docs.routes.ts';
import { healthRoutes } from './areas/health/health.routes.ts';
import { missionPlannerRoutes } from './areas/mission-planner/mission-planner.routes.ts';
import { missionPlanRoutes } from './areas/mission-plans/mission-plans.routes.ts';
import { notesRoutes } from './areas/notes/notes.routes.ts';
import { pinnedPhraseRoutes } from './areas/pinned-phrases/pinned-phrases.routes.ts';
import { profileRoutes } from './areas/profile/profile.routes.ts';
import { rosterRoutes } from './areas/roster/roster.routes.ts';
import { sandboxRoutes } from './areas/sandbox/sandbox.routes.ts';
import { searchRoutes } from './areas/search/search.routes.ts';
import { sessionRoutes } from './areas/sessions/sessions.routes.ts';
import { recordRoutes } from './areas/student-record/student-record.routes.ts';
import { AnswerCache } from './cache/answer-cache.ts';
import type { Settings } from './config.ts';
import { type Db, isDatabaseUnavailable, isUnstorableText } from './data/database.ts';
import type { Deps } from './deps.ts';
import { HttpError } from './errors.ts';
import { overloadGuard } from './http/overload.ts';
import { receiveBody, requireValidAddress } from './http/request.ts';
import { requestContext, requestIdOf } from './http/request-context.ts';
import { corsFor, respond, securityHeaders, setHeader } from './http/response-headers.ts';
import { type RouteProbe, Router } from './http/route.ts';
import { logger as defaultLogger, errorFields } from './logger.ts';

export interface AppOptions {
  readonly db: Db;
  readonly settings: Settings;
  /** Seconds since the epoch. */
  readonly now?: () => number;
  /** Which base addresses this app answers: the platform, the notes, or both. */
  readonly bases?: ReadonlyArray<Endpoint['base']>;
  /** Watches every route (tests: testkit/harness.ts). */
  readonly probe?: RouteProbe;
  /** Serve the built dashboard and its runtime config. */
  readonly serveDashboard?: boolean;
  /** Share one answer cache between the apps of one process (platform and notes listeners). */
  readonly answers?: AnswerCache;
  /** Where request lines and unexpected errors go (the service's logger unless given). */
  readonly logger?: Logger;
  /** The password hashing bound (tests hold its slots to see who gets one); PASSWORD_HASH_CONCURRENCY's unless given. */
  readonly passwords?: PasswordWork;
}

/** An area's routes: binds its contract endpoints on the router. */
type RouteGroup = (router: Router, deps: Deps) => void;

/** The areas whose endpoints the contract defines, each bound on the base addresses this app answers. */
const areaRoutes: readonly RouteGroup[] = [
  authRoutes,
  sessionRoutes,
  sandboxRoutes,
  profileRoutes,
  commentRoutes,
  correctionRoutes,
  rosterRoutes,
  classActivityRoutes,
  notesRoutes,
  pinnedPhraseRoutes,
  recordRoutes,
  searchRoutes,
  audienceRoutes,
  // The plugin side: the plugins' calls, the mission planner (dashboard to service to plugins), plugin administration.
  pluginRoutes,
  missionPlannerRoutes,
  missionPlanRoutes,
  adminRoutes,
];

export function createApp(options: AppOptions): Hono {
  const { db, settings } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const bases = new Set<Endpoint['base']>(options.bases ?? ['platform', 'notes']);
  const auth = new Authenticator(db, settings.PLATFORM_ENV, now, settings.ADMIN_TOKEN);
  const deps: Deps = {
    db,
    settings,
    auth,
    now,
    passwords: options.passwords ?? passwordWork(settings.PASSWORD_HASH_CONCURRENCY),
  };
  const logger = options.logger ?? defaultLogger;
  const app = new Hono();

  app.use('*', requestContext({ logger, logRequests: settings.LOG_REQUESTS }));

  // Headers are set before the route runs (see server/http/response-headers.ts for why).
  app.use('*', securityHeaders({ hsts: settings.PLATFORM_ENV === 'production' }));
  app.use(
    '*',
    corsFor({
      origins: settings.CORS_ORIGINS,
      // `clientId` is how the platform's SDKs name the app; `X-Client-Id` is this service's older spelling.
      allowHeaders: ['Authorization', 'Content-Type', 'X-Client-Id', 'clientId', 'X-Request-Id'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      // A dashboard on another origin follows the next page, waits as asked, reads the platform's error
      // headers and the tokens an anonymous sign-up answers in headers.
      exposeHeaders: [
        'Link',
        'Retry-After',
        'X-Request-Id',
        ERROR_CODE_HEADER,
        ERROR_DESCRIPTION_HEADER,
        'access_token',
        'refresh_token',
      ],
      maxAge: 600,
    }),
  );
  // A body still arriving holds no slot of the guard below: it is received first, within its own deadlines.
  app.use('*', receiveBody({ totalMs: settings.BODY_TIMEOUT_MS, idleMs: settings.BODY_IDLE_TIMEOUT_MS }));
  // After CORS, so a browser on another origin can read the refusal; before anything of the request is done.
  const overload = overloadGuard({ maxInFlight: settings.MAX_IN_FLIGHT, turnSliceMs: settings.TURN_SLICE_MS });
  app.use('*', overload.middleware);
  app.use('*', requireValidAddress);

  const routeOptions = {
    auth,
    sandbox: settings.PLATFORM_ENV === 'sandbox',
    extensions: settings.PLATFORM_EXTENSIONS,
    probe: options.probe,
    db,
    answers: options.answers ?? new AnswerCache(settings.ANSWER_CACHE_MB * 1024 * 1024),
  };
  // Health answers on every base address: a load balancer probes each listener.
  healthRoutes(new Router(app, { ...routeOptions, bases: new Set(['platform', 'notes']) }), deps, overload);
  const router = new Router(app, { ...routeOptions, bases });
  for (const routes of areaRoutes) routes(router, deps);
  if (bases.has('platform')) {
    docsRoutes(app, settings);
    oauthAssets(app);
  }
  if (options.serveDashboard) dashboardRoutes(app, settings, logger);

  app.notFound((c) =>
    answerError(c, new HttpError(404, 'not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`)),
  );

  app.onError((error, c) => {
    if (error instanceof HttpError) return answerError(c, error);
    if (isUnstorableText(error)) {
      // A NUL that reached the database by a way no input check covers (a header, a decoded credential).
      return answerError(
        c,
        new HttpError(400, 'invalid_input', 'The request carries a character that cannot be stored (U+0000)'),
      );
    }
    if (isDatabaseUnavailable(error)) {
      // Lost or busy database: the request can be tried again; the process stays up.
      setHeader(c, 'Retry-After', '1');
      return answerError(
        c,
        new HttpError(503, 'unavailable', 'The service cannot reach its database; try again shortly'),
      );
    }
    if (error instanceof URIError) {
      return answerError(c, new HttpError(400, 'bad_request', 'The address is not valid percent-encoding'));
    }
    logger.error({ requestId: requestIdOf(c), ...errorFields(error) }, 'Unexpected error');
    return answerError(c, new HttpError(500, 'internal', 'The service failed; the request was not completed'));
  });

  return app;
}

/** The one error body, and the platform's `errorcode` / `errordescription` headers beside it. */
function answerError(c: Context, error: HttpError): Response {
  return respond(c, JSON.stringify(error.toBody(requestIdOf(c))), error.status, {
    'Content-Type': 'application/json',
    ...error.headers(),
  });
}

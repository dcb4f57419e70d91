/**
 * Every request gets an id: the caller's `X-Request-Id` when it is short and
 * plain (up to 128 letters, digits and `._:-`), otherwise a new UUID. The id
 * goes back in the `X-Request-Id` header and in every error body, and on the
 * request's log line, so a user's report leads to the line.
 *
 * With LOG_REQUESTS on, one line per request: request id, method, the route
 * pattern that answered (`/user/v1/pictures/:pictureId`, never the address
 * itself, so no id, query string or token from a URL is written; `*` when no
 * API route matched: dashboard files, unknown addresses), status and duration.
 * Headers and bodies are never logged.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from 'pino';
import { setHeader } from './response-headers.ts';

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string;
  }
}

const safeId = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's id when it is safe to echo and log, else undefined. */
export function acceptedRequestId(given: string | undefined): string | undefined {
  return given !== undefined && safeId.test(given) ? given : undefined;
}

/** The id of the request being answered (set by `requestContext`). */
export function requestIdOf(c: Context): string | undefined {
  return c.get('requestId');
}

export function requestContext(options: { readonly logger: Logger; readonly logRequests: boolean }): MiddlewareHandler {
  const { logger, logRequests } = options;
  return async (c, next) => {
    const id = acceptedRequestId(c.req.header('x-request-id')) ?? randomUUID();
    c.set('requestId', id);
    // Before the route runs, so the response is built once with it (see response-headers.ts).
    setHeader(c, 'X-Request-Id', id);
    if (!logRequests) return next();
    const started = performance.now();
    await next();
    const status = c.res.status;
    const pattern = routePath(c);
    // The catch-all middleware and the dashboard's files are registered as `/*`.
    const route = pattern === '' || pattern === '/*' ? '*' : pattern;
    const fields = {
      requestId: id,
      method: c.req.method,
      route,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    const message = `${c.req.method} ${route} ${status}`;
    if (status >= 500) logger.error(fields, message);
    else logger.info(fields, message);
  };
}

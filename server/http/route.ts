/**
 * Binds a contract endpoint to a handler: authenticates the caller as the
 * endpoint says, parses params, query and body with the endpoint's schemas,
 * and sends the handler's result (checked against the response schema when
 * `checkResponses` is on). Handlers read only validated input.
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod/mini';
import type { AuthKind, Endpoint } from '../../contract/endpoint.ts';
import { HttpError } from '../errors.ts';
import type { AppClient, Authenticator, PluginCaller, UserCaller } from './auth.ts';
import { encodeAnswer, sendAnswer } from './compression.ts';
import { parseInput, readJsonBody, readQuery } from './request.ts';

type CallerOf<A extends AuthKind> = A extends 'user' | 'training'
  ? UserCaller
  : A extends 'plugin'
    ? PluginCaller
    : A extends 'client'
      ? AppClient
      : undefined;

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface HandlerInput<E extends Endpoint> {
  readonly caller: CallerOf<E['auth']>;
  readonly params: Parsed<E['params']>;
  readonly query: Parsed<E['query']>;
  readonly body: Parsed<E['body']>;
  /** The raw request, for the rare handler that needs a header. */
  readonly context: Context;
}

export type Handler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => z.input<E['response']> | Promise<z.input<E['response']>>;

export interface RouteOptions {
  readonly auth: Authenticator;
  readonly sandbox: boolean;
  readonly checkResponses: boolean;
}

/** Registers endpoints on one app; skips those of another base address or sandbox-only ones in production. */
export class Router {
  constructor(
    private readonly app: Hono,
    private readonly options: RouteOptions & { readonly bases: ReadonlySet<Endpoint['base']> },
  ) {}

  bind<E extends Endpoint>(endpoint: E, handler: Handler<E>): void {
    if (!this.options.bases.has(endpoint.base)) return;
    bind(this.app, endpoint, this.options, handler);
  }
}

function bind<E extends Endpoint>(app: Hono, endpoint: E, options: RouteOptions, handler: Handler<E>): void {
  if (endpoint.sandboxOnly && !options.sandbox) return;
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  app[method](endpoint.path, async (c) => {
    const caller = await authenticate(endpoint.auth, options.auth, c);
    if (endpoint.permission && endpoint.auth === 'plugin') {
      const plugin = caller as PluginCaller;
      if (!plugin.permissions.has(endpoint.permission)) {
        throw new HttpError(
          403,
          'missing_permission',
          `The plugin "${plugin.clientId}" has not been granted the "${endpoint.permission}" API set; an administrator must enable it`,
        );
      }
    }
    const params = endpoint.params ? parseInput('params', endpoint.params, c.req.param()) : undefined;
    const rawQuery = readQuery(c.req.url);
    const query = endpoint.query ? parseInput('query', endpoint.query, rawQuery) : undefined;
    if (!endpoint.query) refuseAnyQuery(rawQuery);
    const body = endpoint.body ? parseInput('body', endpoint.body, await readJsonBody(c.req.raw)) : undefined;
    const result = await handler({
      caller,
      params,
      query,
      body,
      context: c,
    } as HandlerInput<E>);
    if (options.checkResponses) {
      const checked = endpoint.response.safeParse(result);
      if (!checked.success) {
        throw new Error(
          `Response of ${endpoint.method} ${endpoint.path} breaks the contract: ${checked.error.message}`,
        );
      }
    }
    if (endpoint.noStore) c.header('Cache-Control', 'no-store');
    return sendAnswer(c, encodeAnswer(JSON.stringify(result)), endpoint.status ?? 200);
  });
}

async function authenticate(kind: AuthKind, auth: Authenticator, c: Context): Promise<unknown> {
  const authorization = c.req.header('authorization');
  switch (kind) {
    case 'none':
      return undefined;
    case 'user':
      return auth.user(authorization);
    case 'training':
      return auth.trainingUser(authorization);
    case 'plugin':
      return auth.plugin(authorization);
    case 'admin':
      return auth.admin(authorization);
    case 'client': {
      const clientId = c.req.header('x-client-id');
      if (!clientId) throw new HttpError(401, 'unauthorized', 'Send the app client id in the X-Client-Id header');
      return auth.app(clientId);
    }
  }
}

/** An endpoint without query parameters refuses any, as the others refuse unknown ones. */
function refuseAnyQuery(query: Record<string, string>): void {
  const names = Object.keys(query);
  if (names.length === 0) return;
  throw new HttpError(
    400,
    'invalid_input',
    `This address takes no query parameters (got ${names.slice(0, 5).join(', ')})`,
    names.map((name) => ({ path: `query.${name}`, message: 'is not a known parameter' })),
  );
}

/**
 * Binds a contract endpoint to a handler: authenticates the caller as the
 * endpoint says, parses params, query and body with the endpoint's schemas,
 * and sends the handler's result. Handlers read only validated input. Tests
 * attach a probe (testkit/harness.ts) that checks every result against the
 * contract and lists what each route reads; the service runs without one.
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod/mini';
import { pagingShape } from '../../contract/common.ts';
import type { AuthKind, Endpoint } from '../../contract/endpoint.ts';
import type { AppClient, Authenticator, PluginCaller, UserCaller } from '../access/authenticator.ts';
import type { AnswerCache } from '../cache/answer-cache.ts';
import { routeAnswers } from '../cache/answer-rule.ts';
import type { Db } from '../data/database.ts';
import type { Area } from '../data/versions.ts';
import { HttpError } from '../errors.ts';
import { AddressInputs } from './address-inputs.ts';
import { type EncodedAnswer, encodeAnswer, sendAnswer } from './compression.ts';
import { type NodeEnv, parseInput, readJsonBody, readQuery } from './request.ts';
import { headerOf, setHeader } from './response-headers.ts';

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

/** What a test attaches to the router; the service runs without it. */
export interface RouteProbe {
  /** Sees each route as it is bound, with the data areas its kept answer reads. */
  readonly bound?: (endpoint: Endpoint, reads: readonly Area[] | undefined) => void;
  /** Sees every handler's result before it is sent; what it throws makes the request a 500. */
  readonly answered?: (endpoint: Endpoint, result: unknown) => void;
}

export interface RouteOptions {
  readonly auth: Authenticator;
  readonly sandbox: boolean;
  /**
   * Serve the endpoints the contract marks `extension` (PLATFORM_EXTENSIONS).
   * Off, they are not bound, so they answer 404 as on the platform, and the
   * paging parameters are unknown ones; `operational` endpoints stay.
   */
  readonly extensions: boolean;
  readonly probe?: RouteProbe | undefined;
  readonly db: Db;
  readonly answers: AnswerCache;
}

export interface BindOptions {
  /**
   * The data areas the answer is made of: the answer is kept and reused until
   * a write bumps one of them (server/cache/answer-rule.ts). Only for reads.
   */
  readonly reads?: readonly Area[];
}

/**
 * Registers endpoints on one app; skips those of another base address,
 * sandbox-only ones in production, and extensions when they are off, whether
 * bound with `bind` or `raw`.
 */
export class Router {
  constructor(
    private readonly app: Hono,
    private readonly options: RouteOptions & { readonly bases: ReadonlySet<Endpoint['base']> },
  ) {}

  bind<E extends Endpoint>(endpoint: E, handler: Handler<E>, bindOptions: BindOptions = {}): void {
    if (!this.options.bases.has(endpoint.base)) return;
    bind(this.app, endpoint, this.options, handler, bindOptions);
  }

  /**
   * Binds an endpoint whose input or answer is not the JSON in, JSON out of
   * `bind` (the OAuth sign-in page, its form, redirects, parameters that may
   * come as a form or in the address): the caller is authenticated as the
   * endpoint says, a query string is refused when the endpoint takes none,
   * the handler reads its input itself (with `parseInput` and the
   * endpoint's schemas) and makes the response. A JSON answer goes
   * through `answerJson`, so the test probe checks it against the contract.
   * Sandbox-only endpoints and extensions are gated as `bind` gates them.
   */
  raw<E extends Endpoint>(endpoint: E, handler: RawHandler<E>): void {
    const { options } = this;
    if (!options.bases.has(endpoint.base) || !served(endpoint, options)) return;
    options.probe?.bound?.(endpoint, undefined);
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    this.app[method](endpoint.path, async (c) => {
      const caller = (await authenticate(endpoint.auth, options.auth, c, options.db.changeMark?.())) as CallerOf<
        E['auth']
      >;
      if (!endpoint.query) refuseAnyQuery(readQuery(c.req.url));
      const answerJson = (result: z.input<E['response']>, headers: Record<string, string> = {}) => {
        options.probe?.answered?.(endpoint, result);
        for (const [name, value] of Object.entries(headers)) setHeader(c, name, value);
        return send(c, endpoint, endpoint.status ?? 200, encodeAnswer(JSON.stringify(result)));
      };
      return handler({ caller, context: c, answerJson });
    });
  }
}

export interface RawInput<E extends Endpoint> {
  readonly caller: CallerOf<E['auth']>;
  readonly context: Context;
  /** Sends `result` as the endpoint's JSON answer (checked by a test probe), with extra headers. */
  readonly answerJson: (
    result: z.input<E['response']>,
    headers?: Record<string, string>,
  ) => Response | Promise<Response>;
}

export type RawHandler<E extends Endpoint> = (input: RawInput<E>) => Response | Promise<Response>;

function bind<E extends Endpoint>(
  app: Hono,
  endpoint: E,
  options: RouteOptions,
  handler: Handler<E>,
  { reads }: BindOptions,
): void {
  if (!served(endpoint, options)) return;
  const kept = routeAnswers(endpoint, reads, options.answers, options.db);
  // Without extensions a list is answered whole, as the interface gives it: limit and cursor are unknown parameters.
  const refusedParameters = endpoint.paged && !options.extensions ? pagingParameters : [];
  const inputs = new AddressInputs();
  options.probe?.bound?.(endpoint, reads);
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  app[method](endpoint.path, async (c) => {
    // One reading of the database's change mark, taken once the request has arrived, serves its session and its
    // kept answer (server/data/unchanged-memo.ts).
    const mark = endpoint.auth === 'none' && !kept ? undefined : options.db.changeMark?.();
    const caller = await authenticate(endpoint.auth, options.auth, c, mark);
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
    const { params, query, key } = inputs.get(c.req.url, () => {
      const params = endpoint.params ? parseInput('params', endpoint.params, c.req.param()) : undefined;
      const rawQuery = readQuery(c.req.url);
      refuseParameters(rawQuery, refusedParameters);
      const query = endpoint.query ? parseInput('query', endpoint.query, rawQuery) : undefined;
      if (!endpoint.query) refuseAnyQuery(rawQuery);
      return { params, query };
    });
    const body = endpoint.body
      ? parseInput('body', endpoint.body, await readJsonBody(c.req.raw, c.env as NodeEnv | undefined))
      : undefined;
    const lookup = await kept?.lookup(caller, key, mark);
    if (lookup?.kept) {
      if (lookup.kept.link !== undefined) setHeader(c, 'Link', lookup.kept.link);
      return send(c, endpoint, lookup.kept.status, lookup.kept.answer);
    }
    const result = await handler({
      caller,
      params,
      query,
      body,
      context: c,
    } as HandlerInput<E>);
    options.probe?.answered?.(endpoint, result);
    const status = endpoint.status ?? 200;
    const answer = encodeAnswer(JSON.stringify(result));
    // A page names the next one in its Link header (the same for the same key: cursors are signed, not random).
    if (lookup) kept?.store(lookup.key, status, answer, headerOf(c, 'Link'));
    return send(c, endpoint, status, answer);
  });
}

function send(c: Context, endpoint: Endpoint, status: number, answer: EncodedAnswer): Response | Promise<Response> {
  if (endpoint.noStore) setHeader(c, 'Cache-Control', 'no-store');
  return sendAnswer(c, answer, status as ContentfulStatusCode);
}

/** Sandbox-only endpoints are bound in a sandbox, extensions when they are on (the operational ones always). */
function served(endpoint: Endpoint, options: RouteOptions): boolean {
  if (endpoint.sandboxOnly && !options.sandbox) return false;
  return !endpoint.extension || endpoint.operational === true || options.extensions;
}

async function authenticate(
  kind: AuthKind,
  auth: Authenticator,
  c: Context,
  mark: string | undefined,
): Promise<unknown> {
  const authorization = c.req.header('authorization');
  switch (kind) {
    case 'none':
      return undefined;
    case 'user':
      return auth.user(authorization, mark);
    case 'training':
      return auth.trainingUser(authorization, mark);
    case 'plugin':
      return auth.plugin(authorization, mark);
    case 'admin':
      return auth.admin(authorization);
    case 'client':
      return auth.app(clientIdOf(c));
  }
}

/**
 * The app's client id, from the `clientId` header the platform's SDKs send
 * (DXCommunications.cs) or this service's `X-Client-Id`; both given, they
 * must agree, so no request is read as two apps at once.
 */
function clientIdOf(c: Context): string {
  const platform = c.req.header('clientid');
  const ours = c.req.header('x-client-id');
  if (platform !== undefined && ours !== undefined && platform !== ours) {
    throw new HttpError(400, 'invalid_input', 'The clientId and X-Client-Id headers name different apps', [
      { path: 'headers.clientId', message: 'differs from X-Client-Id' },
    ]);
  }
  const clientId = platform || ours;
  if (!clientId) throw new HttpError(401, 'unauthorized', 'Send the app client id in the clientId header');
  return clientId;
}

/** Parameters this service does not take here, refused by name as any unknown parameter is. */
function refuseParameters(query: Record<string, string>, refused: readonly string[]): void {
  const given = refused.filter((name) => Object.hasOwn(query, name));
  if (given.length === 0) return;
  throw new HttpError(
    400,
    'invalid_input',
    `Invalid query: query.${given[0]} is not a known field`,
    given.map((name) => ({ path: `query.${name}`, message: 'is not a known field' })),
  );
}

const pagingParameters = Object.keys(pagingShape);

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

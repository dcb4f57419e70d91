/**
 * What an endpoint is: method, path, which base address it lives under, how
 * it authenticates, and the schemas of its input and output. The service
 * binds handlers to these, the dashboard calls through them, and the OpenAPI
 * document is generated from them.
 */
import type { z } from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * - none: no credentials
 * - client: the app's client id in `clientId` or `X-Client-Id` (anonymous sign-up)
 * - user: a user token in `Authorization`
 * - training: a user token whose app holds the training scope
 * - plugin: HTTP Basic with a plugin's client id and secret
 * - admin: `Authorization: Bearer <ADMIN_TOKEN>`, the operator's setting
 */
export type AuthKind = 'none' | 'client' | 'user' | 'training' | 'plugin' | 'admin';

/** Which base address serves the endpoint: notes have their own. */
export type BaseArea = 'platform' | 'notes';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Path with `:name` parameters, e.g. `/user/v1/pictures/:pictureId`. */
  readonly path: string;
  readonly base: BaseArea;
  readonly auth: AuthKind;
  readonly summary: string;
  /** Who may call it, beyond what the auth kind says (shown in the OpenAPI description). */
  readonly access?: string;
  readonly tag: string;
  /**
   * Input schemas. Objects among them are `z.strictObject`s: the service
   * refuses unknown fields and parameters, so a misspelt one is never
   * silently dropped.
   */
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  readonly response: z.ZodMiniType;
  /** Success status; 200 unless said (303: a redirect, see `answer`). */
  readonly status?: 200 | 201 | 303;
  /**
   * What a success answers: JSON, the default, parsed with `response`; an
   * HTML page (`html`: `response` is its text); or a redirect (`redirect`:
   * `303 See Other` with `Location`, no body). Pages and redirects are the
   * platform's OAuth sign-in.
   */
  readonly answer?: 'json' | 'html' | 'redirect';
  /** When the endpoint sends the browser back to the app with a redirect instead (shown in the OpenAPI document). */
  readonly redirects?: string;
  /** The media types a body may be sent as; JSON only unless said. */
  readonly bodyMedia?: readonly ('application/json' | 'application/x-www-form-urlencoded')[];
  /**
   * Not part of the platform interface: our documented extension. The
   * service leaves it out when started with PLATFORM_EXTENSIONS=off.
   */
  readonly extension?: boolean;
  /**
   * An extension for the service's operator rather than for apps (health
   * probes, plugin administration): served even with PLATFORM_EXTENSIONS=off.
   */
  readonly operational?: boolean;
  /**
   * Not in the interface document either, but the platform's own convention,
   * as its public SDKs call it (OAuth sign-in): served as the platform serves
   * it, and never switched off with the extensions.
   */
  readonly convention?: boolean;
  /** Answers only when the service runs as a sandbox (404 in production). */
  readonly sandboxOnly?: boolean;
  /**
   * Extension: the list pages through `limit` and `cursor` (common.ts); the
   * next page is named in a `Link: <…>; rel="next"` header.
   */
  readonly paged?: boolean;
  /** Profile data: sent with `Cache-Control: no-store`. */
  readonly noStore?: boolean;
  /** The plugin API set a plugin must have been granted (auth: plugin). */
  readonly permission?: string;
  /** An example request body, shown (and sent by "try it") in the API reference. */
  readonly bodyExample?: unknown;
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodMiniType ? z.input<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined;
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodMiniType ? z.input<E['params']> : undefined;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** What fills an endpoint's address: its `:name` parameters when it has them, and its query. */
export type UrlInput<E extends Endpoint> = (E['params'] extends z.ZodMiniType
  ? { params: ParamsOf<E> }
  : { params?: never }) &
  (E['query'] extends z.ZodMiniType ? { query?: QueryOf<E> } : { query?: never });

/** Everything a call of the endpoint sends: its address's input and, when it takes one, its body. */
export type EndpointInput<E extends Endpoint> = UrlInput<E> &
  (E['body'] extends z.ZodMiniType ? { body: BodyOf<E> } : { body?: never });

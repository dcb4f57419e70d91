/**
 * The one fetch wrapper. It takes a contract endpoint (contract/endpoints/),
 * picks the base address by `endpoint.base`, adds the credentials the
 * endpoint's auth kind asks for, parses the answer with the endpoint's schema
 * and throws one `ApiError` (read-error.ts reads a failure, body or headers). No toasts, redirects or session handling here:
 * `client.ts` adds the session on top.
 */
import type { DashboardConfig } from '../../../contract/config';
import type { Endpoint, EndpointInput, ResponseOf } from '../../../contract/endpoint';
import { endpointUrl } from '../../../contract/endpoint-url';
import { ApiError } from './api-error';
import { takeEarlyRead } from './early-reads';
import { readError } from './read-error';

export type RequestInput<E extends Endpoint> = EndpointInput<E> & { signal?: AbortSignal };

export interface RequestContext {
  readonly config: Pick<DashboardConfig, 'platformUrl' | 'notesUrl' | 'clientId'>;
  /** The user token, for endpoints whose auth kind is `user` or `training`. */
  readonly token?: string;
}

/** The base address the endpoint lives under: notes have their own. */
function baseOf(endpoint: Endpoint, config: RequestContext['config']): string {
  return endpoint.base === 'notes' ? config.notesUrl : config.platformUrl;
}

function headersFor(endpoint: Endpoint, context: RequestContext, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  switch (endpoint.auth) {
    case 'user':
    case 'training':
      if (!context.token) {
        throw new ApiError({ status: 401, code: 'unauthorized', message: 'Sign in first: this needs a user token' });
      }
      headers.set('Authorization', `Bearer ${context.token}`);
      break;
    case 'client':
      headers.set('X-Client-Id', context.config.clientId);
      break;
    case 'plugin':
      throw new Error(`${endpoint.method} ${endpoint.path} is a plugin endpoint; the dashboard does not call it`);
    case 'none':
      break;
  }
  return headers;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * `Retry-After` in seconds: a number of seconds or an HTTP date. Undefined when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface Answer<T> {
  readonly data: T;
  /** The answer's headers, for what the body does not carry (the next page's `Link`). */
  readonly headers: Headers;
}

export async function request<E extends Endpoint>(
  endpoint: E,
  input: RequestInput<E>,
  context: RequestContext,
): Promise<ResponseOf<E>> {
  return (await requestAnswer(endpoint, input, context)).data;
}

/** `request`, with the answer's headers beside the parsed body. */
export async function requestAnswer<E extends Endpoint>(
  endpoint: E,
  input: RequestInput<E>,
  context: RequestContext,
): Promise<Answer<ResponseOf<E>>> {
  const what = `${endpoint.method} ${endpoint.path}`;
  const url = endpointUrl(endpoint, input, baseOf(endpoint, context.config));
  const hasBody = input.body !== undefined;
  const init: RequestInit = {
    method: endpoint.method,
    headers: headersFor(endpoint, context, hasBody),
    body: hasBody ? JSON.stringify(input.body) : undefined,
    credentials: 'omit',
    // Profile answers must not land in the browser's HTTP cache either.
    cache: endpoint.noStore ? 'no-store' : 'default',
    signal: input.signal,
  };

  let response: Response;
  let text: string;
  try {
    // A page's first reads may have been asked for already, by the entry (early-reads.ts).
    response = await (takeEarlyRead(url, init) ?? fetch(url, init));
    text = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: `Could not reach the service (${what}); check the connection and try again`,
    });
  }

  if (!response.ok) {
    throw readError(
      {
        status: response.status,
        headers: response.headers,
        text,
        retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
      },
      what,
    );
  }

  let json: unknown;
  let isJson = true;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    isJson = false;
  }

  const parsed = isJson ? endpoint.response.safeParse(json) : undefined;
  if (!parsed?.success) {
    throw new ApiError({
      status: 0,
      code: 'bad_response',
      message: `The service's answer to ${what} did not have the expected shape`,
      issues: (parsed?.error.issues ?? []).map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    });
  }
  return { data: parsed.data as ResponseOf<E>, headers: response.headers };
}

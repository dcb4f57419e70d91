/**
 * Reading a request's input safely: the body with a byte limit and JSON
 * errors mapped to 400/413/415, query strings without duplicates, and zod
 * issues turned into the error body's `issues`. Unknown fields and
 * parameters are refused by the contract's input schemas themselves
 * (`z.strictObject`), so a misspelt one is never silently dropped.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod/mini';
import { type ErrorCode, type ErrorIssue, limits } from '../../contract/common.ts';
import { HttpError } from '../errors.ts';

/**
 * Refuses a request whose address does not parse as a URL (a Host header such
 * as `xn--` passes @hono/node-server's check but makes `new URL(c.req.url)`
 * throw, which would otherwise end in a 500).
 */
export const requireValidAddress: MiddlewareHandler = async (c, next) => {
  if (!URL.canParse(c.req.url)) {
    throw new HttpError(400, 'bad_request', 'The request address (its Host header or path) is not valid');
  }
  await next();
};

/** What @hono/node-server passes as the app's env: Node's own request and response. */
export interface NodeEnv {
  readonly incoming?: IncomingMessage;
  readonly outgoing?: ServerResponse;
}

/** How long a request body may take to arrive: in all, and without a byte. */
export interface BodyDeadlines {
  readonly totalMs: number;
  readonly idleMs: number;
}

/** Bodies received whole by `receiveBody`, for `readJsonBody` to parse. */
const received = new WeakMap<IncomingMessage, Buffer>();

/**
 * Receives a request's body whole before the request goes on (to the
 * overload guard, which then counts it as in flight, and to the route),
 * within a size limit and two deadlines: a client that sends its body slowly
 * or stops sending it holds a connection and at most 64 KiB, never a slot of
 * `MAX_IN_FLIGHT`, and gets 408 `request_timeout` once either deadline passes.
 * Nothing is parsed here: whether the body is JSON, and whether the caller may
 * send it, are the route's to decide.
 */
export function receiveBody(deadlines: BodyDeadlines): MiddlewareHandler {
  return async (c, next) => {
    const node = c.env as NodeEnv | undefined;
    const incoming = node?.incoming;
    if (incoming && !incoming.readableDidRead && announcesBody(incoming)) {
      if (Number(incoming.headers['content-length'] ?? '0') > limits.bodyBytes) {
        // Not read at all: the connection closes after the answer instead of draining a body of any size.
        closeAfterAnswer(incoming, node.outgoing);
        throw tooLarge();
      }
      received.set(incoming, await receive(incoming, node.outgoing, deadlines));
    }
    await next();
  };
}

/** Whether the request has a body (RFC 9112 section 6.3: Transfer-Encoding or a Content-Length above 0). */
function announcesBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers['content-length'];
  return incoming.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The JSON body of a request. Under Node (`node`, the app's env) it is the
 * body `receiveBody` took in: the web stream @hono/node-server otherwise
 * builds around Node's request costs about a third of a small write's time.
 */
export async function readJsonBody(request: Request, node?: NodeEnv): Promise<unknown> {
  const type = request.headers.get('content-type');
  if (type && !isJson(type)) {
    throw new HttpError(415, 'unsupported_media_type', `Send the body as application/json, not ${type.slice(0, 80)}`);
  }
  const text = await readBodyText(request, node);
  if (text.trim() === '')
    throw new HttpError(400, 'invalid_input', 'A JSON body is required', [{ path: 'body', message: 'is required' }]);
  return parseJson(text);
}

const isJson = (type: string) => /^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(type.trim());
const isForm = (type: string) => /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type.trim());

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // Only where, never what: V8's message quotes the body, which may hold a token or a secret.
    const at = error instanceof Error ? /position (\d+)/.exec(error.message)?.[1] : undefined;
    const where = at === undefined ? '' : ` (at character ${at})`;
    throw new HttpError(400, 'malformed_json', `The body is not valid JSON${where}`);
  }
}

/** The body as text, at most `limits.bodyBytes`, strictly UTF-8. */
async function readBodyText(request: Request, node?: NodeEnv): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limits.bodyBytes) throw tooLarge();
  const incoming = node?.incoming;
  const taken = incoming ? received.get(incoming) : undefined;
  if (taken) return decodeUtf8(taken);
  // Under Node without a body announced (nothing was received): there is none to read.
  if (incoming && !incoming.readableDidRead && !announcesBody(incoming)) return '';
  return readLimited(request);
}

/**
 * The body of an endpoint that takes JSON or a form (`application/x-www-form-urlencoded`),
 * as the name-value pairs it holds: a form's fields as strings, a JSON
 * object as it is; empty when there is no body. Another media type is 415;
 * JSON that is not an object, or a form field given twice, is 400.
 */
export async function readJsonOrFormBody(
  request: Request,
  node: NodeEnv | undefined,
  accepted: readonly ('application/json' | 'application/x-www-form-urlencoded')[],
): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  const json = type === '' || isJson(type);
  if (
    (json && !accepted.includes('application/json')) ||
    (!json && !(isForm(type) && accepted.includes('application/x-www-form-urlencoded')))
  ) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Send the body as ${accepted.join(' or ')}${type ? `, not ${type.slice(0, 80)}` : ''}`,
    );
  }
  const text = await readBodyText(request, node);
  // No prototype, so `__proto__` is a field like any other.
  const fields: Record<string, unknown> = Object.create(null);
  if (text.trim() === '') return fields;
  if (json) {
    const value = parseJson(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new HttpError(400, 'invalid_input', 'The body must be a JSON object', [
        { path: 'body', message: 'must be a JSON object' },
      ]);
    }
    return Object.assign(fields, value);
  }
  for (const [key, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, key)) {
      throw new HttpError(400, 'invalid_input', `The field "${key.slice(0, 64)}" is given more than once`, [
        { path: `body.${key.slice(0, 64)}`, message: 'is given more than once' },
      ]);
    }
    fields[key] = value;
  }
  return fields;
}

/**
 * The body from Node's stream, stopped at the size limit and at either
 * deadline; a body cut off before its end is the client's fault.
 */
function receive(
  incoming: IncomingMessage,
  outgoing: ServerResponse | undefined,
  deadlines: BodyDeadlines,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const total = setTimeout(
      () => fail(timedOut(`The request body did not arrive whole within ${deadlines.totalMs} ms`)),
      deadlines.totalMs,
    );
    const idle = setTimeout(
      () => fail(timedOut(`The request body stopped arriving for ${deadlines.idleMs} ms`)),
      deadlines.idleMs,
    );
    const stop = () => {
      clearTimeout(total);
      clearTimeout(idle);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onCut);
      incoming.off('close', onClose);
    };
    // The rest of the body is not read: the connection closes after the answer.
    const fail = (error: HttpError) => {
      stop();
      closeAfterAnswer(incoming, outgoing);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limits.bodyBytes) return fail(tooLarge());
      chunks.push(chunk);
      idle.refresh();
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onCut = () => {
      stop();
      reject(cutOff());
    };
    const onClose = () => (incoming.readableEnded ? onEnd() : onCut());
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onCut);
    incoming.on('close', onClose);
  });
}

/** Stops reading the request and has Node close the connection once the answer is sent (`Connection: close`). */
function closeAfterAnswer(incoming: IncomingMessage, outgoing: ServerResponse | undefined): void {
  incoming.pause();
  if (outgoing) outgoing.shouldKeepAlive = false;
}

async function readLimited(request: Request): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw cutOff();
    });
    if (done) break;
    size += value.byteLength;
    if (size > limits.bodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return decodeUtf8(Buffer.concat(chunks));
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Replacing bad bytes would store text the client never sent.
    throw new HttpError(400, 'malformed_json', 'The body is not valid UTF-8');
  }
}

// The client went away mid-body: nobody is left to read the answer, but it is not a fault of the service.
const cutOff = () => new HttpError(400, 'bad_request', 'The request body was cut off before its end');

const timedOut = (message: string) => new HttpError(408, 'request_timeout', message);

const tooLarge = () =>
  new HttpError(413, 'payload_too_large', `The body is larger than the limit of ${limits.bodyBytes} bytes`);

/** The query string as a plain object; a parameter given twice is an error. */
export function readQuery(url: string): Record<string, string> {
  // No prototype, so `__proto__` is a parameter like any other (and refused as unknown).
  const query: Record<string, string> = Object.create(null);
  const start = url.indexOf('?');
  if (start < 0) return query;
  for (const [key, value] of new URLSearchParams(url.slice(start + 1))) {
    if (Object.hasOwn(query, key)) {
      throw new HttpError(400, 'invalid_input', `The query parameter "${key}" is given more than once`, [
        { path: `query.${key}`, message: 'is given more than once' },
      ]);
    }
    query[key] = value;
  }
  return query;
}

/** Maps zod issues onto `{ path, message }`, prefixed with where the value came from. */
export function toIssues(where: 'body' | 'query' | 'params', error: z.core.$ZodError): ErrorIssue[] {
  return error.issues.flatMap((issue) => {
    const base = [where, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: `${base}.${key}`, message: 'is not a known field' }));
    }
    return [{ path: base, message: issue.message }];
  });
}

/** Parses a value, throwing the 400 with field issues on failure. */
export function parseInput<S extends z.ZodMiniType>(
  where: 'body' | 'query' | 'params',
  schema: S,
  value: unknown,
  /** The error code of a refusal (OAuth's endpoints answer RFC 6749's `invalid_request`). */
  code: ErrorCode = 'invalid_input',
): z.output<S> {
  const bad = findUnstorable(value, where);
  if (bad !== undefined) {
    throw new HttpError(400, code, `Invalid ${where}: ${bad.path} ${bad.message}`, [bad]);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(where, result.error);
  const first = issues[0];
  const summary = first ? `${first.path} ${first.message}` : 'is invalid';
  throw new HttpError(400, code, `Invalid ${where}: ${summary}`, issues);
}

/** What is wrong with a string no text the platform keeps may be, or undefined. */
function unstorable(text: string): string | undefined {
  // PostgreSQL cannot store it, and no text the platform keeps carries it: both engines answer alike.
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  // A lone surrogate (JSON may escape one, `"\ud800"`) has no UTF-8 form: stored, it would come back as
  // U+FFFD, another text than the one the answer echoed.
  if (!text.isWellFormed()) return 'must be well-formed Unicode text (it holds a lone surrogate)';
  return undefined;
}

/**
 * The first string (or key) that cannot be kept as sent, with where it is:
 * refused before anything is read or written, whatever field it is in.
 */
function findUnstorable(value: unknown, path: string, depth = 0): ErrorIssue | undefined {
  if (typeof value === 'string') {
    const message = unstorable(value);
    return message === undefined ? undefined : { path, message };
  }
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key}`;
    const inKey = unstorable(key);
    if (inKey !== undefined) return { path: at, message: inKey };
    const found = findUnstorable(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

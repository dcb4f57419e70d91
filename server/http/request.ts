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

/**
 * The JSON body of a request. Under Node (`node`, the app's env) it is read
 * straight from Node's request stream: the web stream @hono/node-server
 * otherwise builds around it costs about a third of a small write's time.
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
  return incoming && !incoming.readableDidRead ? readIncoming(incoming, node.outgoing) : readLimited(request);
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

/** The body from Node's stream, stopped at the limit; a body cut off before its end is the client's fault. */
function readIncoming(incoming: IncomingMessage, outgoing: ServerResponse | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onCut);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limits.bodyBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      // The rest is not read: the connection closes after the answer instead of draining a body of any size.
      incoming.pause();
      if (outgoing) outgoing.shouldKeepAlive = false;
      reject(tooLarge());
    };
    const onEnd = () => {
      stop();
      try {
        resolve(decodeUtf8(Buffer.concat(chunks, size)));
      } catch (error) {
        reject(error);
      }
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
  const nul = findNul(value, where);
  if (nul !== undefined) {
    throw new HttpError(400, code, `Invalid ${where}: ${nul} contains the NUL character (U+0000)`, [
      { path: nul, message: 'must not contain the NUL character (U+0000)' },
    ]);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(where, result.error);
  const first = issues[0];
  const summary = first ? `${first.path} ${first.message}` : 'is invalid';
  throw new HttpError(400, code, `Invalid ${where}: ${summary}`, issues);
}

/**
 * The path of the first string (or key) holding U+0000, if any. No text the
 * platform keeps carries it, and PostgreSQL cannot store it: refused on both
 * engines alike, before anything is read or written.
 */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (key.includes('\u0000')) return at;
    const found = findNul(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

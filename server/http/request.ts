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
import { type ErrorIssue, limits } from '../../contract/common.ts';
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
  if (type && !/^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(type.trim())) {
    throw new HttpError(415, 'unsupported_media_type', `Send the body as application/json, not ${type.slice(0, 80)}`);
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limits.bodyBytes) throw tooLarge();
  const incoming = node?.incoming;
  const text =
    incoming && !incoming.readableDidRead ? await readIncoming(incoming, node.outgoing) : await readLimited(request);
  if (text.trim() === '')
    throw new HttpError(400, 'invalid_input', 'A JSON body is required', [{ path: 'body', message: 'is required' }]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // Only where, never what: V8's message quotes the body, which may hold a token or a secret.
    const at = error instanceof Error ? /position (\d+)/.exec(error.message)?.[1] : undefined;
    const where = at === undefined ? '' : ` (at character ${at})`;
    throw new HttpError(400, 'malformed_json', `The body is not valid JSON${where}`);
  }
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
): z.output<S> {
  const bad = findUnstorable(value, where);
  if (bad !== undefined) {
    throw new HttpError(400, 'invalid_input', `Invalid ${where}: ${bad.path} ${bad.message}`, [bad]);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(where, result.error);
  const first = issues[0];
  const summary = first ? `${first.path} ${first.message}` : 'is invalid';
  throw new HttpError(400, 'invalid_input', `Invalid ${where}: ${summary}`, issues);
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

/**
 * A bare HTTP/1.1 client over a TCP socket, for hostile requests that fetch
 * refuses to send (odd header bytes, lying lengths, broken request lines).
 * One request per connection (`Connection: close`).
 */
import { connect } from 'node:net';

export interface RawRequest {
  readonly method: string;
  /** The request target exactly as sent: `/path?query`. */
  readonly target: string;
  /** Sent in order, names and values as given (values as UTF-8 bytes). */
  readonly headers?: ReadonlyArray<readonly [string, string]>;
  readonly body?: string | Buffer;
  /** Content-Length to declare instead of the body's real length. */
  readonly declaredLength?: number;
  /** Leave out Host (some hostile requests do). */
  readonly noHost?: boolean;
}

export interface RawReply {
  /** 0 when the server closed the connection without an answer. */
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function parseReply(data: Buffer): RawReply {
  const split = data.indexOf('\r\n\r\n');
  if (split < 0) return { status: 0, headers: {}, body: data.toString('utf8') };
  const [statusLine = '', ...lines] = data.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(split + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  return { status, headers, body: body.toString('utf8') };
}

/** Sends the bytes of `request` and reads the answer until the server closes. */
export function rawSend(port: number, bytes: Buffer, timeoutMs = 10_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${bytes.subarray(0, 120).toString('latin1')}`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseReply(Buffer.concat(chunks)));
    });
    socket.write(bytes, () => socket.end());
  });
}

export function encodeRequest(port: number, request: RawRequest): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  if (!request.noHost) lines.push(`Host: 127.0.0.1:${port}`);
  for (const [name, value] of request.headers ?? []) lines.push(`${name}: ${value}`);
  const length = request.declaredLength ?? body?.length;
  if (length !== undefined) lines.push(`Content-Length: ${length}`);
  lines.push('Connection: close', '', '');
  const head = Buffer.from(lines.join('\r\n'), 'utf8');
  return body ? Buffer.concat([head, body]) : head;
}

export function rawRequest(port: number, request: RawRequest, timeoutMs?: number): Promise<RawReply> {
  return rawSend(port, encodeRequest(port, request), timeoutMs);
}

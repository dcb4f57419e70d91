/**
 * What the service sets on every Node HTTP server it listens with (main.ts
 * and the test harness alike).
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../../contract/common.ts';
import type { Settings } from '../config.ts';
import { errorHeaders } from '../errors.ts';
import { logger } from '../logger.ts';

export type ServerTimeouts = Pick<Settings, 'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'>;

/** Call before the server listens: Node starts checking its timeouts when it does. */
export function configureServer(server: Server, timeouts: ServerTimeouts): void {
  // A client may half-close its side once the request is sent. Node's default
  // then drops the request still in flight (one waiting on the database); with
  // this, it is answered and the connection closed after the answer.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  limitTime(server, timeouts);
  answerClientErrors(server);
}

/**
 * Node's own bounds on a connection, tighter than its defaults (60 s for the
 * headers, 300 s for the whole request): a client that sends its headers a
 * byte at a time is cut within HEADERS_TIMEOUT_MS. The body has its own,
 * shorter deadlines in the app (receiveBody, request.ts), which answer first;
 * REQUEST_TIMEOUT_MS is the backstop. Node looks for connections past them
 * every `connectionsCheckingInterval` (30 s by default, so a 10 s bound could
 * take 40 s): here a quarter of the headers' bound, at most a second.
 */
function limitTime(server: Server, timeouts: ServerTimeouts): void {
  server.headersTimeout = timeouts.HEADERS_TIMEOUT_MS;
  server.requestTimeout = timeouts.REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = timeouts.KEEP_ALIVE_TIMEOUT_MS;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(
    25,
    Math.min(1000, Math.floor(timeouts.HEADERS_TIMEOUT_MS / 4)),
  );
}

/**
 * Requests Node rejects before the app sees them (headers too large, bad
 * request lines) still get the one error body rather than a bare status.
 */
function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    // Node's timeouts may fire on a request whose answer has begun: another answer would corrupt it.
    if ((socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      return socket.destroy();
    }
    const { status, code, message } = refusalOf(error.code);
    // No request reached the app, so the id is made here; the body, the header and the log line carry it.
    const requestId = randomUUID();
    const body = JSON.stringify({ error: { code, message, requestId } });
    const platformHeaders = Object.entries(errorHeaders(code, message))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    logger.info({ requestId, status: Number.parseInt(status, 10), reason: error.code }, 'Request refused by Node');
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nX-Request-Id: ${requestId}\r\n${platformHeaders}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

function refusalOf(reason: string | undefined): { status: string; code: ErrorCode; message: string } {
  switch (reason) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: '431 Request Header Fields Too Large',
        code: 'payload_too_large',
        message: 'The request line and headers are larger than the service accepts',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      // Node's headersTimeout or requestTimeout (limitTime above).
      return {
        status: '408 Request Timeout',
        code: 'request_timeout',
        message: 'The request did not arrive in time (its headers, or the whole request)',
      };
    default:
      return { status: '400 Bad Request', code: 'bad_request', message: 'The request is not valid HTTP' };
  }
}

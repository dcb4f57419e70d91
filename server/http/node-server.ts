/**
 * What the service sets on every Node HTTP server it listens with (main.ts
 * and the test harness alike).
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpError } from '../errors.ts';
import { logger } from '../logger.ts';

export function configureServer(server: Server): void {
  // A client may half-close its side once the request is sent. Node's default
  // then drops the request still in flight (one waiting on the database); with
  // this, it is answered and the connection closed after the answer.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  answerClientErrors(server);
}

/**
 * Requests Node rejects before the app sees them (headers too large, bad
 * request lines) still get the one error body rather than a bare status.
 */
function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    // No request reached the app, so the id is made here; the body, the header and the log line carry it.
    const requestId = randomUUID();
    const refusal = tooLarge
      ? new HttpError(431, 'payload_too_large', 'The request line and headers are larger than the service accepts')
      : new HttpError(400, 'bad_request', 'The request is not valid HTTP');
    const body = JSON.stringify(refusal.toBody(requestId));
    const platformHeaders = Object.entries(refusal.headers())
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    logger.info({ requestId, status: Number.parseInt(status, 10), reason: error.code }, 'Request refused by Node');
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nX-Request-Id: ${requestId}\r\n${platformHeaders}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

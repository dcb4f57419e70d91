/**
 * A request body has a total and an idle deadline, over real HTTP: a body
 * that stops arriving, or arrives too slowly, gets 408 `request_timeout` with
 * the one error body and the connection closed; a body sent in pieces within
 * both is read whole as usual.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/common.ts';
import { sessionSchema } from '../../contract/users.ts';
import { call, startService, type TestService } from '../../testkit/harness.ts';
import { parseReply, type RawReply } from '../../testkit/raw-http.ts';
import { readSettings } from '../config.ts';

const TOTAL_MS = 1500;
const IDLE_MS = 500;

let service: TestService | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await service?.close();
  service = undefined;
});

async function start(): Promise<number> {
  service = await startService({ env: { BODY_TIMEOUT_MS: String(TOTAL_MS), BODY_IDLE_TIMEOUT_MS: String(IDLE_MS) } });
  return Number(new URL(service.url).port);
}

interface Exchange {
  readonly reply: RawReply;
  /** Milliseconds from the headers sent to the answer's first byte. */
  readonly answeredAfterMs: number;
  /** Whether the service closed the connection after the answer (within half a second). */
  readonly closed: boolean;
}

/**
 * Sends the headers of a POST with `Content-Length: declared`, then `pieces` of the body, each `everyMs`
 * after the last (kept alive: no `Connection: close`); stops sending once an answer comes.
 */
function post(port: number, path: string, declared: number, pieces: readonly string[], everyMs: number) {
  return new Promise<Exchange>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    const chunks: Buffer[] = [];
    let sentAt = 0;
    let answeredAt: number | undefined;
    let next = 0;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ reply: parseReply(Buffer.concat(chunks)), answeredAfterMs: (answeredAt ?? 0) - sentAt, closed });
    };
    const giveUp = setTimeout(() => {
      settled = true;
      clearInterval(timer);
      reject(new Error(`no answer within ${TOTAL_MS * 4} ms`));
    }, TOTAL_MS * 4);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      answeredAt ??= performance.now();
      clearInterval(timer);
      chunks.push(chunk);
      const data = Buffer.concat(chunks);
      const split = data.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(data.subarray(0, split).toString('latin1'))?.[1];
      // The whole answer is in: the service closes the connection now, or it keeps it.
      if (split >= 0 && length !== undefined && data.length >= split + 4 + Number(length)) {
        setTimeout(() => finish(false), 500);
      }
    });
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      sentAt = performance.now();
      timer = setInterval(() => {
        const piece = pieces[next++];
        if (piece === undefined) return clearInterval(timer);
        socket.write(piece);
      }, everyMs);
    });
  });
}

function expectTimedOut(exchange: Exchange, said: RegExp) {
  expect(exchange.reply.status).toBe(408);
  const { error } = errorBodySchema.parse(JSON.parse(exchange.reply.body));
  expect(error.code).toBe('request_timeout');
  expect(error.message).toMatch(said);
  expect(exchange.reply.headers.connection).toBe('close');
  expect(exchange.closed).toBe(true);
}

const signUp = JSON.stringify({ userId: 'usr-d01', clientId: 'sandbox-trainer-dashboard' });

describe('a request body', () => {
  it('that stops arriving gets 408 once it has sent nothing for the idle deadline', async () => {
    const port = await start();
    const exchange = await post(port, '/sandbox/v1/token', signUp.length, [signUp.slice(0, 5)], 50);
    expectTimedOut(exchange, new RegExp(`stopped arriving for ${IDLE_MS} ms`));
    expect(exchange.answeredAfterMs).toBeGreaterThanOrEqual(IDLE_MS);
    expect(exchange.answeredAfterMs).toBeLessThan(TOTAL_MS);
  });

  it('that trickles in faster than the idle deadline gets 408 at the total deadline', async () => {
    const port = await start();
    // One byte every fifth of the idle deadline: never idle, and far from whole when the total deadline passes.
    const bytes = [...signUp.padEnd(200, ' ')];
    const exchange = await post(port, '/sandbox/v1/token', bytes.length, bytes, IDLE_MS / 5);
    expectTimedOut(exchange, new RegExp(`did not arrive whole within ${TOTAL_MS} ms`));
    expect(exchange.answeredAfterMs).toBeGreaterThanOrEqual(TOTAL_MS);
    expect(exchange.answeredAfterMs).toBeLessThan(TOTAL_MS + 1000);
  });

  it('sent in pieces within both deadlines is read whole and answered', async () => {
    const port = await start();
    const third = Math.ceil(signUp.length / 3);
    const pieces = [signUp.slice(0, third), signUp.slice(third, 2 * third), signUp.slice(2 * third)];
    const exchange = await post(port, '/sandbox/v1/token', signUp.length, pieces, IDLE_MS / 2);
    expect(exchange.reply.status).toBe(200);
    expect(exchange.closed).toBe(false);
    const session = sessionSchema.parse(JSON.parse(exchange.reply.body));
    const profile = await call<{ userId: string }>(service?.url ?? '', 'GET', '/user/v1/my/profile', {
      token: session.token,
    });
    expect(profile.body.userId).toBe('usr-d01');
  });
});

describe('the deadlines as settings', () => {
  it('are whole numbers of milliseconds; a headers bound past the request bound stops the service', () => {
    expect(
      readSettings({
        BODY_TIMEOUT_MS: '8000',
        BODY_IDLE_TIMEOUT_MS: '2000',
        HEADERS_TIMEOUT_MS: '5000',
        REQUEST_TIMEOUT_MS: '20000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
      }),
    ).toMatchObject({
      BODY_TIMEOUT_MS: 8000,
      BODY_IDLE_TIMEOUT_MS: 2000,
      HEADERS_TIMEOUT_MS: 5000,
      REQUEST_TIMEOUT_MS: 20000,
      KEEP_ALIVE_TIMEOUT_MS: 65000,
    });
    for (const [name, value] of [
      ['BODY_TIMEOUT_MS', '0'],
      ['BODY_IDLE_TIMEOUT_MS', 'soon'],
      ['HEADERS_TIMEOUT_MS', '1.5'],
      ['REQUEST_TIMEOUT_MS', '-1'],
      ['KEEP_ALIVE_TIMEOUT_MS', 'forever'],
    ] as const) {
      expect(() => readSettings({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}:`));
    }
    expect(() => readSettings({ HEADERS_TIMEOUT_MS: '40000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must be at most REQUEST_TIMEOUT_MS \(30000\)/,
    );
  });
});

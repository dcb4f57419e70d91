/**
 * Overload answered at once, over real HTTP: beyond the bound on work in
 * flight the service refuses with 503 `overloaded`, `Retry-After` and the one
 * error body while the work that fills the bound is still going on, never
 * refuses a health probe, and serves again once the work is done.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { commentListSchema } from '../../contract/comments.ts';
import { errorBodySchema } from '../../contract/common.ts';
import { call, signIn, startService, type TestService } from '../../testkit/harness.ts';
import { parseReply } from '../../testkit/raw-http.ts';
import { readSettings } from '../config.ts';

let service: TestService | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await service?.close();
  service = undefined;
});

const portOf = (url: string) => Number(new URL(url).port);

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

/** The next full answer on a socket. */
function answerOn(socket: Socket): Promise<ReturnType<typeof parseReply>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => {
      socket.off('data', onData);
      socket.off('close', done);
      resolve(parseReply(Buffer.concat(chunks)));
    };
    const onData = (chunk: Buffer) => {
      // An interim 100 Continue is not the answer.
      if (chunks.length === 0 && chunk.toString('latin1').startsWith('HTTP/1.1 100')) return;
      chunks.push(chunk);
      const data = Buffer.concat(chunks);
      const split = data.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(data.subarray(0, split).toString('latin1'))?.[1];
      if (split >= 0 && length !== undefined && data.length >= split + 4 + Number(length)) done();
    };
    socket.on('data', onData);
    socket.on('close', done);
  });
}

function expectOverloaded(reply: { status: number; headers: { get(name: string): string | null }; body: unknown }) {
  expect(reply.status).toBe(503);
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  const { error } = errorBodySchema.parse(reply.body);
  expect(error.code).toBe('overloaded');
  // The platform's code for a process that could not do the request: 5003, beside the body.
  expect(reply.headers.get('errorcode')).toBe('5003');
  expect(reply.headers.get('errordescription')).toBe(error.message);
}

/** Asks until the service refuses (the blockers reach it one by one); the refusal. */
async function firstRefusal(ask: () => ReturnType<typeof call>) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const reply = await ask();
    if (reply.status === 503) return reply;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the service never refused');
}

describe('a bound on requests in flight', () => {
  it('refuses beyond it at once with 503, Retry-After and the error body, and serves again when work ends', async () => {
    service = await startService({ env: { MAX_IN_FLIGHT: '2' } });
    const { url } = service;
    const token = await signIn(url, 'usr-d01');
    const profile = () => call(url, 'GET', '/user/v1/my/profile', { token });
    expect((await profile()).status).toBe(200);

    // Two requests that stay in flight: their bodies never finish arriving. `Expect: 100-continue`
    // makes the service say when it has taken each one up, so nothing is asked before both are.
    const port = portOf(url);
    const blockers = await Promise.all([open(port), open(port)]);
    const blocked = await Promise.all(
      blockers.map(async (socket) => {
        const answer = answerOn(socket);
        const taken = new Promise<void>((resolve) => {
          const onData = (chunk: Buffer) => {
            if (!chunk.toString('latin1').startsWith('HTTP/1.1 100')) return;
            socket.off('data', onData);
            resolve();
          };
          socket.on('data', onData);
        });
        socket.write(
          `POST /edu/v1/student/comment HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 500\r\nExpect: 100-continue\r\n\r\n',
        );
        await taken;
        socket.write('{"text":');
        // Wrapped: an async function returning the promise itself would wait for the answer.
        return { answer };
      }),
    );
    let blockedAnswered = false;
    void Promise.race(blocked.map((b) => b.answer)).then(() => {
      blockedAnswered = true;
    });

    const refused = await firstRefusal(profile);
    expectOverloaded(refused);
    // Answered while the work that fills the bound is still going on: refused at once, not queued behind it.
    expect(blockedAnswered).toBe(false);
    // A write is refused the same way, before anything is read or stored.
    expectOverloaded(
      await call(url, 'POST', '/edu/v1/student/comment', {
        token,
        body: { studentId: 'stu-x', classId: 'cls-x', text: 'never stored' },
      }),
    );
    // Health probes are answered whatever the load: a busy process is alive and ready.
    for (const path of ['/healthz', '/readyz']) expect((await call(url, 'GET', path)).status, path).toBe(200);

    for (const socket of blockers) socket.destroy();
    let recovered = await profile();
    for (let attempt = 0; recovered.status !== 200 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      recovered = await profile();
    }
    expect(recovered.status).toBe(200);
  });
});

/**
 * Opens `count` connections and has the service take each one in (it accepts one new connection
 * per event-loop turn), so requests written on them together arrive in one turn.
 */
async function connectionsTakenIn(port: number, count: number): Promise<Socket[]> {
  const sockets = await Promise.all(Array.from({ length: count }, () => open(port)));
  await Promise.all(
    sockets.map((socket) => {
      const answer = answerOn(socket);
      socket.write('GET /no-such-page HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      return answer;
    }),
  );
  return sockets;
}

/** Writes `request` on every socket at once; the answers. */
async function flood(sockets: readonly Socket[], request: string) {
  const answers = sockets.map(answerOn);
  for (const socket of sockets) socket.write(request);
  return Promise.all(answers);
}

describe('a flood of requests arriving together', () => {
  // Every comment the trainer may read: milliseconds of work each, far past a 1 ms slice.
  const listAll = (token: string) =>
    `GET /edu/v1/student/comment HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`;

  it('is served in turns when within the bound, none refused', async () => {
    service = await startService({ env: { TURN_SLICE_MS: '1' } });
    const token = await signIn(service.url, 'usr-d01');
    const sockets = await connectionsTakenIn(portOf(service.url), 40);
    const replies = await flood(sockets, listAll(token));
    expect(replies.map((reply) => reply.status)).toEqual(Array(40).fill(200));
    const lists = replies.map((reply) => commentListSchema.parse(JSON.parse(reply.body)).length);
    expect(new Set(lists).size).toBe(1);
  });

  it('is refused beyond the bound at once, with Retry-After, while the requests admitted are served', async () => {
    service = await startService({ env: { TURN_SLICE_MS: '1', MAX_IN_FLIGHT: '8' } });
    const { url } = service;
    const token = await signIn(url, 'usr-d01');
    const sockets = await connectionsTakenIn(portOf(url), 40);
    // Past Retry-After: a connection refused during the warm-up is read again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const replies = await flood(sockets, listAll(token));

    expect(replies.every((reply) => reply.status === 200 || reply.status === 503)).toBe(true);
    const served = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 503);
    // The first is served in its turn; the next ones wait for theirs up to the bound; the rest are refused.
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(served.length).toBeLessThanOrEqual(9);
    expect(refused.length).toBe(40 - served.length);
    for (const reply of refused) {
      expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(errorBodySchema.parse(JSON.parse(reply.body)).error.code).toBe('overloaded');
    }

    const after = await call(url, 'GET', '/edu/v1/student/comment', { token });
    expect(after.status).toBe(200);
    expect(commentListSchema.parse(after.body).length).toBeGreaterThan(0);
  });
});

describe('the bounds as settings', () => {
  it('are whole numbers of at least 1; anything else stops the service naming the setting', () => {
    expect(readSettings({ MAX_IN_FLIGHT: '64', TURN_SLICE_MS: '25' })).toMatchObject({
      MAX_IN_FLIGHT: 64,
      TURN_SLICE_MS: 25,
    });
    for (const [name, value] of [
      ['MAX_IN_FLIGHT', '0'],
      ['MAX_IN_FLIGHT', 'many'],
      ['TURN_SLICE_MS', '2.5'],
      ['TURN_SLICE_MS', '-1'],
    ] as const) {
      expect(() => readSettings({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}:`));
    }
  });
});

/**
 * Overload answered at once, over real HTTP: beyond the bound on work in
 * flight the service refuses with 503 `overloaded`, `Retry-After` and the one
 * error body while the work that fills the bound is still going on, never
 * refuses a health probe (readiness says it is saturated), serves again once
 * the work is done, and does not count a request whose body is still arriving.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { commentListSchema } from '../../contract/comments.ts';
import { errorBodySchema } from '../../contract/common.ts';
import { call, signIn, startService, type TestService } from '../../testkit/harness.ts';
import { ADMIN_TOKEN, admin } from '../../testkit/plugin-kit.ts';
import { parseReply } from '../../testkit/raw-http.ts';
import { readSettings } from '../config.ts';

let service: TestService | undefined;
const sockets: Socket[] = [];
const plugins: Server[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const plugin of plugins.splice(0)) {
    plugin.closeAllConnections();
    plugin.close();
  }
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

/**
 * A plugin address that takes requests and answers none until told: searches waiting on it are
 * requests in flight for as long as the test likes.
 */
async function hangingPlugin() {
  const held: ServerResponse[] = [];
  const server = createServer((_request, response) => {
    held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  plugins.push(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived: () => held.length,
    /** Answers every search held so far (with nothing a search can use: the work ends, that is all). */
    release: () => {
      for (const response of held.splice(0)) response.writeHead(500).end();
    },
  };
}

/** Waits (bounded) until `done` holds. */
async function until(done: () => boolean, what: string) {
  for (let attempt = 0; attempt < 500 && !done(); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!done()) throw new Error(`never: ${what}`);
}

describe('a bound on requests in flight', () => {
  it('refuses beyond it at once with 503, Retry-After and the error body, and serves again when work ends', async () => {
    service = await startService({
      env: { MAX_IN_FLIGHT: '2', PLUGIN_MAX_IN_FLIGHT: '2', ADMIN_TOKEN, PLUGIN_TIMEOUT_MS: '15000' },
    });
    const { url } = service;
    const token = await signIn(url, 'usr-d01');
    const profile = () => call(url, 'GET', '/user/v1/my/profile', { token });
    expect((await profile()).status).toBe(200);

    // Two requests that stay in flight: mission planner searches waiting on a plugin that does not answer.
    const plugin = await hangingPlugin();
    const addresses = await admin(url, 'PUT', '/admin/v1/plugins/sandbox-plugin-coach/mission-planner', {
      capabilitiesUrl: `${plugin.url}/capabilities`,
      candidatesUrl: `${plugin.url}/candidates`,
    });
    expect(addresses.status).toBe(200);
    const search = () =>
      call(url, 'POST', '/mission-planner/v1/capabilities', {
        token,
        body: {
          positions: [
            { title: 'Shift lead', knowledgeLevel: 'journeyman', afsc: '3D0X2', count: 1, exactMatch: false },
          ],
          pluginIds: ['sandbox-plugin-coach'],
        },
      });
    const blocked = [search(), search()];
    let blockedAnswered = false;
    void Promise.race(blocked).then(() => {
      blockedAnswered = true;
    });
    await until(() => plugin.arrived() === 2, 'both searches reached the plugin');

    const refused = await firstRefusal(profile);
    expectOverloaded(refused);
    // Answered while the work that fills the bound is still going on: refused at once, not queued behind it.
    expect(blockedAnswered).toBe(false);
    // A write is refused the same way, before anything is stored.
    expectOverloaded(
      await call(url, 'POST', '/edu/v1/student/comment', {
        token,
        body: { studentId: 'stu-x', classId: 'cls-x', text: 'never stored' },
      }),
    );
    // Health probes are answered whatever the load: a busy process is alive, and says it is not ready for more.
    expect((await call(url, 'GET', '/healthz')).status).toBe(200);
    expectOverloaded(await call(url, 'GET', '/readyz'));

    plugin.release();
    for (const reply of await Promise.all(blocked)) expect(reply.status).toBe(200);
    let recovered = await profile();
    for (let attempt = 0; recovered.status !== 200 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      recovered = await profile();
    }
    expect(recovered.status).toBe(200);
    expect((await call(url, 'GET', '/readyz')).status).toBe(200);
  });

  it('does not count a request whose body is still arriving', async () => {
    service = await startService({ env: { MAX_IN_FLIGHT: '1' } });
    const { url } = service;
    const token = await signIn(url, 'usr-d01');
    // A write whose body stops after its first bytes. `Expect: 100-continue` makes the service say when it
    // has taken the request up, so nothing is asked before it has.
    const slow = await open(portOf(url));
    const taken = new Promise<void>((resolve) => slow.once('data', () => resolve()));
    slow.write(
      `POST /edu/v1/student/comment HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 500\r\nExpect: 100-continue\r\n\r\n',
    );
    await taken;
    slow.write('{"text":');

    // The one slot is free for others while that body trickles in.
    for (let i = 0; i < 3; i++) {
      expect((await call(url, 'GET', '/user/v1/my/profile', { token })).status).toBe(200);
      expect((await call(url, 'GET', '/readyz')).status).toBe(200);
    }
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

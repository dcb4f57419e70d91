/**
 * Slow clients cannot take the service down (issue 18's slow-body outage),
 * against the real `server/main.ts` process with a small MAX_IN_FLIGHT and
 * short deadlines. Unauthenticated clients that declare a large body and send
 * it a byte at a time, more of them than MAX_IN_FLIGHT, are cut with 408 at
 * the body deadline while everyone else keeps getting 2xx and /readyz stays
 * ready; a client that sends its headers a byte at a time is cut at the
 * headers deadline; and searches hanging on a plugin that never answers hold
 * at most PLUGIN_MAX_IN_FLIGHT slots, so other routes keep answering.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/common.ts';
import { type ChildService, freePort, startChildService } from '../../testkit/child-service.ts';
import { type ChildDatabase, databaseForChild } from '../../testkit/engine.ts';
import { loadWorld, type World } from '../../testkit/fixtures.ts';
import { call, type Reply } from '../../testkit/harness.ts';
import { parseReply, type RawReply } from '../../testkit/raw-http.ts';

const ADMIN_TOKEN = 'slow-clients-admin-token-0123456789';
const MAX_IN_FLIGHT = 4;
const PLUGIN_MAX_IN_FLIGHT = 2;
const BODY_TIMEOUT_MS = 3000;
const BODY_IDLE_TIMEOUT_MS = 1500;
const HEADERS_TIMEOUT_MS = 2000;
/** How late a cut may come: Node looks for expired headers every 500 ms here, and the machine is shared. */
const SLACK_MS = 1500;

let dir: string;
let database: ChildDatabase;
let child: ChildService;
let world: World;
let hung: Server;
const held: ServerResponse[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slow-clients-'));
  // A plugin that takes every search and never answers it.
  hung = createServer((_request, response) => {
    held.push(response);
  });
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  database = await databaseForChild(dir);
  child = await startChildService({
    port: await freePort(18435, 18439),
    env: {
      ...database.env,
      // The bounds are per process; on PostgreSQL the service would otherwise start one worker per core.
      WORKERS: '1',
      ADMIN_TOKEN,
      MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
      PLUGIN_MAX_IN_FLIGHT: String(PLUGIN_MAX_IN_FLIGHT),
      PLUGIN_TIMEOUT_MS: '30000',
      BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
      BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: '10000',
    },
    readyTimeoutMs: 60_000,
  });
  world = await loadWorld(child.url);
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const response of held.splice(0)) response.destroy();
  hung.closeAllConnections();
  await new Promise((resolve) => hung.close(resolve));
  await child?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

interface Cut {
  readonly reply: RawReply;
  /** Milliseconds from the first byte sent to the end of the connection. */
  readonly afterMs: number;
}

/**
 * Sends `head`, then one byte of `drip` every `everyMs` until the service ends the connection
 * (at most `drip.length` bytes, and never past `giveUpMs`); the answer it got, if any.
 */
function slowClient(head: string, drip: string, everyMs: number, giveUpMs: number): Promise<Cut> {
  return new Promise((resolve, reject) => {
    const socket = connect(child.port, '127.0.0.1');
    sockets.push(socket);
    const chunks: Buffer[] = [];
    let started = 0;
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the service did not cut a slow client within ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ reply: parseReply(Buffer.concat(chunks)), afterMs: performance.now() - started });
    });
    socket.on('connect', () => {
      started = performance.now();
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= drip.length || socket.destroyed) return clearInterval(timer);
        socket.write(drip.charAt(sent++));
      }, everyMs);
    });
  });
}

const hungUrl = () => `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;

function expectTimedOut(cut: Cut) {
  expect(cut.reply.status).toBe(408);
  expect(errorBodySchema.parse(JSON.parse(cut.reply.body)).error.code).toBe('request_timeout');
  expect(cut.reply.headers.connection).toBe('close');
}

/**
 * Ordinary requests, one after another every `everyMs`, until `stop` settles (at most `max` rounds):
 * a signed-in read, readiness, and every fifth round a write.
 */
async function ordinaryTraffic(stop: Promise<unknown>, everyMs: number, max: number): Promise<Reply[]> {
  let stopped = false;
  void stop.finally(() => {
    stopped = true;
  });
  const replies: Reply[] = [];
  for (let round = 0; round < max && !stopped; round++) {
    replies.push(await call(child.url, 'GET', '/user/v1/my/profile', { token: world.trainer.token }));
    replies.push(await call(child.url, 'GET', '/readyz'));
    if (round % 5 === 0) {
      replies.push(
        await call(child.url, 'POST', '/edu/v1/student/comment', {
          token: world.trainer.token,
          body: { studentId: world.student.studentId, classId: world.klass.classId, text: `during round ${round}` },
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return replies;
}

function expectAllServed(replies: readonly Reply[]) {
  expect(replies.length).toBeGreaterThan(10);
  const failed = replies.filter((reply) => reply.status < 200 || reply.status > 299);
  expect(failed.map((reply) => `${reply.status} ${JSON.stringify(reply.body)}`)).toEqual([]);
}

describe('slow clients', () => {
  it('sending bodies a byte at a time, more of them than MAX_IN_FLIGHT, get 408 at the deadline while others are served', async () => {
    // The finding's attack: no credentials (a route that needs none, so nothing refuses it before its body),
    // a declared body under the size limit, one byte per interval (well inside the idle deadline, so only
    // the total deadline can end it).
    const head =
      'POST /auth/v1/token/refresh HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n';
    const attackers = Array.from({ length: MAX_IN_FLIGHT * 2 }, () =>
      slowClient(head, '{"refreshToken":"'.padEnd(200, 'x'), 250, BODY_TIMEOUT_MS * 4),
    );
    const cuts = Promise.all(attackers);
    const replies = await ordinaryTraffic(cuts, 50, 200);

    expectAllServed(replies);
    for (const cut of await cuts) {
      expectTimedOut(cut);
      expect(cut.afterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
      expect(cut.afterMs).toBeLessThan(BODY_TIMEOUT_MS + SLACK_MS);
    }
  });

  it('sending headers a byte at a time are cut at the headers deadline while others are served', async () => {
    const cut = slowClient('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'y'.repeat(200), 200, 20_000);
    const replies = await ordinaryTraffic(cut, 50, 200);

    expectAllServed(replies);
    const { reply, afterMs } = await cut;
    expectTimedOut({ reply, afterMs });
    expect(afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
  });

  it('waiting on a plugin that never answers hold no more than their own bound; other routes keep answering', async () => {
    const addresses = await call(child.url, 'PUT', '/admin/v1/plugins/sandbox-plugin-coach/mission-planner', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      body: { capabilitiesUrl: `${hungUrl()}/capabilities`, candidatesUrl: `${hungUrl()}/candidates` },
    });
    expect(addresses.status).toBe(200);
    const search = () =>
      call(child.url, 'POST', '/mission-planner/v1/capabilities', {
        token: world.trainer.token,
        body: {
          positions: [
            { title: 'Shift lead', knowledgeLevel: 'journeyman', afsc: '3D0X2', count: 1, exactMatch: false },
          ],
          pluginIds: ['sandbox-plugin-coach'],
        },
      });
    // As many searches as MAX_IN_FLIGHT and more: without their own bound they would take every slot.
    const searches = Array.from({ length: MAX_IN_FLIGHT + 2 }, search);
    let settled = 0;
    for (const s of searches) void s.then(() => settled++);
    // Both sides of the bound take a moment on a busy machine: the refusals to come back, the waits to reach the plugin.
    const arrived = () => settled >= searches.length - PLUGIN_MAX_IN_FLIGHT && held.length >= PLUGIN_MAX_IN_FLIGHT;
    for (let attempt = 0; attempt < 500 && !arrived(); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Those beyond the bound were refused at once; the others are still waiting on the plugin.
    expect(settled).toBe(searches.length - PLUGIN_MAX_IN_FLIGHT);
    expect(held.length).toBe(PLUGIN_MAX_IN_FLIGHT);

    const replies = await ordinaryTraffic(new Promise((resolve) => setTimeout(resolve, 1500)), 50, 100);
    expectAllServed(replies);

    for (const response of held.splice(0)) response.writeHead(500).end();
    const answers = await Promise.all(searches);
    const refused = answers.filter((reply) => reply.status === 503);
    expect(refused.length).toBe(searches.length - PLUGIN_MAX_IN_FLIGHT);
    for (const reply of refused) {
      expect(errorBodySchema.parse(reply.body).error.code).toBe('overloaded');
      expect(reply.headers.get('retry-after')).toBe('1');
    }
    expect(answers.filter((reply) => reply.status === 200).length).toBe(PLUGIN_MAX_IN_FLIGHT);
  });
});

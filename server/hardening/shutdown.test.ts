/**
 * Graceful shutdown of `server/main.ts` with two workers: on SIGTERM it stops
 * accepting, finishes the request in flight (here a mission-planner search
 * waiting on a slow plugin), closes the database and exits 0. And a lost
 * database gets 503 with the one error body, never a crash.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/common.ts';
import { type ChildService, freePort, startChildService } from '../../testkit/child-service.ts';
import { type ChildDatabase, databaseForChild, testEngine } from '../../testkit/engine.ts';
import { loadWorld } from '../../testkit/fixtures.ts';
import { call } from '../../testkit/harness.ts';

const ADMIN_TOKEN = 'shutdown-test-admin-token-0123456789';
const PLUGIN_DELAY_MS = 1500;

let dir: string;
let slowPlugin: Server;
let pluginUrl: string;
const databases: ChildDatabase[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shutdown-'));
  // A plugin that takes its time to answer the capabilities search.
  slowPlugin = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      setTimeout(() => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({
            positions: [
              {
                title: 'Cyber Systems Operator',
                competencies: [{ competencyId: 'cmp-1', title: 'Networks', preferredCompetencyLevel: 'advanced' }],
              },
            ],
            additionalCompetencies: [],
          }),
        );
      }, PLUGIN_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => slowPlugin.listen(0, '127.0.0.1', resolve));
  pluginUrl = `http://127.0.0.1:${(slowPlugin.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => slowPlugin.close(resolve));
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function startService(name: string, env: Record<string, string> = {}): Promise<ChildService> {
  const database = await databaseForChild(mkdtempSync(join(dir, `${name}-`)));
  databases.push(database);
  return startChildService({
    port: await freePort(18440, 18449),
    env: { ...database.env, ADMIN_TOKEN, PLUGIN_TIMEOUT_MS: '10000', ...env },
    readyTimeoutMs: 90_000,
  });
}

describe('SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, and exits 0', async () => {
    const service = await startService('drain', { WORKERS: '2', SHUTDOWN_TIMEOUT_MS: '8000' });
    const world = await loadWorld(service.url);
    const addresses = await call(service.url, 'PUT', '/admin/v1/plugins/sandbox-plugin-coach/mission-planner', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      body: { capabilitiesUrl: `${pluginUrl}/capabilities`, candidatesUrl: `${pluginUrl}/candidates` },
    });
    expect(addresses.status).toBe(200);

    const started = Date.now();
    const inFlight = call<{ results: { status: string }[] }>(service.url, 'POST', '/mission-planner/v1/capabilities', {
      token: world.trainer.token,
      body: {
        positions: [
          { title: 'Cyber Systems Operator', knowledgeLevel: 'journeyman', afsc: '3D0X2', count: 1, exactMatch: false },
        ],
        pluginIds: ['sandbox-plugin-coach'],
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const exited = service.exited;
    await service.stop().catch(() => {});

    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(reply.body.results[0]?.status).toBe('ok');
    // It waited for the slow plugin rather than cutting the request.
    expect(Date.now() - started).toBeGreaterThanOrEqual(PLUGIN_DELAY_MS);
    expect(await exited).toBe(0);
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  }, 60_000);
});

describe('a lost database', () => {
  it('answers 503 with the error body and Retry-After, and the process stays up', async () => {
    const service = await startService('lost');
    try {
      const world = await loadWorld(service.url);
      const database = databases.at(-1) as ChildDatabase;
      const restore = await database.makeUnavailable();
      try {
        const reply = await call(service.url, 'POST', '/edu/v1/student/comment', {
          token: world.trainer.token,
          body: {
            studentId: world.student.studentId,
            classId: world.klass.classId,
            text: 'while the database is away',
          },
        });
        expect(reply.status).toBe(503);
        expect(errorBodySchema.parse(reply.body).error.code).toBe('unavailable');
        expect(reply.headers.get('retry-after')).toBe('1');
        const ready = await call(service.url, 'GET', '/readyz');
        // A dropped PostgreSQL database does not answer; a SQLite file whose write lock is taken still answers reads.
        expect(ready.status).toBe(testEngine === 'postgres' ? 503 : 200);
        expect((await call(service.url, 'GET', '/healthz')).status).toBe(200);
      } finally {
        restore();
      }
    } finally {
      await service.stop();
    }
  }, 60_000);
});

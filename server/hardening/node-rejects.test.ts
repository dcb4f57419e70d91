/**
 * Requests Node's HTTP parser rejects before the app sees them still get the
 * one error body and the platform's error headers, from the real
 * `server/main.ts` process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/common.ts';
import { type ChildService, freePort, startChildService } from '../../testkit/child-service.ts';
import { type ChildDatabase, databaseForChild } from '../../testkit/engine.ts';
import { rawSend } from '../../testkit/raw-http.ts';

let child: ChildService;
let dir: string;
let database: ChildDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'node-rejects-'));
  database = await databaseForChild(dir);
  child = await startChildService({ env: database.env, port: await freePort(18480, 18489) });
}, 60_000);
afterAll(async () => {
  await child.stop();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('requests Node rejects', () => {
  it('answer headers over the limit with 431 and the error body', async () => {
    const request = `GET /sandbox/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const reply = await rawSend(child.port, Buffer.from(request));
    expect(reply.status).toBe(431);
    const { error } = errorBodySchema.parse(JSON.parse(reply.body));
    expect(error.code).toBe('payload_too_large');
    // Even here the body carries a request id, the one of the header, on the log line too.
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.headers['x-request-id']).toBe(error.requestId);
    await expect.poll(() => child.output()).toContain(`"requestId":"${error.requestId}"`);
    // 4007: above the platform's data limit.
    expect(reply.headers.errorcode).toBe('4007');
    expect(reply.headers.errordescription).toBe(error.message);
  });

  it('answer a request line that is not HTTP with 400 and the error body, and keep serving', async () => {
    const reply = await rawSend(child.port, Buffer.from('NOT HTTP AT ALL\r\n\r\n'));
    expect(reply.status).toBe(400);
    const { error } = errorBodySchema.parse(JSON.parse(reply.body));
    expect(error.code).toBe('bad_request');
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.headers.errorcode).toBe('4000');
    expect(reply.headers.errordescription).toBe(error.message);
    const after = await fetch(`${child.url}/sandbox/v1/users`);
    expect(after.status).toBe(200);
  });
});

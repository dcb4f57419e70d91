/**
 * Compressed answers over real HTTP: the bytes on the wire, decompressed,
 * are exactly the answer sent to a client that accepts no compression.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema } from '../../contract/comments.ts';
import { sandboxClientsSchema } from '../../contract/sandbox.ts';
import { signIn, startService, type TestService } from '../../testkit/harness.ts';
import { COMPRESS_MIN_BYTES, encodeAnswer, negotiate } from './compression.ts';

let service: TestService;
let token: string;
beforeAll(async () => {
  service = await startService();
  token = await signIn(service.url, 'usr-d01');
});
afterAll(() => service.close());

interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly bytes: Buffer;
}

/** A GET that hands back the bytes as sent (fetch would decompress them out of sight). */
function rawGet(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${service.url}${path}`,
      { headers: { Authorization: `Bearer ${token}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const comments = '/edu/v1/student/comment';

describe('compressed API answers', () => {
  it('sends brotli or gzip as accepted; decompressed, the same answer as uncompressed', async () => {
    const plain = await rawGet(comments, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Large enough to compress: the demo trainer reads dozens of comments.
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(commentListSchema.parse(JSON.parse(plain.bytes.toString('utf8'))).length).toBeGreaterThan(5);

    for (const [accept, coding, decompress] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
      ['x-gzip', 'gzip', gunzipSync],
      ['*', 'br', brotliDecompressSync],
    ] as const) {
      const reply = await rawGet(comments, { 'Accept-Encoding': accept });
      expect(reply.status, accept).toBe(200);
      expect(reply.headers['content-encoding'], accept).toBe(coding);
      expect(reply.headers.vary, accept).toMatch(/accept-encoding/i);
      // Comments embed profile data: still never stored by a cache.
      expect(reply.headers['cache-control'], accept).toBe('no-store');
      expect(reply.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(Number(reply.headers['content-length']), accept).toBe(reply.bytes.length);
      expect(reply.bytes.length, accept).toBeLessThan(plain.bytes.length / 3);
      expect(decompress(reply.bytes).equals(plain.bytes), accept).toBe(true);
    }
  });

  it('sends the answer as it is when no coding is acceptable or none is asked for', async () => {
    const plain = await rawGet(comments, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const accept of ['br;q=0, gzip;q=0', 'deflate', 'zstd', '*;q=0']) {
      const reply = await rawGet(comments, { 'Accept-Encoding': accept });
      expect(reply.headers['content-encoding'], accept).toBeUndefined();
      expect(reply.bytes.equals(plain.bytes), accept).toBe(true);
    }
  });

  it('leaves small answers uncompressed, still saying they may vary', async () => {
    const reply = await rawGet('/sandbox/v1/clients', { 'Accept-Encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.bytes.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    sandboxClientsSchema.parse(JSON.parse(reply.bytes.toString('utf8')));
  });
});

describe('an encoded answer', () => {
  it('compresses each coding once, however often it is sent', async () => {
    const answer = encodeAnswer(JSON.stringify({ text: 'steady progress '.repeat(200) }));
    const first = await answer.encoded('br');
    expect(await answer.encoded('br')).toBe(first);
    expect(brotliDecompressSync(first).equals(answer.raw)).toBe(true);
    expect(gunzipSync(await answer.encoded('gzip')).equals(answer.raw)).toBe(true);
  });

  it('is negotiated by weight, brotli first at equal weight', () => {
    expect(negotiate(undefined)).toBeNull();
    expect(negotiate('')).toBeNull();
    expect(negotiate('gzip, br')).toBe('br');
    expect(negotiate('gzip;q=1, br;q=0.9')).toBe('gzip');
    expect(negotiate('BR;Q=0.1')).toBe('br');
    expect(negotiate('*;q=0.2, br;q=0')).toBe('gzip');
    expect(negotiate('identity')).toBeNull();
    expect(negotiate('gzip;q=nonsense')).toBeNull();
  });
});

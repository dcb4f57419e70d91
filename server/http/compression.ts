/**
 * Compressed API answers: brotli or gzip by the request's `Accept-Encoding`,
 * for answers above a size threshold (below it, compression saves less than
 * it costs).
 *
 * An answer is encoded once: `encodeAnswer(bytes)` returns the raw bytes and
 * each compressed form computed on first use and kept, so an answer kept and
 * served again (the answer cache) never pays the compression twice, and an
 * encoding no client asked for is never computed. Compression runs on libuv's
 * thread pool, off the event loop. Which form a request gets is negotiated
 * per request (`negotiate`); every answer that could vary says so
 * (`Vary: Accept-Encoding`).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { addVary, respond, setHeader } from './response-headers.ts';

/** Answers smaller than this go out as they are. */
export const COMPRESS_MIN_BYTES = 1024;

export type ContentCoding = 'br' | 'gzip';
const codings: readonly ContentCoding[] = ['br', 'gzip'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli 4 and gzip 6: for answers made per request, brotli 4 compresses
 * JSON about as well as gzip 9 in a fraction of the time; higher brotli
 * levels cost many times more for a few percent.
 */
function compress(coding: ContentCoding, raw: Uint8Array): Promise<Buffer> {
  if (coding === 'br') {
    return brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    });
  }
  return gzipAsync(raw, { level: 6 });
}

export interface EncodedAnswer {
  /** The answer as it is (UTF-8 JSON). */
  readonly raw: Buffer;
  /** Whether the answer is large enough to be sent compressed. */
  readonly compressible: boolean;
  /** The answer in `coding`, computed on first call and kept. */
  encoded(coding: ContentCoding): Promise<Buffer>;
}

export function encodeAnswer(bytes: Uint8Array | string): EncodedAnswer {
  const raw =
    typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept = new Map<ContentCoding, Promise<Buffer>>();
  return {
    raw,
    compressible: raw.byteLength >= COMPRESS_MIN_BYTES,
    encoded(coding) {
      let found = kept.get(coding);
      if (!found) {
        found = compress(coding, raw);
        // A failed compression is not kept: the next request tries again.
        found.catch(() => kept.delete(coding));
        kept.set(coding, found);
      }
      return found;
    },
  };
}

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110 12.5.3): the
 * acceptable one with the highest weight, brotli before gzip at equal
 * weight; `*` stands for any coding not named; `q=0` refuses. Null: send the
 * answer as it is.
 */
export function negotiate(acceptEncoding: string | undefined | null): ContentCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((text) => text.trim());
      if (key?.toLowerCase() === 'q') q = Number(value);
    }
    if (Number.isFinite(q)) weights.set(coding === 'x-gzip' ? 'gzip' : coding, Math.min(1, Math.max(0, q)));
  }
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of codings) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Sends a JSON answer, compressed as the request accepts. Headers set on the
 * context before (security, CORS, Cache-Control) stay as they are.
 */
export function sendAnswer(
  c: Context,
  answer: EncodedAnswer,
  status: ContentfulStatusCode,
): Response | Promise<Response> {
  addVary(c, 'Accept-Encoding');
  setHeader(c, 'Content-Type', 'application/json');
  const coding = answer.compressible ? negotiate(c.req.header('accept-encoding')) : null;
  // The common case stays synchronous: no compression, no await.
  if (coding === null) return respond(c, bytesOf(answer.raw), status);
  return answer.encoded(coding).then((bytes) => {
    setHeader(c, 'Content-Encoding', coding);
    return respond(c, bytesOf(bytes), status);
  });
}

/** A Buffer as the Uint8Array Hono's body takes (the same bytes, no copy). */
const bytesOf = (buffer: Buffer) => buffer as Uint8Array<ArrayBuffer>;

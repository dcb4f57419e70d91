/**
 * Static files (the built dashboard, the API reference page and its vendor
 * files): sent compressed as the browser accepts, each encoding made once per
 * file and kept in memory, since the files are few and small.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { addVary, respond } from './response-headers.ts';

/** A file's bytes and the encodings of it made so far. */
export interface Asset {
  readonly raw: Buffer;
  readonly compressible: boolean;
  br?: Buffer;
  gzip?: Buffer;
}

/** Sends a file compressed as the browser accepts (brotli, else gzip), with the given headers. */
export function sendAsset(c: Context, asset: Asset, headers: Record<string, string>) {
  const accepted = c.req.header('accept-encoding') ?? '';
  let body = asset.raw;
  const sent: Record<string, string> = { ...headers };
  if (asset.compressible) {
    // Added to the context, not to `sent`: a header given to c.body replaces the one CORS set.
    addVary(c, 'Accept-Encoding');
    if (/\bbr\b/.test(accepted)) {
      asset.br ??= brotliCompressSync(asset.raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: asset.raw.length },
      });
      body = asset.br;
      sent['Content-Encoding'] = 'br';
    } else if (/\bgzip\b/.test(accepted)) {
      asset.gzip ??= gzipSync(asset.raw, { level: 9 });
      body = asset.gzip;
      sent['Content-Encoding'] = 'gzip';
    }
  }
  return respond(c, new Uint8Array(body), 200, sent);
}

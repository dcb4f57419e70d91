/**
 * The transport floor of a route: the service's answer to one request,
 * captured (status, headers, body bytes, uncompressed as autocannon asks),
 * served back by `bench/servers/floor.mjs` for every request. The service's
 * rate as a share of it is what the work behind the answer costs.
 */
import { closeSync, copyFileSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startChild } from '../../testkit/child-service.ts';
import type { LoadSpec } from './cannon.ts';
import { tempDatabase } from './dataset.ts';
import { ports } from './ports.ts';

/** Headers that belong to one connection or one moment, not to the answer. */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export interface Captured {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: Buffer;
}

export function capture(base: string, spec: LoadSpec): Promise<Captured> {
  const url = new URL(base + spec.path);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: spec.method ?? 'GET',
        headers: spec.headers ?? {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined && !perConnection.has(name)) headers[name] = value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end(spec.body);
  });
}

/**
 * A floor server (`bench/servers/<script>`) answering `captured` in its own process: the answer goes to it as
 * two files (BODY_FILE, HEADERS_FILE), removed when it stops; `env` adds the script's own settings.
 */
async function serveCaptured(script: string, captured: Captured, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  writeFileSync(join(dir, 'body'), captured.body);
  writeFileSync(join(dir, 'headers.json'), JSON.stringify({ status: captured.status, headers: captured.headers }));
  const port = await freePort(...ports.floor);
  const child = await startChild([`bench/servers/${script}`], {
    port,
    env: { PORT: String(port), BODY_FILE: join(dir, 'body'), HEADERS_FILE: join(dir, 'headers.json'), ...env },
    readyPath: '/',
  });
  return {
    ...child,
    stop: async () => {
      await child.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `bench/servers/floor.mjs` answering `captured` in its own process. */
export function startFloor(captured: Captured) {
  return serveCaptured('floor.mjs', captured);
}

/**
 * A copy of `database` for the write floor, written through to the disk before it is used, so its writeback
 * does not fall into the figures. `removeDatabase` (dataset.ts) removes it.
 */
export function writeFloorDatabase(database: string): string {
  const file = tempDatabase('write-floor');
  copyFileSync(database, file);
  const fd = openSync(file, 'r+');
  try {
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return file;
}

/**
 * `bench/servers/write-floor.mjs` answering `captured` in its own process once it has committed a comment row to
 * `database` (a `writeFloorDatabase`): what committing the row costs, beside what HTTP costs.
 */
export function startWriteFloor(captured: Captured, database: string) {
  return serveCaptured('write-floor.mjs', captured, { DATABASE: database });
}

/** json-server 0.17 (the peer) in its own process, serving a db.json file. */
import { join } from 'node:path';
import { freePort, startChild } from '../../testkit/child-service.ts';
import { repoRoot } from './build.ts';
import { ports } from './ports.ts';

export async function startJsonServer(dbFile: string) {
  const port = await freePort(...ports.jsonServer);
  const bin = join(repoRoot, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js');
  return startChild([bin, dbFile, '--port', String(port), '--host', '127.0.0.1', '--quiet'], {
    port,
    env: {},
    readyPath: '/',
    readyTimeoutMs: 60_000,
  });
}

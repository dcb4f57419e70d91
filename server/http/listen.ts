/**
 * `serve` of @hono/node-server with a listen backlog long enough for a burst
 * of connections. Node's default (511) drops the handshakes of a burst of
 * 1,000 new connections; the clients then retransmit with backoff and wait
 * seconds before the service ever sees their request. The kernel caps the
 * number at net.core.somaxconn.
 */
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';

export const LISTEN_BACKLOG = 4096;

type ServeOptions = Parameters<typeof createAdaptorServer>[0] & { port: number; hostname: string };

export function serveWithBacklog(
  options: ServeOptions,
  onListening?: (info: AddressInfo) => void,
): ReturnType<typeof createAdaptorServer> {
  const server = createAdaptorServer(options);
  server.listen({ port: options.port, host: options.hostname, backlog: LISTEN_BACKLOG }, () => {
    onListening?.(server.address() as AddressInfo);
  });
  return server;
}

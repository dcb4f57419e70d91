/**
 * Starts the platform service: reads settings, opens (and on first run seeds)
 * the database, listens on PORT and, when NOTES_PORT is set, serves the notes
 * under their own base address too.
 */
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { readSettings } from './config.ts';
import { openDatabase } from './db/database.ts';
import { exitAfterLogs, logger } from './logger.ts';
import { seedIfEmpty } from './seed/seed.ts';

function start(): void {
  let settings: ReturnType<typeof readSettings>;
  try {
    settings = readSettings();
  } catch (error) {
    // A bad setting is always said, even with LOG_LEVEL=silent.
    logger.level = 'fatal';
    logger.fatal(error instanceof Error ? error.message : String(error));
    exitAfterLogs(2);
    return;
  }
  logger.level = settings.LOG_LEVEL;
  logger.info({ env: settings.PLATFORM_ENV, database: settings.DATABASE }, 'Starting the platform service');
  const db = openDatabase(settings.DATABASE);
  const seeded = seedIfEmpty(db, settings.SEED);
  if (seeded) logger.info({ seed: settings.SEED }, `Seeded the demo sandbox (seed ${settings.SEED})`);

  const app = createApp({ db, settings, serveDashboard: true });
  const server = serve({ fetch: app.fetch, port: settings.PORT, hostname: settings.HOST }, (info) => {
    logger.info(
      { url: `http://${settings.HOST}:${info.port}` },
      `Platform service (${settings.PLATFORM_ENV}) on http://${settings.HOST}:${info.port}: dashboard http://localhost:${info.port}/, API reference http://localhost:${info.port}/docs`,
    );
  });
  const servers = [server];
  if (settings.NOTES_PORT !== undefined) {
    const notes = createApp({ db, settings, bases: ['notes'] });
    servers.push(
      serve({ fetch: notes.fetch, port: settings.NOTES_PORT, hostname: settings.HOST }, (info) => {
        logger.info({ url: `http://${settings.HOST}:${info.port}` }, 'Notes base address listening');
      }),
    );
  }
  for (const s of servers) answerClientErrors(s);
  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'Shutting down');
    for (const s of servers) s.close();
    db.close();
    logger.info('Stopped');
    exitAfterLogs(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * Requests Node rejects before the app sees them (headers too large, bad
 * request lines) still get the one error body rather than a bare status.
 */
function answerClientErrors(server: ReturnType<typeof serve>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: import('node:stream').Duplex) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const requestId = randomUUID();
    const body = JSON.stringify({
      error: tooLarge
        ? {
            code: 'payload_too_large',
            message: 'The request line and headers are larger than the service accepts',
            requestId,
          }
        : { code: 'bad_request', message: 'The request is not valid HTTP', requestId },
    });
    logger.info({ requestId, status: Number.parseInt(status, 10), reason: error.code }, 'Request refused by Node');
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

start();

/**
 * Starts the platform service: reads settings, migrates the database under
 * the start-up lock, binds it to its environment (recorded on the first
 * start, refused when it differs), seeds the demo on the first start of a
 * sandbox, and in production refuses a database holding a credential this
 * repository publishes; then serves on PORT from
 * WORKERS processes (node:cluster; one process when WORKERS is 1). Each
 * worker also serves the notes on NOTES_PORT when it is set. SIGTERM drains:
 * stop accepting, finish requests in flight (bounded by SHUTDOWN_TIMEOUT_MS),
 * close the database, exit 0.
 */
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { verifyPassword } from './access/passwords.ts';
import { createApp } from './app.ts';
import { readSettings, type Settings } from './config.ts';
import { type Db, openDatabase } from './data/database.ts';
import { bindEnvironment, EnvironmentMismatch } from './data/environment.ts';
import { applyMigrations, withStartupLock } from './data/migrate.ts';
import { sealingKey } from './data/secrets.ts';
import { refusePublishedCredentials, refuseUnopenableSecrets, StartRefused } from './data/start-checks.ts';
import { serveWithBacklog } from './http/listen.ts';
import { configureServer } from './http/node-server.ts';
import { errorFields, exitAfterLogs, logger } from './logger.ts';

function readSettingsOrExit(): Settings {
  let settings: Settings;
  try {
    settings = readSettings();
  } catch (error) {
    // A bad setting is always said, even with LOG_LEVEL=silent.
    logger.level = 'fatal';
    logger.fatal(error instanceof Error ? error.message : String(error));
    exitAfterLogs(2);
    // Nothing runs on while the line is written.
    throw new SettingsError();
  }
  logger.level = settings.LOG_LEVEL;
  return settings;
}

class SettingsError extends Error {}

const open = (settings: Settings) =>
  openDatabase({ url: settings.DATABASE_URL, file: settings.DATABASE, poolSize: settings.DATABASE_POOL });

/** The default: every core on PostgreSQL; one process on the embedded SQLite file. */
export function workerCount(settings: Settings): number {
  return settings.WORKERS ?? (settings.DATABASE_URL ? availableParallelism() : 1);
}

async function prepareDatabase(db: Db, settings: Settings): Promise<void> {
  const environment = settings.PLATFORM_ENV;
  // Loaded only here, so the bundle keeps sandbox/ in chunks of their own, out of build/main.js: a
  // sandbox loads the demo generator, production only the list of credentials it must refuse.
  const demo = environment === 'sandbox' ? await import('../sandbox/seed.ts') : undefined;
  const published =
    environment === 'production' ? (await import('../sandbox/published-credentials.ts')).publishedCredentials : [];
  // One transaction: a refused start leaves the database exactly as it was (not even migrated or recorded).
  const { migrated, seeded, empty } = await withStartupLock(db, async (tx) => {
    const migrated = await applyMigrations(tx, db.engine, { secretsKey: settings.SECRETS_KEY });
    await bindEnvironment(tx, environment);
    const seeded = demo ? await demo.seedIfEmpty(tx, settings.SEED, settings.SECRETS_KEY) : false;
    if (environment === 'production') await refusePublishedCredentials(tx, published, verifyPassword);
    await refuseUnopenableSecrets(tx, sealingKey(settings.SECRETS_KEY));
    const someone = await tx.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
    return { migrated, seeded, empty: someone === undefined };
  });
  if (migrated.length > 0) logger.info({ migrations: migrated }, `Applied migrations: ${migrated.join(', ')}`);
  if (environment === 'production' && empty) {
    logger.info(
      'Production database without people yet: nothing is seeded in production; provision it with `npm run admin` (README, "Provisioning production")',
    );
  }
  if (seeded) {
    logger.info(
      { seed: settings.SEED, engine: db.engine },
      `Seeded the demo sandbox (seed ${settings.SEED}) into the ${db.engine} database`,
    );
  }
}

async function primary(): Promise<void> {
  const settings = readSettingsOrExit();
  // Never the DATABASE_URL: it may hold a password.
  logger.info(
    { env: settings.PLATFORM_ENV, engine: settings.DATABASE_URL ? 'postgres' : 'sqlite' },
    'Starting the platform service',
  );
  const db = await open(settings);
  await prepareDatabase(db, settings);
  const count = workerCount(settings);
  if (count === 1) {
    await serveHere(settings, db);
    return;
  }
  await db.close();

  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('online', (worker) => logger.info({ worker: worker.id, workerPid: worker.process.pid }, 'Worker started'));
  cluster.on('exit', (worker, code, signal) => {
    const fields = { worker: worker.id, workerPid: worker.process.pid, code, signal };
    if (stopping) {
      logger.info(fields, 'Worker stopped');
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('Stopped');
        exitAfterLogs(0);
      }
      return;
    }
    logger.error(fields, `Worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    setTimeout(fork, 500);
  });
  for (let i = 0; i < count; i++) fork();
  logger.info(
    { workers: count, port: settings.PORT, engine: db.engine },
    `Platform service (${settings.PLATFORM_ENV}, ${db.engine}): ${count} workers on port ${settings.PORT}: dashboard http://localhost:${settings.PORT}/, API reference http://localhost:${settings.PORT}/docs`,
  );

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down: draining the workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // A worker that does not finish in time is ended; the primary never hangs.
    setTimeout(() => exitAfterLogs(0), settings.SHUTDOWN_TIMEOUT_MS + 2000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) exitAfterLogs(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function worker(): Promise<void> {
  const settings = readSettingsOrExit();
  await serveHere(settings, await open(settings));
}

/** Listens on PORT (and NOTES_PORT) in this process and drains on SIGTERM. */
async function serveHere(settings: Settings, db: Db): Promise<void> {
  const app = createApp({ db, settings, serveDashboard: true });
  const servers: Server[] = [];
  const listen = (fetch: typeof app.fetch, port: number) =>
    new Promise<Server>((resolve) => {
      const server = serveWithBacklog({ fetch, port, hostname: settings.HOST }, () =>
        resolve(server as Server),
      ) as Server;
      configureServer(server, settings);
    });
  servers.push(await listen(app.fetch, settings.PORT));
  if (settings.NOTES_PORT !== undefined) {
    const notes = createApp({ db, settings, bases: ['notes'] });
    servers.push(await listen(notes.fetch, settings.NOTES_PORT));
  }
  if (cluster.isPrimary) {
    logger.info(
      { url: `http://${settings.HOST}:${settings.PORT}`, engine: db.engine },
      `Platform service (${settings.PLATFORM_ENV}, ${db.engine}) on http://${settings.HOST}:${settings.PORT}: dashboard http://localhost:${settings.PORT}/, API reference http://localhost:${settings.PORT}/docs`,
    );
    if (settings.NOTES_PORT !== undefined) {
      logger.info({ url: `http://${settings.HOST}:${settings.NOTES_PORT}` }, 'Notes base address listening');
    }
  }

  let draining = false;
  const drain = async (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    if (cluster.isPrimary) logger.info({ signal }, 'Shutting down: finishing the requests in flight');
    await Promise.all(servers.map((server) => closeGently(server, settings.SHUTDOWN_TIMEOUT_MS)));
    await db.close().catch(() => {});
    if (cluster.isPrimary) logger.info('Stopped');
    exitAfterLogs(0);
  };
  process.on('SIGTERM', drain);
  process.on('SIGINT', drain);
}

/**
 * Stops accepting, lets requests in flight finish, and closes each
 * keep-alive connection as soon as it is idle; past `timeoutMs` the rest are
 * cut.
 */
function closeGently(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

const run = cluster.isPrimary ? primary : worker;
run().catch((error: unknown) => {
  if (error instanceof SettingsError) return;
  if (error instanceof EnvironmentMismatch || error instanceof StartRefused) {
    // The operator must act; said even with LOG_LEVEL=silent, and exit 2 as for a bad setting.
    logger.level = 'fatal';
    logger.fatal({ refused: error.name }, error.message);
    exitAfterLogs(2);
    return;
  }
  logger.fatal(errorFields(error), 'The service could not start');
  exitAfterLogs(1);
});

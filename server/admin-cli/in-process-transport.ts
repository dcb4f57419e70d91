/**
 * The second way to the administration API: the service's own app built in
 * this process on the database the service's settings name.
 */
import { randomBytes } from 'node:crypto';
import { createApp } from '../app.ts';
import { readSettings } from '../config.ts';
import { openDatabase } from '../data/database.ts';
import { bindEnvironment } from '../data/environment.ts';
import { applyMigrations, withStartupLock } from '../data/migrate.ts';
import { logger } from '../logger.ts';
import type { Transport } from './transport.ts';

/**
 * The service's own app on its database, migrated and bound to its
 * environment as the service's first start would. No token is asked for:
 * whoever holds the database's settings holds the data.
 */
export async function inProcessTransport(env: NodeJS.ProcessEnv): Promise<Transport> {
  // Only the token this process makes and keeps opens the API it builds.
  const token = randomBytes(32).toString('base64url');
  const settings = { ...readSettings(env), ADMIN_TOKEN: token };
  logger.level = 'error';
  const db = await openDatabase({ url: settings.DATABASE_URL, file: settings.DATABASE, poolSize: 2 });
  try {
    await withStartupLock(db, async (tx) => {
      await applyMigrations(tx, db.engine, { secretsKey: settings.SECRETS_KEY });
      await bindEnvironment(tx, settings.PLATFORM_ENV);
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const app = createApp({ db, settings });
  return { base: '', token, fetch: async (path, init) => app.request(path, init), close: () => db.close() };
}

/**
 * The service's app in this process, called through `fetch` with no server
 * listening: several apps, each with its own settings, over one SQLite file,
 * so a benchmark can set them side by side within milliseconds of each other.
 */
import { pino } from 'pino';
import { createApp } from '../server/app.ts';
import { readSettings } from '../server/config.ts';
import { openDatabase } from '../server/data/database.ts';
import { createLogger } from '../server/logger.ts';

export type Fetch = (request: Request) => Response | Promise<Response>;

export interface InProcessApps {
  /**
   * An app with these settings (over DATABASE, the file): its request log,
   * when `logFile` is given, goes there through pino's asynchronous
   * destination; otherwise to the service's own logger.
   */
  app(env: Record<string, string>, logFile?: string): Fetch;
  /** Ends the log files, then closes the database. */
  close(): Promise<void>;
}

export async function appsOnFile(file: string): Promise<InProcessApps> {
  const db = await openDatabase({ file });
  const destinations: ReturnType<typeof pino.destination>[] = [];
  return {
    app: (env, logFile) => {
      const settings = readSettings({ DATABASE: file, ...env });
      if (logFile === undefined) return createApp({ db, settings }).fetch;
      const destination = pino.destination({ dest: logFile, sync: false });
      destinations.push(destination);
      return createApp({ db, settings, logger: createLogger('info', destination) }).fetch;
    },
    close: async () => {
      for (const destination of destinations) destination.end();
      await db.close();
    },
  };
}

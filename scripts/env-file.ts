/**
 * `.env` support for `npm start` and `npm run dev`: the launchers read
 * `.env` from the current directory when there is one, before they start
 * the service, so the service and the plugin see its settings as ordinary
 * environment variables. A variable already set in the environment wins
 * over the file (Node's own `.env` rule). The service's configuration check
 * (server/config.ts) then names any bad value, wherever it came from.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Loads `file` into process.env if it exists; returns its path, or undefined when there is none. */
export function loadEnvFile(file = '.env'): string | undefined {
  const path = resolve(file);
  if (!existsSync(path)) return undefined;
  process.loadEnvFile(path);
  return path;
}

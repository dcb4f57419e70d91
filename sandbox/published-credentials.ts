/**
 * Every credential this repository publishes, read from the catalog that
 * seeds them (demo-ids.ts), so the list cannot drift from what a sandbox
 * holds: a production start (server/main.ts) refuses a database that holds
 * any of them. README.md and docs/demo-data.md show the same values
 * (server/production.test.ts parses them from there and tries each one on a
 * production service).
 */
import type { PublishedCredential } from '../server/data/start-checks.ts';
import { benchPlugin, demoIds } from './demo-ids.ts';
import { demoPasswords } from './demo-passwords.ts';

export const publishedCredentials: readonly PublishedCredential[] = [
  ...[...Object.values(demoIds.plugins), benchPlugin].map(
    (plugin): PublishedCredential => ({ kind: 'plugin-secret', value: plugin.clientSecret }),
  ),
  ...demoPasswords.map(
    ({ userId, password }): PublishedCredential => ({ kind: 'user-password', userId, value: password }),
  ),
];

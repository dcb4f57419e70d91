/**
 * What the service checks of its database before it serves, beside the
 * environment (environment.ts): a production database holds no credential
 * published in this repository (anyone can read those), and every sealed
 * secret opens with this process's SECRETS_KEY (else the mission planner
 * could not send it). Each failure refuses the start with a message that
 * names what to do; `main.ts` exits with code 2.
 */
import type { Queryable } from './database.ts';
import { hashSecret, openSecret } from './secrets.ts';

/**
 * A credential published in this repository (README.md, docs/demo-data.md,
 * the sandbox catalog). Plugin secrets are the only secrets the database
 * stores today; an app's client secret or a user's password, once stored,
 * is another kind here, listed in sandbox/published-credentials.ts and looked
 * for by a finder of its own in refusePublishedCredentials.
 */
export type PublishedCredential =
  | { readonly kind: 'plugin-secret'; readonly value: string }
  | { readonly kind: 'user-password'; readonly userId: string; readonly value: string };

/** Checks a password against a stored hash (server/access/passwords.ts, handed in: data/ knows no access rule). */
export type VerifyPassword = (password: string, stored: string | null | undefined) => Promise<boolean>;

/** Why the service does not start on this database; the message says what to do. */
export class StartRefused extends Error {
  override readonly name = 'StartRefused';
}

/** The command that replaces a plugin's secret; run with the service's settings (docs: README "Provisioning"). */
export const rotatePluginCommand = (clientId: string) => `npm run admin -- plugin rotate-secret ${clientId}`;

/** Plugins whose stored secret is one of `published`, by client id. */
export async function pluginsWithPublishedSecrets(
  q: Queryable,
  published: readonly PublishedCredential[],
): Promise<string[]> {
  const hashes = published.filter((c) => c.kind === 'plugin-secret').map((c) => hashSecret(c.value));
  if (hashes.length === 0) return [];
  const rows = await q
    .selectFrom('plugins')
    .select('client_id')
    .where('secret_hash', 'in', hashes)
    .orderBy('client_id')
    .execute();
  return rows.map((row) => row.client_id);
}

/**
 * People whose stored password is the one published for them (the demo
 * people's, docs/demo-data.md). Only the published userIds are read, so the
 * scrypt work is one check per published password, not per user.
 */
export async function usersWithPublishedPasswords(
  q: Queryable,
  published: readonly PublishedCredential[],
  verify: VerifyPassword,
): Promise<string[]> {
  const pairs = published.flatMap((c) => (c.kind === 'user-password' ? [c] : []));
  if (pairs.length === 0) return [];
  const rows = await q
    .selectFrom('users')
    .select(['user_id', 'password_hash'])
    .where(
      'user_id',
      'in',
      pairs.map((pair) => pair.userId),
    )
    .where('password_hash', 'is not', null)
    .execute();
  const stored = new Map(rows.map((row) => [row.user_id, row.password_hash]));
  const found: string[] = [];
  for (const pair of pairs) {
    if (stored.has(pair.userId) && (await verify(pair.value, stored.get(pair.userId)))) found.push(pair.userId);
  }
  return found.sort();
}

/** Refuses a database that holds a published credential, naming each and how to replace it. */
export async function refusePublishedCredentials(
  q: Queryable,
  published: readonly PublishedCredential[],
  verify: VerifyPassword,
): Promise<void> {
  const plugins = await pluginsWithPublishedSecrets(q, published);
  const people = await usersWithPublishedPasswords(q, published, verify);
  if (plugins.length === 0 && people.length === 0) return;
  throw new StartRefused(
    [
      'This production database holds credentials published in this repository (README.md, docs/demo-data.md), which anyone can read:',
      ...plugins.map((clientId) => `  plugin ${clientId}: its client secret is a published one`),
      ...people.map(
        (userId) =>
          `  user ${userId}: its password is a published demo password; clear it (SQL: UPDATE users SET password_hash = NULL WHERE user_id = '${userId}') or set a new one`,
      ),
      "The service does not start until each is replaced. With this service's settings (DATABASE or DATABASE_URL, PLATFORM_ENV, SECRETS_KEY), run:",
      ...plugins.map((clientId) => `  ${rotatePluginCommand(clientId)}`),
      "and hand each new secret (shown once) to the plugin's operator. A database that was ever a demo sandbox should not serve production at all: start production on an empty database.",
    ].join('\n'),
  );
}

/** Refuses to serve when a sealed secret does not open with `key` (SECRETS_KEY differs from the one it was sealed with). */
export async function refuseUnopenableSecrets(q: Queryable, key: Buffer): Promise<void> {
  const rows = await q.selectFrom('plugins').select(['client_id', 'secret_sealed']).orderBy('client_id').execute();
  const closed = rows
    .filter((row) => {
      try {
        openSecret(row.secret_sealed, key, row.client_id);
        return false;
      } catch {
        return true;
      }
    })
    .map((row) => row.client_id);
  if (closed.length === 0) return;
  throw new StartRefused(
    [
      `SECRETS_KEY does not open the sealed secrets of ${closed.length === 1 ? 'the plugin' : 'the plugins'} ${closed.join(', ')}.`,
      'Start every instance with the SECRETS_KEY these were sealed with, or give each plugin a new secret (sealed with this key):',
      ...closed.map((clientId) => `  ${rotatePluginCommand(clientId)}`),
    ].join('\n'),
  );
}

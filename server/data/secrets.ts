/**
 * How the service keeps a secret it must both check and send. A plugin's
 * client secret is checked on every call the plugin makes (its SHA-256 is
 * enough: the secret is 192 random bits, so no guessing runs backwards from
 * the hash) and sent in the Basic header of the mission planner's calls to the
 * plugin (section 4.2), so the service also keeps a sealed copy: AES-256-GCM
 * under a key that is not in the database (the SECRETS_KEY setting), with the
 * owner's client id as associated data so a sealed copy moved to another row
 * does not open. A copy of the database alone yields no working secret.
 */
import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The sandbox's key, published here: a sandbox's secrets are published too
 * (docs/demo-data.md). A production service refuses it (server/config.ts).
 */
export const SANDBOX_SECRETS_KEY = 'sandbox-secrets-key-published-in-this-repository';

/** SHA-256, base64url: what is stored of a generated secret to check it. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'base64url');
}

/** A new secret: 24 random bytes, base64url (32 characters). */
export function generateSecret(): string {
  return randomBytes(24).toString('base64url');
}

const keys = new Map<string, Buffer>();

/** The AES-256 key derived from a SECRETS_KEY value (HKDF-SHA-256, so any long random string will do). */
export function sealingKey(setting: string): Buffer {
  let key = keys.get(setting);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', setting, 'platform-service', 'sealed secrets v1', 32));
    keys.set(setting, key);
  }
  return key;
}

const VERSION = 'v1';

/** `secret` sealed for `owner` (a client id): `v1.` then base64url of IV, tag and ciphertext. */
export function sealSecret(secret: string, key: Buffer, owner: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The secret sealed for `owner`; throws when `key` is not the one it was sealed with (or it was altered). */
export function openSecret(sealed: string, key: Buffer, owner: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new Error(`the sealed secret of "${owner}" is not in a known format`);
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(owner, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** The two columns a plugin's secret is kept in. */
export function storedPluginSecret(
  clientId: string,
  secret: string,
  key: Buffer,
): { secret_hash: string; secret_sealed: string } {
  return { secret_hash: hashSecret(secret), secret_sealed: sealSecret(secret, key, clientId) };
}

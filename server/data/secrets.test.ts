import { describe, expect, it } from 'vitest';
import { hashSecret, openSecret, SANDBOX_SECRETS_KEY, sealingKey, sealSecret, storedPluginSecret } from './secrets.ts';

const key = sealingKey('a-production-key-of-at-least-32-characters');

describe('sealed secrets', () => {
  it('open with the key and owner they were sealed for, and never show the secret', () => {
    const sealed = sealSecret('the-plugin-secret', key, 'plugin-a');
    expect(sealed).not.toContain('the-plugin-secret');
    expect(openSecret(sealed, key, 'plugin-a')).toBe('the-plugin-secret');
    // A new IV each time: two seals of one secret differ.
    expect(sealSecret('the-plugin-secret', key, 'plugin-a')).not.toBe(sealed);
  });

  it('do not open with another key, for another owner, or altered', () => {
    const sealed = sealSecret('the-plugin-secret', key, 'plugin-a');
    expect(() => openSecret(sealed, sealingKey(SANDBOX_SECRETS_KEY), 'plugin-a')).toThrow();
    expect(() => openSecret(sealed, key, 'plugin-b')).toThrow();
    const payload = Buffer.from(sealed.slice(3), 'base64url');
    payload[payload.length - 1] = (payload[payload.length - 1] ?? 0) ^ 1;
    expect(() => openSecret(`v1.${payload.toString('base64url')}`, key, 'plugin-a')).toThrow();
    expect(() => openSecret('the-plugin-secret', key, 'plugin-a')).toThrow(/not in a known format/);
  });

  it('are kept beside a SHA-256 of the secret, never the secret itself', () => {
    const stored = storedPluginSecret('plugin-a', 'the-plugin-secret', key);
    expect(stored.secret_hash).toBe(hashSecret('the-plugin-secret'));
    expect(stored.secret_hash).not.toBe(hashSecret('the-plugin-secreT'));
    expect(JSON.stringify(stored)).not.toContain('the-plugin-secret');
  });
});

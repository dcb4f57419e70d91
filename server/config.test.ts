import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../testkit/child-service.ts';
import { readSettings, settingNames } from './config.ts';
import { SANDBOX_SECRETS_KEY } from './data/secrets.ts';

describe('the service settings', () => {
  it('are each documented in .env.example (with a default) and in the README', () => {
    const example = readFileSync(join(repoRoot, '.env.example'), 'utf8');
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    expect(settingNames.length).toBeGreaterThan(15);
    for (const name of settingNames) {
      expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
      expect(readme, name).toContain(`| \`${name}\` |`);
    }
  });

  it('name each bad setting and what is allowed', () => {
    expect(() => readSettings({ LOG_LEVEL: 'loud', PORT: '70000', LOG_REQUESTS: 'yes' })).toThrow(
      /PORT: .*[\s\S]*LOG_LEVEL: .*"fatal"\|"error"\|"warn"\|"info"\|"debug"\|"trace"\|"silent"[\s\S]*LOG_REQUESTS:/,
    );
    expect(readSettings({ LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
    expect(readSettings({}).LOG_LEVEL).toBe('info');
  });

  it('read the OpenID providers as JSON, and name what is wrong in them', () => {
    const corp = {
      id: 'corp',
      name: 'Corp ID',
      issuer: 'https://id.example.org',
      clientId: 'platform',
      clientSecret: 's',
    };
    const [provider] = readSettings({ OIDC_PROVIDERS: JSON.stringify([corp]) }).OIDC_PROVIDERS;
    expect(provider).toEqual({ ...corp, match: 'email', externalIdClaim: 'sub' });
    expect(readSettings({}).OIDC_PROVIDERS).toEqual([]);
    expect(() => readSettings({ OIDC_PROVIDERS: '[{' })).toThrow(/OIDC_PROVIDERS: must be a JSON array of providers/);
    expect(() =>
      readSettings({ OIDC_PROVIDERS: JSON.stringify([{ ...corp, issuer: 'http://id.example.org' }]) }),
    ).toThrow(/OIDC_PROVIDERS\.0\.issuer: must be https \(http only on 127\.0\.0\.1, localhost or \[::1\]\)/);
    expect(() => readSettings({ OIDC_PROVIDERS: JSON.stringify([{ ...corp, match: 'handle' }]) })).toThrow(
      /OIDC_PROVIDERS\.0\.match:/,
    );
    expect(() => readSettings({ OIDC_PROVIDERS: JSON.stringify([corp, corp]) })).toThrow(
      /OIDC_PROVIDERS: each id must differ/,
    );
    expect(() => readSettings({ OIDC_PROVIDERS: JSON.stringify([{ ...corp, clientSecret: undefined }]) })).toThrow(
      /OIDC_PROVIDERS\.0\.clientSecret:/,
    );
    expect(
      readSettings({ OIDC_PROVIDERS: JSON.stringify([{ ...corp, issuer: 'http://127.0.0.1:9000' }]) }).OIDC_PROVIDERS,
    ).toHaveLength(1);
  });

  it('hold sign-in guessing to its defaults unless told, and name a proxy list or wait that cannot be', () => {
    const defaults = readSettings({});
    expect(defaults.SIGNIN_FAILURES_PER_HANDLE).toBe(5);
    expect(defaults.SIGNIN_FAILURES_PER_ADDRESS).toBe(100);
    expect(defaults.ANONYMOUS_SIGNUPS_PER_MINUTE).toBe(10);
    expect(defaults.TRUSTED_PROXIES).toEqual([]);
    expect(readSettings({ TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1,fd00::/8' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'fd00::/8',
    ]);
    expect(() => readSettings({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES: each must be an IP/);
    expect(() => readSettings({ TRUSTED_PROXIES: 'balancer.internal' })).toThrow(/TRUSTED_PROXIES:/);
    expect(() => readSettings({ SIGNIN_WAIT_SECONDS: '60', SIGNIN_WAIT_MAX_SECONDS: '30' })).toThrow(
      /SIGNIN_WAIT_MAX_SECONDS: must be at least SIGNIN_WAIT_SECONDS/,
    );
    expect(() => readSettings({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY:/);
  });

  it('take the extensions on or off, on unless said', () => {
    expect(() => readSettings({ PLATFORM_EXTENSIONS: 'no' })).toThrow(/PLATFORM_EXTENSIONS: .*"on"\|"off"/);
    expect(readSettings({ PLATFORM_EXTENSIONS: 'off' }).PLATFORM_EXTENSIONS).toBe(false);
    expect(readSettings({}).PLATFORM_EXTENSIONS).toBe(true);
  });

  it('assume no environment for a shared database: DATABASE_URL needs PLATFORM_ENV', () => {
    const url = 'postgres://platform@db.internal:5432/platform';
    expect(() => readSettings({ DATABASE_URL: url })).toThrow(
      /PLATFORM_ENV: must be set \(sandbox or production\) when DATABASE_URL is set/,
    );
    expect(readSettings({ DATABASE_URL: url, PLATFORM_ENV: 'sandbox' }).PLATFORM_ENV).toBe('sandbox');
    // The embedded file keeps its default.
    expect(readSettings({}).PLATFORM_ENV).toBe('sandbox');
  });

  it('want a key of its own in production, never the published sandbox key', () => {
    expect(() => readSettings({ PLATFORM_ENV: 'production' })).toThrow(/SECRETS_KEY: must be set in production/);
    expect(() => readSettings({ PLATFORM_ENV: 'production', SECRETS_KEY: SANDBOX_SECRETS_KEY })).toThrow(
      /SECRETS_KEY: is the sandbox key published in this repository/,
    );
    expect(() => readSettings({ PLATFORM_ENV: 'production', SECRETS_KEY: 'short' })).toThrow(
      /SECRETS_KEY: must be at least 32 characters/,
    );
    const key = 'k'.repeat(40);
    expect(readSettings({ PLATFORM_ENV: 'production', SECRETS_KEY: key }).SECRETS_KEY).toBe(key);
    expect(readSettings({}).SECRETS_KEY).toBe(SANDBOX_SECRETS_KEY);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../testkit/child-service.ts';
import { readSettings, settingNames } from './config.ts';

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

  it('take the extensions on or off, on unless said', () => {
    expect(() => readSettings({ PLATFORM_EXTENSIONS: 'no' })).toThrow(/PLATFORM_EXTENSIONS: .*"on"\|"off"/);
    expect(readSettings({ PLATFORM_EXTENSIONS: 'off' }).PLATFORM_EXTENSIONS).toBe(false);
    expect(readSettings({}).PLATFORM_EXTENSIONS).toBe(true);
  });
});

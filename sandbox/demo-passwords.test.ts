/** The demo passwords documented in docs/demo-data.md are the ones the seeded hashes verify. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../server/access/passwords.ts';
import { repoRoot } from '../testkit/child-service.ts';
import { fixedPeople } from './catalog.ts';
import { demoPasswords } from './demo-passwords.ts';

describe('the demo passwords', () => {
  it('each verify against the hash the seed stores, and no two people share one', async () => {
    for (const { userId, password, hash } of demoPasswords) {
      expect(await verifyPassword(password, hash), userId).toBe(true);
      expect(await verifyPassword(`${password}x`, hash), userId).toBe(false);
    }
    expect(new Set(demoPasswords.map((p) => p.password)).size).toBe(demoPasswords.length);
  });

  it('are given to every fixed person and listed in docs/demo-data.md with their handle', () => {
    const doc = readFileSync(join(repoRoot, 'docs/demo-data.md'), 'utf8');
    expect(demoPasswords.map((p) => p.userId).sort()).toEqual(fixedPeople.map((p) => p.userId).sort());
    for (const { userId, password } of demoPasswords) {
      const person = fixedPeople.find((p) => p.userId === userId);
      expect(doc).toMatch(new RegExp(`\\| \`${person?.handle}\` \\| \`${password.replace('.', '\\.')}\` \\|`));
    }
  });
});

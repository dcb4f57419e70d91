/**
 * The production bundle carries no demo generator: no module under sandbox/
 * is reachable from build/main.js through static imports. The service loads
 * the seeding through a dynamic import, which esbuild puts in chunks of their
 * own; this reads esbuild's metafile of a real build and walks the imports.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../testkit/child-service.ts';

interface Output {
  readonly entryPoint?: string;
  readonly imports: readonly { readonly path: string; readonly kind: string; readonly external?: boolean }[];
  readonly inputs: Readonly<Record<string, unknown>>;
}

const dir = mkdtempSync(join(tmpdir(), 'build-service-'));
let outputs: Readonly<Record<string, Output>>;
let main: string;

beforeAll(() => {
  const metafile = join(dir, 'meta.json');
  const built = spawnSync(
    process.execPath,
    ['scripts/build-service.mjs', '--outdir', join(dir, 'build'), '--metafile', metafile],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(built.status, built.stderr).toBe(0);
  outputs = (JSON.parse(readFileSync(metafile, 'utf8')) as { outputs: Record<string, Output> }).outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === 'server/main.ts');
  if (!entry) throw new Error('the build has no output for server/main.ts');
  main = entry;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `from` and every output it imports with `kinds`, transitively (packages left out: they are external). */
function reachable(from: string, kinds: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (!imported.external && kinds.includes(imported.kind)) visit(imported.path);
    }
  };
  visit(from);
  return seen;
}

const sandboxInputs = (files: Iterable<string>) =>
  [...files].flatMap((file) =>
    Object.keys(outputs[file]?.inputs ?? {}).filter((input) => input.startsWith('sandbox/')),
  );

describe('the service bundle', () => {
  it('holds no sandbox/ module in build/main.js or the chunks it imports statically', () => {
    expect(sandboxInputs(reachable(main, ['import-statement']))).toEqual([]);
  });

  it('nor in the admin command (build/admin.js), in any way', () => {
    const admin = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === 'server/admin-cli.ts');
    if (!admin) throw new Error('the build has no output for server/admin-cli.ts');
    expect(sandboxInputs(reachable(admin, ['import-statement', 'dynamic-import']))).toEqual([]);
  });

  it('still reaches the demo seed and the published credentials, through dynamic imports', () => {
    // Without this the first test would also pass for a service that no longer seeds, or checks, at all.
    const all = sandboxInputs(reachable(main, ['import-statement', 'dynamic-import']));
    expect(all).toContain('sandbox/seed.ts');
    expect(all).toContain('sandbox/demo.ts');
    expect(all).toContain('sandbox/published-credentials.ts');
  });

  it('loads no demo generator with the published credentials (what a production start loads)', () => {
    const list = Object.keys(outputs).find(
      (file) => 'sandbox/published-credentials.ts' in (outputs[file]?.inputs ?? {}),
    );
    if (!list) throw new Error('no output holds sandbox/published-credentials.ts');
    const loaded = sandboxInputs(reachable(list, ['import-statement']));
    expect(loaded).toContain('sandbox/demo-ids.ts');
    // The demo people's password hashes are data the check compares against, not the generator.
    expect(loaded).toContain('sandbox/demo-passwords.ts');
    const lists = ['sandbox/published-credentials.ts', 'sandbox/demo-ids.ts', 'sandbox/demo-passwords.ts'];
    expect(loaded.filter((input) => !lists.includes(input))).toEqual([]);
  });
});

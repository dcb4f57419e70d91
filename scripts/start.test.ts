/**
 * `npm start` as built: the launcher, the service and the plugin bundled by
 * scripts/build-service.mjs run with plain node (no tsx), read `.env` from
 * the directory they start in (the environment winning over the file), and a
 * bad value in `.env` stops them with a message naming the setting.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, spawnNode } from '../testkit/child-service.ts';

// Inside the repo, so the bundles find their packages in node_modules as build/ does.
const outdir = join(repoRoot, 'node_modules', '.cache', `start-test-${process.pid}`);
const cwd = mkdtempSync(join(tmpdir(), 'start-env-'));
const running: ChildProcess[] = [];

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build-service.mjs', '--outdir', outdir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
}, 60_000);
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(cwd, { recursive: true, force: true });
});

/** `node build/start.js` in `cwd` with only PATH, HOME and `env` set. */
function start(env: Record<string, string>) {
  const launcher = spawnNode([join(outdir, 'start.js')], { cwd, env });
  running.push(launcher.child);
  return launcher;
}

async function answer(url: string, deadline: number): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url, { signal: AbortSignal.timeout(1000) });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('npm start, built', () => {
  it('runs the bundles with node, reads .env, and lets the environment win over it', async () => {
    const port = await freePort(18490, 18499);
    writeFileSync(
      join(cwd, '.env'),
      [
        '# settings for this test',
        `PORT=${port}`,
        'DATABASE=:memory:',
        'START_PLUGIN=0',
        'DASHBOARD_CLIENT_ID="client-from-dotenv"',
        'PLATFORM_ENV=production',
      ].join('\n'),
    );
    const launcher = start({ PLATFORM_ENV: 'sandbox' });
    const config = await answer(`http://127.0.0.1:${port}/config.json`, Date.now() + 30_000);
    // From .env, where nothing else sets it:
    expect(await config.json()).toEqual({
      environment: 'sandbox',
      platformUrl: '',
      notesUrl: '',
      clientId: 'client-from-dotenv',
    });
    // The environment's PLATFORM_ENV=sandbox beat the file's production: the sandbox routes answer.
    expect((await fetch(`http://127.0.0.1:${port}/sandbox/v1/users`)).status).toBe(200);
    expect(launcher.output()).toContain(`Read settings from ${join(cwd, '.env')}`);
    // The bundles, not TypeScript through tsx.
    expect(readFileSync(join(outdir, 'main.js'), 'utf8')).not.toMatch(/tsx/);
    launcher.child.kill('SIGTERM');
    expect(await launcher.exited).toBe(0);
  }, 60_000);

  it('stops with a message naming a bad setting in .env', async () => {
    writeFileSync(join(cwd, '.env'), 'DATABASE=:memory:\nSTART_PLUGIN=0\nTOKEN_TTL_SECONDS=soon\n');
    const launcher = start({});
    expect(await launcher.exited).toBe(2);
    expect(launcher.output()).toMatch(/Invalid service settings:.*TOKEN_TTL_SECONDS/s);
  }, 60_000);
});

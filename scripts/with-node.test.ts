/**
 * scripts/with-node.mjs on the Node that runs the tests (the same branch `npm run test:node20` takes): it
 * refuses a Node the machine does not have, and a command run through it ends as the command did, its output
 * the last thing printed. The LTS branch is `npm run test:lts` itself, run by CI.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../testkit/child-service.ts';

const major = process.versions.node.slice(0, process.versions.node.indexOf('.'));
const withNode = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/with-node.mjs', ...args], { cwd: repoRoot, encoding: 'utf8' });

describe('with-node on the machine’s Node', () => {
  it('runs the command on this Node, with better-sqlite3 loading there, and prints only its output', () => {
    const run = withNode(major, 'node', '-p', "require('better-sqlite3') && process.version");
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`${process.version}\n`);
    expect(run.status).toBe(0);
  });

  it('ends with the command’s status', () => {
    expect(withNode(major, 'node', '-e', 'process.exit(3)').status).toBe(3);
  });

  it('refuses a Node other than the machine’s, naming both', () => {
    const run = withNode('19', 'node', '--version');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`this is Node ${process.versions.node}; put Node 19 first on PATH`);
  });
});

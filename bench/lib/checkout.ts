/**
 * Another git revision of this repository, checked out into a temp worktree
 * that shares this checkout's node_modules, so a benchmark can build and
 * serve it beside this one in the same run (`--base=REV`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './build.ts';

export interface Checkout {
  readonly tree: string;
  remove(): void;
}

export function checkOut(rev: string): Checkout {
  const dir = mkdtempSync(join(tmpdir(), 'bench-base-'));
  const tree = join(dir, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', tree, rev], { cwd: repoRoot, stdio: 'ignore' });
  symlinkSync(join(repoRoot, 'node_modules'), join(tree, 'node_modules'));
  return {
    tree,
    remove: () => {
      execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: repoRoot, stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

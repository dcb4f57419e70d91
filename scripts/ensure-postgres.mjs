#!/usr/bin/env node
/**
 * Makes sure PostgreSQL's server programs (initdb, pg_ctl, postgres) are on
 * the machine: the service tests start a throwaway server from them
 * (testkit/postgres-server.ts). Installs Debian's `postgresql` package
 * with apt when running as root; otherwise prints the command and exits 1.
 * The package's own cluster is left stopped: the tests never use it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = '/usr/lib/postgresql';
const found = () =>
  (existsSync(root) && readdirSync(root).some((version) => existsSync(join(root, version, 'bin', 'initdb')))) ||
  spawnSync('sh', ['-c', 'command -v initdb'], { stdio: 'ignore' }).status === 0;

if (found()) process.exit(0);

const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (hasAptGet && isRoot) {
  console.log("PostgreSQL's server programs are missing; installing Debian's postgresql package with apt-get…");
  const result = spawnSync(
    'sh',
    ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql'],
    { stdio: 'inherit' },
  );
  if (result.status === 0 && found()) process.exit(0);
  console.error(`apt-get could not install PostgreSQL (exit ${result.status}).`);
  process.exit(1);
}

console.error("PostgreSQL's server programs (initdb, pg_ctl) are missing. The service tests need them. Run:");
console.error(
  hasAptGet
    ? '  sudo apt-get update && sudo apt-get install -y postgresql'
    : '  install PostgreSQL 15+ with your package manager (initdb and pg_ctl on PATH)',
);
process.exit(1);

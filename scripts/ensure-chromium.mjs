#!/usr/bin/env node
/**
 * Makes sure the Chromium the e2e tests drive is installed: Debian's
 * /usr/bin/chromium, or the one CHROMIUM_PATH names. Installs it with apt when
 * running as root; otherwise prints the command to run and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(path)) process.exit(0);

const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (hasAptGet && isRoot && !process.env.CHROMIUM_PATH) {
  console.log(`Chromium is missing at ${path}; installing it with apt-get…`);
  const result = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], { stdio: 'inherit' });
  if (result.status === 0 && existsSync(path)) process.exit(0);
  console.error(`apt-get could not install Chromium (exit ${result.status}).`);
  process.exit(1);
}

console.error(`Chromium is missing at ${path}. The e2e tests need it. Run:`);
if (process.env.CHROMIUM_PATH) {
  console.error(`  install Chromium at ${path}, or unset CHROMIUM_PATH to use /usr/bin/chromium`);
} else if (hasAptGet) {
  console.error('  sudo apt-get update && sudo apt-get install -y chromium');
} else {
  console.error('  install Chromium with your package manager, then set CHROMIUM_PATH=/path/to/chromium');
}
process.exit(1);

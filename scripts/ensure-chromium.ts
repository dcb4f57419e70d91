/**
 * Makes sure the Chromium the tests drive is installed: Debian's
 * /usr/bin/chromium, or the one CHROMIUM_PATH names (testkit/chromium.ts).
 * `npm run test:unit` runs it before vitest (sandbox/pictures.test.ts decodes
 * the demo pictures in Chromium) and `npm run test:e2e` before the journeys.
 * Installs Debian's package with apt when running as root and CHROMIUM_PATH
 * names none; otherwise prints what to run and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chosenChromium, chromiumPath, DEBIAN_CHROMIUM } from '../testkit/chromium.ts';

if (existsSync(chromiumPath)) process.exit(0);

const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (hasAptGet && isRoot && !chosenChromium) {
  console.log(`Chromium is missing at ${chromiumPath}; installing it with apt-get…`);
  const result = spawnSync(
    'sh',
    ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium'],
    { stdio: 'inherit' },
  );
  if (result.status === 0 && existsSync(chromiumPath)) process.exit(0);
  console.error(`apt-get could not install Chromium (exit ${result.status}).`);
  process.exit(1);
}

console.error(`Chromium is missing at ${chromiumPath}. The picture test and the e2e journeys need it. Run:`);
if (chosenChromium) {
  console.error(`  install Chromium at ${chromiumPath}, or unset CHROMIUM_PATH to use ${DEBIAN_CHROMIUM}`);
} else if (hasAptGet) {
  console.error('  sudo apt-get update && sudo apt-get install -y chromium');
} else {
  console.error('  install Chromium with your package manager, then set CHROMIUM_PATH=/path/to/chromium');
}
process.exit(1);

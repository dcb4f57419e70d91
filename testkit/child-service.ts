/**
 * The service as its own process (`node --import tsx server/main.ts`, from
 * source; `npm start` runs the same code bundled, see bench/startup.ts): for
 * the crash, log and load checks and the benchmarks. Collects its output,
 * tells when it answers, reads its RSS, and stops it gently (SIGTERM) or not
 * (SIGKILL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface ChildService {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Milliseconds from spawn to the first answered request. */
  readonly startupMs: number;
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string;
  /** Resident memory of the process in bytes. */
  rss(): number;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: a crash. Resolves once the process is gone. */
  kill(): Promise<void>;
  readonly exited: Promise<number | null>;
}

export interface ChildOptions {
  /** The SQLite file; omit it when `env` names the database (DATABASE or DATABASE_URL). */
  readonly database?: string;
  readonly port: number;
  readonly env?: Record<string, string>;
  /** How long to wait for the first answer (a large database opens slower). */
  readonly readyTimeoutMs?: number;
  /** Write the process's stdout to this file instead of keeping it (benchmarks of logging). */
  readonly stdoutFile?: string;
}

/** The first port in [from, to] nobody listens on. */
export async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function waitExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

export interface NodeProcess {
  readonly child: ChildProcess;
  /** Everything it wrote so far: stdout (unless it goes to a file) and stderr. */
  output(): string;
  readonly exited: Promise<number | null>;
}

/** `node args` (in the repo unless `cwd` says otherwise) with only PATH, HOME and `env` set, its output kept. */
export function spawnNode(
  args: readonly string[],
  options: { env: Record<string, string>; cwd?: string; stdoutFile?: string },
): NodeProcess {
  const stdoutFd = options.stdoutFile ? openSync(options.stdoutFile, 'w') : undefined;
  const child = spawn(process.execPath, [...args], {
    cwd: options.cwd ?? repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...options.env },
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  if (stdoutFd !== undefined) closeSync(stdoutFd);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return { child, output: () => output, exited: waitExit(child) };
}

/** Spawns a node process running `args` in the repo and resolves once `readyPath` answers. */
export async function startChild(
  args: readonly string[],
  options: {
    port: number;
    env: Record<string, string>;
    readyPath: string;
    readyTimeoutMs?: number;
    cwd?: string;
    stdoutFile?: string;
  },
): Promise<Omit<ChildService, 'startupMs'> & { startupMs: number }> {
  const started = performance.now();
  const { child, output, exited } = spawnNode(args, options);
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = started + (options.readyTimeoutMs ?? 30_000);
  let ready = false;
  while (performance.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(url + options.readyPath, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      // A 503 from /readyz: up, but its database is not (yet).
      if (response.status < 500) {
        ready = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const startupMs = performance.now() - started;
  if (!ready) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`the process did not answer on ${url} (exit ${child.exitCode}); output:\n${output().slice(-4000)}`);
  }
  const pid = child.pid ?? -1;
  return {
    url,
    port: options.port,
    pid,
    startupMs,
    exited,
    output,
    rss: () => rssOf(pid),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** `server/main.ts` on `database` and `port`, in sandbox mode, seeding the demo on first start. */
export function startChildService(options: ChildOptions): Promise<ChildService> {
  return startChild(['--import', 'tsx', 'server/main.ts'], {
    port: options.port,
    readyPath: '/readyz',
    ...(options.readyTimeoutMs ? { readyTimeoutMs: options.readyTimeoutMs } : {}),
    ...(options.stdoutFile ? { stdoutFile: options.stdoutFile } : {}),
    env: {
      PORT: String(options.port),
      HOST: '127.0.0.1',
      ...(options.database ? { DATABASE: options.database } : {}),
      PLATFORM_ENV: 'sandbox',
      // As in the in-process services (harness.ts): the tests sign up from one address.
      ANONYMOUS_SIGNUPS_PER_MINUTE: '100000',
      ...options.env,
    },
  });
}

/**
 * `npm start`: the platform service and, in the sandbox, the sample AI plugin
 * that answers its mission planner, each in its own process. Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const env = { ...process.env };
const port = env.PORT ?? '8080';
const sandbox = (env.PLATFORM_ENV ?? 'sandbox') === 'sandbox';
const children: ChildProcess[] = [];

function run(name: string, entry: string, extraEnv: Record<string, string> = {}): void {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit', env: { ...env, ...extraEnv } });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0): void {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

run('The platform service', 'server/main.ts');
if (sandbox && env.START_PLUGIN !== '0') {
  run('The sample plugin', 'plugin/main.ts', { PLATFORM_URL: env.PLATFORM_URL ?? `http://127.0.0.1:${port}` });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

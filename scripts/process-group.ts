/**
 * Programs that run and stop together (`npm start`, `npm run dev`): each in
 * its own node process with the terminal's output; when one stops on its own
 * the others are stopped, and Ctrl-C (SIGINT) or SIGTERM stops them all. The
 * launcher exits once every program has, with the first failure's code.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export class ProcessGroup {
  private readonly children: ChildProcess[] = [];
  private stopping = false;

  constructor(private readonly env: NodeJS.ProcessEnv) {
    process.on('SIGINT', () => this.stop(0));
    process.on('SIGTERM', () => this.stop(0));
  }

  /**
   * Starts `node ...args`; its exit, unless the group is stopping, stops the
   * rest. An optional program's exit is reported and the rest go on.
   */
  run(name: string, args: readonly string[], extraEnv: Record<string, string> = {}, optional = false): void {
    const child = spawn(process.execPath, [...args], { stdio: 'inherit', env: { ...this.env, ...extraEnv } });
    child.on('exit', (code, signal) => {
      if (this.stopping) return;
      if (optional) {
        console.error(`${name} stopped (${signal ?? `exit ${code}`}); the rest go on without it`);
        return;
      }
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
      this.stop(code || 1);
    });
    this.children.push(child);
  }

  stop(code: number): void {
    if (this.stopping) return;
    this.stopping = true;
    const running = this.children.filter((child) => child.exitCode === null && child.signalCode === null);
    if (running.length === 0) process.exit(code);
    let left = running.length;
    for (const child of running) {
      child.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(code);
      });
      child.kill('SIGTERM');
    }
    // The service drains its requests before it exits; do not wait for ever.
    setTimeout(() => process.exit(code), 30_000).unref();
  }
}

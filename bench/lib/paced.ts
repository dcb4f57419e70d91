/**
 * Latency at a fixed offered rate, two ways.
 *
 * - `autocannonAtRate`: autocannon's `overallRate`, as the issue names it.
 *   autocannon spreads the rate over its connections and each connection
 *   sends its share for the second back to back from the start of every
 *   second, so the load arrives in bursts of up to `connections` requests.
 * - `pacedAtRate`: an open-loop generator that starts one request every
 *   1/rate seconds whether or not earlier ones are answered, over a pool of
 *   keep-alive connections; a request's latency counts from when it was due,
 *   so a stall of the service shows in the figures instead of slowing the
 *   load (no coordinated omission).
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { type LoadSpec, sumCounts } from './cannon.ts';

export interface RateMeasure {
  /** Requests answered per second. */
  readonly achieved: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly requests: number;
  /** Answers by status code; `error` for a request that got none. */
  readonly statuses: Readonly<Record<string, number>>;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * The run of median p99 among `runs` (one paced run's p99 moves with a single
 * stall of this machine), with the answers of all of them, so an error in any
 * run still shows.
 */
export function medianRun(runs: readonly RateMeasure[]): RateMeasure {
  const sorted = [...runs].sort((a, b) => a.p99 - b.p99);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('medianRun: no run');
  return { ...median, statuses: sumCounts(runs.map((run) => run.statuses)) };
}

export async function pacedAtRate(base: string, spec: LoadSpec, rate: number, seconds: number): Promise<RateMeasure> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(base + spec.path);
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const headers = { ...spec.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) };
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const count = (key: string) => {
    statuses[key] = (statuses[key] ?? 0) + 1;
  };
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: spec.method ?? 'GET',
          headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            count(String(res.statusCode));
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        count('error');
        resolve();
      });
      req.end(body);
    });

  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) inFlight.push(send(started + sent++ * interval));
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    achieved: latencies.length / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    requests: total,
    statuses,
  };
}

export async function autocannonAtRate(
  base: string,
  spec: LoadSpec,
  rate: number,
  seconds: number,
  connections: number,
): Promise<RateMeasure> {
  const result = await autocannon({
    url: base + spec.path,
    connections,
    overallRate: rate,
    duration: seconds,
    timeout: 10,
    method: spec.method ?? 'GET',
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  });
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stats.count;
  if (result.errors > 0) statuses.error = result.errors;
  return {
    achieved: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    statuses,
  };
}

/** `200 9,000 · 503 12` */
export function statusText(statuses: Readonly<Record<string, number>>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => `${code} ${n.toLocaleString('en-US')}`)
    .join(' · ');
}

/**
 * The CPU time, in ms, the main thread of process `pid` has used (Linux: its
 * task's utime and stime, in clock ticks of 10 ms). A service's requests run
 * on its main thread, so its time per request is what a request costs the
 * event loop, whatever else the machine is doing; the checkpointer's and
 * libuv's threads are not in it. NaN where /proc is not there.
 */
export function mainThreadCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

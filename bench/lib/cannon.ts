/**
 * autocannon runs against a URL, and the side-by-side comparison with bare
 * Node: each round measures bare Node and then the target for the same
 * duration, so both see the same machine state; figures are medians over
 * the rounds.
 */
import autocannon from 'autocannon';
import { median, roundRatios } from './stats.ts';

export interface LoadSpec {
  readonly method?: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export interface Measure {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly requests: number;
  /** Failed requests by error code (timeouts as TIMEOUT). */
  readonly errorCodes: Readonly<Record<string, number>>;
  /** Requests that got no answer within the timeout. */
  readonly timeouts: number;
  /** Answers by status code. */
  readonly statuses: Readonly<Record<string, number>>;
}

export async function cannon(base: string, spec: LoadSpec, connections: number, seconds: number): Promise<Measure> {
  const instance = autocannon({
    url: base + spec.path,
    connections,
    duration: seconds,
    timeout: 10,
    method: spec.method ?? 'GET',
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  });
  const errorCodes: Record<string, number> = {};
  instance.on('reqError', (error) => {
    const code = error.code ?? (/timeout/i.test(error.message) ? 'TIMEOUT' : error.message.slice(0, 40));
    errorCodes[code] = (errorCodes[code] ?? 0) + 1;
  });
  const result = await instance;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests.total,
    errorCodes,
    timeouts: result.timeouts,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
    ),
  };
}

export interface SideBySide {
  readonly target: Measure;
  readonly bare: Measure;
  /** Median over rounds of target req/s ÷ bare req/s. */
  readonly ratio: number;
  /** The transport floor of the route (the same request, the same answer bytes, no work), when measured. */
  readonly floor?: Measure;
  /** Median over rounds of target req/s ÷ floor req/s. */
  readonly floorRatio?: number;
}

/** Medians over `rounds` of (bare Node, the route's floor when given, then target), each `seconds` long. */
export async function sideBySide(
  bareUrl: string,
  targetUrl: string,
  spec: LoadSpec,
  options: { rounds: number; seconds: number; connections: number; floorUrl?: string },
): Promise<SideBySide> {
  const bare: Measure[] = [];
  const target: Measure[] = [];
  const floor: Measure[] = [];
  const { floorUrl } = options;
  // Warm them up (JIT, SQLite page cache) before anything counts.
  await cannon(bareUrl, { path: '/' }, options.connections, 1);
  if (floorUrl) await cannon(floorUrl, spec, options.connections, 1);
  await cannon(targetUrl, spec, options.connections, 1);
  for (let round = 0; round < options.rounds; round++) {
    bare.push(await cannon(bareUrl, { path: '/' }, options.connections, options.seconds));
    if (floorUrl) floor.push(await cannon(floorUrl, spec, options.connections, options.seconds));
    target.push(await cannon(targetUrl, spec, options.connections, options.seconds));
  }
  const summarize = (runs: Measure[]): Measure => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    errorCodes: sumCounts(runs.map((r) => r.errorCodes)),
    timeouts: runs.reduce((sum, r) => sum + r.timeouts, 0),
    statuses: sumCounts(runs.map((r) => r.statuses)),
  });
  return {
    target: summarize(target),
    bare: summarize(bare),
    ratio: median(roundRatios(target, bare)),
    ...(floorUrl
      ? {
          floor: summarize(floor),
          floorRatio: median(roundRatios(target, floor)),
        }
      : {}),
  };
}

/** Counts by key, added up over runs. */
export function sumCounts(counts: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const one of counts) for (const [key, n] of Object.entries(one)) total[key] = (total[key] ?? 0) + n;
  return total;
}

/**
 * Overload answered at once: beyond a bound on work in flight
 * (`MAX_IN_FLIGHT`: requests admitted and not yet answered), a request is
 * refused with 503 `overloaded`, `Retry-After` and the one error body before
 * the service does anything for it but receive its body, instead of queueing
 * until the client times out. Health probes are never refused: an orchestrator must see
 * a busy process as alive, not restart it (`/readyz` tells a balancer that
 * this one is saturated, see `saturated`).
 *
 * A request counts only once its body has arrived: `receiveBody`
 * (request.ts) runs before the guard and bounds the wait for the body on its
 * own (408 past its deadlines). Counted from the headers on, a client sending
 * its body one byte at a time held a slot for as long as it liked, and as many
 * such clients as the bound refused every other request (measured: 16 of them
 * at `MAX_IN_FLIGHT=16`, for over 300 s).
 *
 * Requests admitted are served in turns of at most `TURN_SLICE_MS` of the
 * process's CPU time. Handlers that run synchronously (SQLite) finish one
 * after another within one event-loop turn, so without this a flood makes
 * every socket readable at once and one turn serves all of them: the count
 * in flight never grows, and the last request waits for all the others
 * (measured: 1,000 connections on one process, p50 0.7 s, requests over
 * 10 s). Past the slice, a request admitted waits for the next turn
 * (`setImmediate`, in arrival order) and counts as in flight meanwhile, so
 * the bound sees the queue and a flood beyond it is refused at once.
 *
 * Short turns matter beyond the wait itself: Node 20's libuv accepts one new
 * connection per event-loop turn (and a cluster worker takes one handed-over
 * connection per turn), so a process whose turns last 100 ms admits ten new
 * connections a second while hundreds wait in the kernel until they time
 * out. Besides the slice, the connection of a refused request is not read
 * again until `Retry-After` has passed, so a client that ignores
 * `Retry-After` cannot make the process spend its turns refusing it again.
 *
 * The slice is counted in the process's own CPU time, not wall time: it
 * measures the work of this process, so a machine busy with other processes
 * (a shared CI box, several workers on few cores) does not make the service
 * defer requests it would answer as quickly as before. The CPU time
 * (`getrusage`, a system call) is read only once half a slice of wall time
 * has passed in the turn, and counted from there (`sliceSpent`).
 */
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { ErrorBody } from '../../contract/common.ts';
import { errorHeaders } from '../errors.ts';
import { respond } from './response-headers.ts';

export interface OverloadOptions {
  /** Requests admitted and not yet answered, at most. */
  readonly maxInFlight: number;
  /** CPU time (ms) a turn spends on requests before the next ones wait for the next turn. */
  readonly turnSliceMs: number;
  /** Seconds the client is asked to wait (`Retry-After`). */
  readonly retryAfterSeconds?: number;
  /** Paths answered whatever the load (health probes). */
  readonly exempt?: readonly string[];
}

export const HEALTH_PATHS = ['/healthz', '/readyz'] as const;

export interface OverloadGuard {
  readonly middleware: MiddlewareHandler;
  /** Requests admitted and not yet answered (for tests and logs). */
  inFlight(): number;
  /** Whether the next request would be refused: the bound is reached. */
  saturated(): boolean;
}

export function overloadBody(retryAfterSeconds: number): ErrorBody {
  const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
  return {
    error: {
      code: 'overloaded',
      message: `The service is busy and did not start this request; try again in ${retryAfterSeconds} ${unit}`,
    },
  };
}

export function overloadGuard(options: OverloadOptions): OverloadGuard {
  const retryAfter = options.retryAfterSeconds ?? 1;
  const exempt = new Set<string>(options.exempt ?? HEALTH_PATHS);
  // Built once: refusing must cost next to nothing, or refusing becomes the overload.
  const refusal = overloadBody(retryAfter);
  const body = JSON.stringify(refusal);
  const headers = {
    'Content-Type': 'application/json',
    'Retry-After': String(retryAfter),
    'Cache-Control': 'no-store',
    ...errorHeaders('overloaded', refusal.error.message),
  };
  let inFlight = 0;
  /** The monotonic clock (ms) when the current turn's first request arrived; null between turns. */
  let turnStartedWall: number | null = null;
  /** The process's CPU time (µs) at the turn's first reading; null before it. */
  let cpuAtReading: number | null = null;
  /** What the turn had spent at its first reading (ms), counted as the time passed: no less than its CPU time. */
  let spentBeforeReading = 0;
  /** The monotonic clock (ms) before which the slice cannot be spent, so the CPU time need not be read. */
  let readCpuAfter = 0;
  /** Whether this turn has spent its slice: CPU time only grows, so it stays spent until the turn ends. */
  let spent = false;
  const slice = options.turnSliceMs;
  const endTurn = () => {
    turnStartedWall = null;
    cpuAtReading = null;
    spent = false;
  };

  /**
   * Whether this turn has spent its slice (starting a turn when none is on).
   * The CPU time (getrusage: 1 µs idle, 10–30 µs under load) is read only
   * once half a slice of time has passed in the turn; what the turn spent
   * until then counts as the time passed, and from then on its CPU time
   * does. Read at every turn's start and by every request of a long turn, it
   * was 5–10 % of a cached read's cost. The clock (0.1 µs) answers meanwhile:
   * the main thread cannot spend more CPU time than the time that passes.
   */
  const sliceSpent = (): boolean => {
    if (spent) return true;
    const now = performance.now();
    if (turnStartedWall === null) {
      turnStartedWall = now;
      readCpuAfter = now + slice / 2;
      setImmediate(endTurn);
      return false;
    }
    if (now <= readCpuAfter) return false;
    let used: number;
    if (cpuAtReading === null) {
      cpuAtReading = cpuMicros();
      spentBeforeReading = now - turnStartedWall;
      used = spentBeforeReading;
    } else {
      used = spentBeforeReading + (cpuMicros() - cpuAtReading) / 1000;
    }
    spent = used > slice;
    readCpuAfter = now + (slice - used);
    return spent;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (exempt.has(c.req.path)) return next();
    if (inFlight >= options.maxInFlight) {
      holdConnection((c.env as NodeEnv | undefined)?.incoming?.socket, retryAfter * 1000);
      return respond(c, body, 503, headers);
    }
    inFlight++;
    try {
      // Each wait lets the event loop take in connections and requests before this one goes on.
      while (sliceSpent()) await nextTurn();
      await next();
    } finally {
      inFlight--;
    }
  };

  return { middleware, inFlight: () => inFlight, saturated: () => inFlight >= options.maxInFlight };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** What @hono/node-server passes as the app's env. */
interface NodeEnv {
  readonly incoming?: { readonly socket?: Socket };
}

type HttpSocket = Socket & { _paused?: boolean; parser?: { resume(): void } | null };

/**
 * Stops reading a connection for `ms`: the client was asked to wait that long.
 * Node's HTTP server keeps its own flag (`_paused`) for a connection it has
 * stopped reading (a client that sends faster than it reads the answers) and
 * resumes reading a request's socket unless that flag is set, so the hold sets
 * the flag and lifts it the way the server itself does (socketOnDrain in
 * node:_http_server). Where the flag is not there (not a node:http socket),
 * nothing is held.
 */
function holdConnection(socket: Socket | undefined, ms: number): void {
  const held = socket as HttpSocket | undefined;
  if (!held || held.destroyed || held._paused !== false) return;
  held._paused = true;
  held.pause();
  setTimeout(() => {
    if (held.destroyed || held._paused !== true) return;
    held._paused = false;
    held.parser?.resume();
    held.resume();
  }, ms).unref();
}

/**
 * Overload answered at once: beyond a bound on work in flight, a request is
 * refused with 503 `overloaded`, `Retry-After` and the one error body before
 * the service reads or does anything for it, instead of queueing until the
 * client times out.
 *
 * Two measures of the work in flight of this process, because either alone
 * misses one kind of overload:
 *
 * - `MAX_IN_FLIGHT`: requests admitted and not yet answered. These pile up
 *   while handlers wait on something outside the process (a database server,
 *   a plugin, a slow client's body).
 * - `MAX_QUEUE_MS`: how long a request has already waited inside the process
 *   behind the requests taken from the network in the same event-loop turn.
 *   Handlers that run synchronously (SQLite) finish one after another within
 *   one turn, so the count above never grows, yet under a flood every socket
 *   becomes readable at once and the last request of a turn waits for all the
 *   others (measured: 1,000 connections on one process, p50 0.7 s, and
 *   requests over 10 s). The turn starts when its first request arrives and
 *   ends at the next check phase (`setImmediate`), so the wait is measured
 *   exactly, at the cost of one clock read per request.
 *
 * Short turns matter beyond the wait itself: Node 20's libuv accepts one new
 * connection per event-loop turn (and a cluster worker takes one handed-over
 * connection per turn), so a process whose turns last 100 ms admits ten new
 * connections a second while hundreds wait in the kernel until they time
 * out. Two things keep turns short under a flood: the bound on the wait, and
 * holding the connection of a refused request for `Retry-After` before
 * reading its next request, so a client that ignores `Retry-After` cannot
 * make the process spend every turn refusing it again.
 *
 * Health probes are never refused: an orchestrator must see a busy process as
 * alive, not restart it.
 */
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { ErrorBody } from '../../contract/common.ts';

export interface OverloadOptions {
  /** Requests admitted and not yet answered, at most. */
  readonly maxInFlight: number;
  /** Longest a request may have waited in this process's current event-loop turn, in ms. */
  readonly maxQueueMs: number;
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
  const body = JSON.stringify(overloadBody(retryAfter));
  const headers = {
    'Content-Type': 'application/json',
    'Retry-After': String(retryAfter),
    'Cache-Control': 'no-store',
  };
  let inFlight = 0;
  let turnStartedAt: number | null = null;
  const endTurn = () => {
    turnStartedAt = null;
  };

  const waitedInTurn = (): number => {
    const now = performance.now();
    if (turnStartedAt === null) {
      turnStartedAt = now;
      setImmediate(endTurn);
      return 0;
    }
    return now - turnStartedAt;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (exempt.has(c.req.path)) return next();
    const waited = waitedInTurn();
    if (inFlight >= options.maxInFlight || waited > options.maxQueueMs) {
      holdConnection((c.env as NodeEnv | undefined)?.incoming?.socket, retryAfter * 1000);
      return c.body(body, 503, headers);
    }
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };

  return { middleware, inFlight: () => inFlight };
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

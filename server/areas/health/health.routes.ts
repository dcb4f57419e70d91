/** Liveness and readiness of this process (extension, see contract/endpoints/health.ts). */
import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import type { OverloadGuard } from '../../http/overload.ts';
import { setHeader } from '../../http/response-headers.ts';
import type { Router } from '../../http/route.ts';

/**
 * Readiness says "not ready" while the process refuses requests for load
 * (its bound on requests in flight is reached), so that a balancer sends them
 * to another instance; liveness stays "ok", so that nothing restarts a process
 * that is only busy.
 */
export function healthRoutes(router: Router, deps: Deps, load: Pick<OverloadGuard, 'saturated' | 'inFlight'>): void {
  router.bind(e.liveness, () => ({ status: 'ok' as const }));
  router.bind(e.readiness, async ({ context }) => {
    if (load.saturated()) {
      setHeader(context, 'Retry-After', '1');
      throw new HttpError(
        503,
        'overloaded',
        `This process is saturated (${load.inFlight()} requests in flight, as many as it takes); send requests to another instance`,
      );
    }
    try {
      await deps.db.ping();
    } catch {
      throw new HttpError(503, 'unavailable', `The ${deps.db.engine} database does not answer`);
    }
    return { status: 'ready' as const, engine: deps.db.engine };
  });
}

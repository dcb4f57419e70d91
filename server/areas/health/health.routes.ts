/** Liveness and readiness of this process (extension, see contract/endpoints/health.ts). */
import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import type { Router } from '../../http/route.ts';

export function healthRoutes(router: Router, deps: Deps): void {
  router.bind(e.liveness, () => ({ status: 'ok' as const }));
  router.bind(e.readiness, async () => {
    try {
      await deps.db.ping();
    } catch {
      throw new HttpError(503, 'unavailable', `The ${deps.db.engine} database does not answer`);
    }
    return { status: 'ready' as const, engine: deps.db.engine };
  });
}

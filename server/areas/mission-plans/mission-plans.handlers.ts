/**
 * A trainer's mission plan kept by the service (extension): read and
 * replaced by its owner only, the caller's userId being the only key, so no
 * request can name someone else's plan. Trainers only, as the searches whose
 * plan it is.
 */
import {
  type KeptPlan,
  type KeptPlanAnswer,
  keptPlanSchema,
  type SavePlanBody,
} from '../../../contract/mission-plans.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { writtenAt } from '../../access/entries.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { anonymousNotAllowed, forbidden } from '../../errors.ts';
import { missionPlansRepo, type PlanRow } from './mission-plans.repo.ts';

const none: KeptPlanAnswer = { plan: null, savedAt: null };

/** A stored plan that no longer parses (kept by an older service) is answered as none, never as a broken one. */
function answerOf(row: PlanRow | undefined): KeptPlanAnswer {
  if (!row) return none;
  let json: unknown;
  try {
    json = JSON.parse(row.plan);
  } catch {
    return none;
  }
  const parsed = keptPlanSchema.safeParse(json);
  return parsed.success ? { plan: parsed.data, savedAt: writtenAt(row.saved_at) } : none;
}

export function missionPlanHandlers(deps: Deps) {
  async function authorize(caller: UserCaller): Promise<void> {
    if (caller.anonymous) throw anonymousNotAllowed('A mission plan needs a signed-up account, not an anonymous one');
    if (!(await missionPlansRepo(deps.db.q).isTrainer(caller.userId))) {
      throw forbidden('Mission plans are for trainers');
    }
  }

  return {
    async read(caller: UserCaller): Promise<KeptPlanAnswer> {
      await authorize(caller);
      return answerOf(await missionPlansRepo(deps.db.q).planOf(caller.userId));
    },
    async save(caller: UserCaller, body: SavePlanBody): Promise<KeptPlanAnswer> {
      await authorize(caller);
      const plan: KeptPlan | null = body.plan;
      return deps.db.transaction(async (tx) => {
        const repo = missionPlansRepo(tx);
        if (plan === null) {
          if (await repo.remove(caller.userId)) await bump(tx, 'plans');
          return none;
        }
        const at = deps.now();
        await repo.save(caller.userId, JSON.stringify(plan), at);
        await bump(tx, 'plans');
        return { plan, savedAt: writtenAt(at) };
      });
    },
  };
}

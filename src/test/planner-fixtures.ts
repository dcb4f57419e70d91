/** A plugin's answer to a candidate search, as the mission planner's service sends it, for the planner's and readiness's tests. */
import { type PlannerCandidatesResult, plannerCandidatesResultSchema } from '../../contract/mission-planner';

/**
 * The plugin "coach" answered: these positions' candidates, and the people it
 * named (none unless given). Checked by the contract, so it is an answer the
 * service could send.
 */
export function coachAnswer(
  positions: readonly unknown[],
  { name = 'Coach', people = [] }: { readonly name?: string; readonly people?: readonly unknown[] } = {},
): PlannerCandidatesResult {
  return plannerCandidatesResultSchema.parse({
    pluginId: 'coach',
    name,
    status: 'ok',
    candidates: { positions },
    people,
    warnings: [],
  });
}

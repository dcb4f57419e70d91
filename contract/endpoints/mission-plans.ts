/**
 * Extension: the caller's mission plan, kept by the service (contract/mission-plans.ts).
 * Only its owner reads or replaces it: there is no way to name another person's plan.
 */
import { defineEndpoint } from '../endpoint.ts';
import { keptPlanAnswerSchema, savePlanBodySchema } from '../mission-plans.ts';

const PLANNER = 'Mission planner';
const OWNER = 'The caller’s own plan only, keyed by their userId; trainers only, as the searches (403 otherwise).';

export const missionPlanEndpoints = {
  readMissionPlan: defineEndpoint({
    method: 'GET',
    path: '/mission-planner/v1/plan',
    base: 'platform',
    auth: 'training',
    access: OWNER,
    tag: PLANNER,
    summary: 'The caller’s mission plan as they last saved it, or null',
    response: keptPlanAnswerSchema,
    extension: true,
    noStore: true,
  }),
  saveMissionPlan: defineEndpoint({
    method: 'PUT',
    path: '/mission-planner/v1/plan',
    base: 'platform',
    auth: 'training',
    access: OWNER,
    tag: PLANNER,
    summary: 'Replace the caller’s mission plan (the last save wins); null removes it',
    body: savePlanBodySchema,
    response: keptPlanAnswerSchema,
    extension: true,
    noStore: true,
  }),
} as const;

/**
 * A class's readiness plan kept on this device, per signed-in user and class
 * (`td:user:<userId>:plan:readiness:<classId>`): the plugin, the target
 * positions, the positions asked, the plugin's answer (candidates as userIds
 * with their training gaps; no people, no reasons) and the training marked
 * planned. Ids only, never a name. What is read back is checked with the
 * contract's schemas; anything else is dropped, never trusted.
 */
import { z } from 'zod/mini';
import {
  type CandidatePosition,
  candidatePositionSchema,
  knowledgeLevelSchema,
  type PlannerCandidatesResult,
  plannerCandidatesResultSchema,
} from '../../../contract/mission-planner';
import { readItem, removeItem, userKey, writeItem } from '../../lib/storage/app-storage';
import type { PlannedTraining } from './readiness-model';

export const readinessKey = (userId: string, classId: string) => userKey(userId, `plan:readiness:${classId}`);

export const targetSchema = z.object({
  title: z.string(),
  knowledgeLevel: knowledgeLevelSchema,
  afsc: z.string(),
});
export type Target = z.infer<typeof targetSchema>;

const keptSchema = z.object({
  version: z.literal(1),
  pluginId: z.string(),
  targets: z.array(targetSchema),
  asked: z.array(candidatePositionSchema),
  result: z.optional(plannerCandidatesResultSchema),
  planned: z.record(z.string(), z.array(z.string())),
});
export interface KeptReadiness {
  readonly version: 1;
  readonly pluginId: string;
  readonly targets: readonly Target[];
  readonly asked: readonly CandidatePosition[];
  readonly result?: PlannerCandidatesResult | undefined;
  readonly planned: PlannedTraining;
}

/** The answer as it may be kept: who the candidates are and why they were placed stay in memory. */
export function withoutProfileData(result: PlannerCandidatesResult): PlannerCandidatesResult {
  if (result.status !== 'ok') return result;
  const strip = (candidates: (typeof result.candidates.positions)[number]['readyCandidates']) =>
    candidates.map(({ candidateId, trainingGap }) => ({ candidateId, trainingGap }));
  return {
    ...result,
    people: [],
    candidates: {
      positions: result.candidates.positions.map((position) => ({
        title: position.title,
        readyCandidates: strip(position.readyCandidates),
        recommendedCandidates: strip(position.recommendedCandidates),
      })),
    },
  };
}

export function readKept(userId: string, classId: string): KeptReadiness | undefined {
  const text = readItem(readinessKey(userId, classId));
  if (!text) return undefined;
  try {
    const parsed = keptSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeKept(userId: string, classId: string, kept: KeptReadiness): void {
  writeItem(
    readinessKey(userId, classId),
    JSON.stringify({ ...kept, result: kept.result ? withoutProfileData(kept.result) : undefined }),
  );
}

export function removeKept(userId: string, classId: string): void {
  removeItem(readinessKey(userId, classId));
}

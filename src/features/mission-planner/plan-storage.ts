/**
 * The plan kept on the device when the service keeps no plans (the plans
 * extension, use-kept-planner.ts): per signed-in user, under
 * `td:user:<userId>:draft:planner`, the positions, plugin, requirements, the
 * last search's answers, shortlists and slots. Profile data never goes in: the
 * answers are kept without `people` and without the plugin's reasons (which
 * quote a person's AFSC and skills), so candidates are kept as userIds only
 * and their names are asked for again when shown (api/plan-names.ts). What
 * is read back is checked with the contract's schemas: a plan kept by an
 * older dashboard, or tampered with, is dropped, never trusted.
 */
import type { PlannerCandidatesResult } from '../../../contract/mission-planner';
import { type KeptPlan, keptPlanSchema } from '../../../contract/mission-plans';
import { readItem, removeItem, userKey, writeItem } from '../../lib/storage/app-storage';
import { initialPlannerState, newPosition, type PlannerState } from './planner-model';

export const planKey = (userId: string) => userKey(userId, 'draft:planner');

export type SavedPlan = KeptPlan;

/** An answer as it may be kept: who the candidates are and why they were placed stay in memory. */
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

export function savedPlanOf(state: PlannerState): SavedPlan {
  return {
    version: 1,
    pluginId: state.pluginId,
    positions: state.positions.map(({ title, knowledgeLevel, afsc, count, exactMatch }) => ({
      title,
      knowledgeLevel,
      afsc,
      count,
      exactMatch,
    })),
    ...(state.requirements ? { requirements: state.requirements.map((r) => ({ ...r, rows: [...r.rows] })) } : {}),
    asked: [...state.asked],
    ...(state.results ? { results: state.results.map(withoutProfileData) } : {}),
    shortlist: state.shortlist.map((list) => [...list]),
    slots: state.slots.map((list) => [...list]),
  };
}

/** A plan nobody has started, not even by choosing a plugin: nothing worth keeping. */
export function isBlank(plan: SavedPlan): boolean {
  return JSON.stringify(plan) === JSON.stringify(savedPlanOf(initialPlannerState()));
}

/** The page's state for a kept plan: what was built, nothing said yet, no focus moved. */
export function restoredState(plan: SavedPlan): PlannerState {
  return {
    ...initialPlannerState(plan.pluginId),
    positions: plan.positions.length > 0 ? plan.positions.map((p) => ({ ...newPosition(), ...p })) : [newPosition()],
    requirements: plan.requirements,
    asked: plan.asked,
    results: plan.results,
    shortlist: plan.shortlist,
    slots: plan.slots,
  };
}

export function readSavedPlan(userId: string): SavedPlan | undefined {
  const raw = readItem(planKey(userId));
  if (raw === null) return undefined;
  try {
    const parsed = keptPlanSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: dropped below, as a plan of the wrong shape is.
  }
  removeItem(planKey(userId));
  return undefined;
}

export function writeSavedPlan(userId: string, plan: SavedPlan): void {
  if (isBlank(plan)) removeItem(planKey(userId));
  else writeItem(planKey(userId), JSON.stringify(plan));
}

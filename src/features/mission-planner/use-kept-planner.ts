/**
 * The planner's state, kept while the page is left: whole (names and the
 * plugin's reasons included) in React Query's memory-only cache, which is
 * cleared on sign-out, and without profile data in the person's storage
 * (plan-storage.ts), so a reload or a new tab reopens the plan too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useEffect, useReducer } from 'react';
import { missionPlannerQueries } from './api/mission-planner-queries';
import { readSavedPlan, restoredState, savedPlanOf, writeSavedPlan } from './plan-storage';
import { initialPlannerState, type PlannerAction, type PlannerState, plannerReducer } from './planner-model';

const silent = { message: '', tone: 'info' } as const;

export function useKeptPlanner(userId: string): [PlannerState, Dispatch<PlannerAction>] {
  const queryClient = useQueryClient();
  const key = missionPlannerQueries.keptPlan(userId);
  const [state, dispatch] = useReducer(plannerReducer, undefined, (): PlannerState => {
    const inMemory = queryClient.getQueryData<PlannerState>(key);
    // What the page said last time was said then; reopened, it says nothing until something happens.
    if (inMemory) return { ...inMemory, status: silent, searchStatus: silent };
    const saved = readSavedPlan(userId);
    return saved ? restoredState(saved) : initialPlannerState();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is made of `userId`.
  useEffect(() => {
    // Kept until sign-out clears the cache, not dropped minutes after the page is left.
    queryClient.setQueryDefaults(key, { gcTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(key, state);
    writeSavedPlan(userId, savedPlanOf(state));
  }, [state, userId, queryClient]);

  return [state, dispatch];
}

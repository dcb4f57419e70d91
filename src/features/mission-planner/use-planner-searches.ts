/**
 * The planner's two searches, competencies then candidates: each checks its
 * step's input first (refused input is said on the form, never sent), then
 * tells the plan what was asked and what the plugin answered.
 */
import type { Dispatch } from 'react';
import { useCandidatesSearch, useCapabilitiesSearch } from './api/mission-planner-queries';
import { type PlannerAction, type PlannerState, validatePositions, validateRequirements } from './planner-model';

export function usePlannerSearches(state: PlannerState, dispatch: Dispatch<PlannerAction>, pluginId: string) {
  const capabilities = useCapabilitiesSearch();
  const candidates = useCandidatesSearch();

  // The searches' answers were for the positions and plugin as they were.
  const forgetSearches = () => {
    capabilities.reset();
    candidates.reset();
  };

  const findCompetencies = async () => {
    const { positions: valid, errors } = validatePositions(state.positions);
    if (!valid || !pluginId) {
      dispatch({ type: 'positionsRefused', errors, pluginMissing: !pluginId });
      return;
    }
    dispatch({ type: 'competenciesAsked', errors });
    candidates.reset();
    try {
      const answer = await capabilities.mutateAsync({ pluginIds: [pluginId], positions: valid });
      dispatch({ type: 'competenciesAnswered', positions: valid, result: answer.results[0] });
    } catch (error) {
      dispatch({ type: 'competenciesFailed', error });
    }
  };

  const searchCandidates = async () => {
    if (!state.requirements) return;
    const { positions: valid, errors } = validateRequirements(state.requirements);
    if (!valid) {
      dispatch({ type: 'requirementsRefused', errors });
      return;
    }
    dispatch({ type: 'candidatesAsked', positions: valid, errors });
    try {
      const answer = await candidates.mutateAsync({ pluginIds: [pluginId], positions: valid });
      dispatch({ type: 'candidatesAnswered', results: answer.results });
    } catch (error) {
      dispatch({ type: 'candidatesFailed', error });
    }
  };

  return { capabilities, candidates, forgetSearches, findCompetencies, searchCandidates };
}

export type PlannerSearches = ReturnType<typeof usePlannerSearches>;

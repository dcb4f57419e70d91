/**
 * Mission planner (extension of section 4.2): the plugins offered, and the
 * two searches the service relays to them. Searches are mutations: each is a
 * person's explicit request, and their answers (which name people) live only
 * in memory.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { plannerEndpoints } from '../../../../contract/endpoints/mission-planner';
import type { PlannerCandidatesBody, PlannerCapabilitiesBody } from '../../../../contract/mission-planner';
import { call } from '../../../lib/api/client';

export const missionPlannerQueries = {
  all: () => ['mission-planner'] as const,
  plugins: () =>
    queryOptions({
      queryKey: [...missionPlannerQueries.all(), 'plugins'] as const,
      queryFn: ({ signal }) => call(plannerEndpoints.plannerPlugins, { signal }),
    }),
};

export function useCapabilitiesSearch() {
  return useMutation({
    mutationFn: (body: PlannerCapabilitiesBody) => call(plannerEndpoints.plannerCapabilities, { body }),
  });
}

export function useCandidatesSearch() {
  return useMutation({
    mutationFn: (body: PlannerCandidatesBody) => call(plannerEndpoints.plannerCandidates, { body }),
  });
}

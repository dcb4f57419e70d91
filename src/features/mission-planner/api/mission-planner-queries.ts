/**
 * Mission planner (extension of section 4.2): the plugins offered, the two
 * searches the service relays to them, and the names of what a kept plan
 * shows. Searches are mutations: each is a person's explicit request, and
 * their answers (which name people) live only in memory; the plan kept per
 * user holds ids, whose names are asked for again when shown.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { plannerEndpoints } from '../../../../contract/endpoints/mission-planner';
import { missionPlanEndpoints } from '../../../../contract/endpoints/mission-plans';
import type { PlannerCandidatesBody, PlannerCapabilitiesBody } from '../../../../contract/mission-planner';
import type { KeptPlan } from '../../../../contract/mission-plans';
import { call } from '../../../lib/api/client';

/** Ids of one names request: at most 200 of each kind, as the service takes them. */
export interface NamesChunk {
  readonly userIds: readonly string[];
  readonly courseIds: readonly string[];
  readonly objectiveIds: readonly string[];
}

const joined = (ids: readonly string[]) => (ids.length > 0 ? ids.join(',') : undefined);

export const missionPlannerQueries = {
  all: () => ['mission-planner'] as const,
  plugins: () =>
    queryOptions({
      queryKey: [...missionPlannerQueries.all(), 'plugins'] as const,
      queryFn: ({ signal }) => call(plannerEndpoints.plannerPlugins, { signal }),
    }),
  names: (pluginId: string, chunk: NamesChunk) =>
    queryOptions({
      queryKey: [...missionPlannerQueries.all(), 'names', pluginId, chunk] as const,
      queryFn: ({ signal }) =>
        call(plannerEndpoints.plannerNames, {
          query: {
            pluginId,
            userIds: joined(chunk.userIds),
            courseIds: joined(chunk.courseIds),
            objectiveIds: joined(chunk.objectiveIds),
          },
          signal,
        }),
      // Names change rarely; a plan reopened within the session asks once.
      staleTime: 10 * 60_000,
      // Without names the plan is still the plan: said beside it, never the route's error page.
      throwOnError: false,
    }),
  /** The plan the service keeps for the signed-in trainer (extension); asked for once a page visit. */
  servicePlan: (userId: string) =>
    queryOptions({
      queryKey: [...missionPlannerQueries.all(), 'service-plan', userId] as const,
      queryFn: ({ signal }) => call(missionPlanEndpoints.readMissionPlan, { signal }),
      // What this session saves is what the service holds; another device's save is read on the next visit.
      staleTime: 0,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
      // Without it the plan is kept on the device: said on the page, never the route's error page.
      throwOnError: false,
    }),
  /** The whole plan, names and reasons included, kept in memory while the page is left (cleared on sign-out). */
  keptPlan: (userId: string) => [...missionPlannerQueries.all(), 'kept-plan', userId] as const,
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

export function saveServicePlan(plan: KeptPlan | null) {
  return call(missionPlanEndpoints.saveMissionPlan, { body: { plan } });
}

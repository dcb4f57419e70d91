/**
 * Names for what a plan shows by id: the candidates (from the search's answer
 * while it is in memory, else asked for), and the courses and objectives of
 * the training gaps (always asked for: a plugin answers with ids only). The
 * ids go in chunks of 200 a kind, the most the service takes in one request.
 */
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { idSchema, limits } from '../../../../contract/common';
import type { CandidatePerson, PlannerCandidatesResult, PlannerNames } from '../../../../contract/mission-planner';
import { missionPlannerQueries, type NamesChunk } from './mission-planner-queries';

export interface PlanNames {
  person(userId: string): CandidatePerson | undefined;
  course(courseId: string): string | undefined;
  objective(objectiveId: string): string | undefined;
  /** Some names are still being asked for. */
  readonly pending: boolean;
  /** Some could not be had; those ids are shown as unnamed. */
  readonly failed: boolean;
}

/** An id the catalogue could hold: a plugin may send any string, the service names only ids. */
const askable = (id: string) => !id.includes(',') && idSchema.safeParse(id).success;

/** Every id a set of answers shows, by kind; people already named by the answers left out. */
export function idsToName(results: readonly PlannerCandidatesResult[]): NamesChunk {
  const userIds = new Set<string>();
  const courseIds = new Set<string>();
  const objectiveIds = new Set<string>();
  for (const result of results) {
    if (result.status !== 'ok') continue;
    const named = new Set(result.people.map((p) => p.userId));
    for (const position of result.candidates.positions) {
      for (const candidate of [...position.readyCandidates, ...position.recommendedCandidates]) {
        if (!named.has(candidate.candidateId)) userIds.add(candidate.candidateId);
        for (const gap of candidate.trainingGap) {
          for (const action of gap.recommendedAction) {
            for (const id of action.objectIds) (action.type === 'course' ? courseIds : objectiveIds).add(id);
          }
        }
      }
    }
  }
  return {
    userIds: [...userIds].filter(askable).sort(),
    courseIds: [...courseIds].filter(askable).sort(),
    objectiveIds: [...objectiveIds].filter(askable).sort(),
  };
}

export function chunksOf(ids: NamesChunk, size: number = limits.idList): NamesChunk[] {
  const count = Math.ceil(Math.max(ids.userIds.length, ids.courseIds.length, ids.objectiveIds.length) / size);
  return Array.from({ length: count }, (_, index) => ({
    userIds: ids.userIds.slice(index * size, (index + 1) * size),
    courseIds: ids.courseIds.slice(index * size, (index + 1) * size),
    objectiveIds: ids.objectiveIds.slice(index * size, (index + 1) * size),
  }));
}

interface Asked {
  readonly answers: readonly (PlannerNames | undefined)[];
  readonly pending: boolean;
  readonly failed: boolean;
}

// One function for every render, so React Query keeps the combined value until an answer changes.
function combine(queries: readonly UseQueryResult<PlannerNames>[]): Asked {
  return {
    answers: queries.map((query) => query.data),
    pending: queries.some((query) => query.isPending && query.fetchStatus !== 'idle'),
    failed: queries.some((query) => query.isError),
  };
}

export function usePlanNames(pluginId: string, results: readonly PlannerCandidatesResult[] | undefined): PlanNames {
  const chunks = useMemo(() => (results ? chunksOf(idsToName(results)) : []), [results]);
  const asked = useQueries({
    queries: chunks.map((chunk) => ({ ...missionPlannerQueries.names(pluginId, chunk), enabled: pluginId !== '' })),
    combine,
  });
  return useMemo(() => {
    const people = new Map<string, CandidatePerson>();
    const courses = new Map<string, string>();
    const objectives = new Map<string, string>();
    for (const answer of asked.answers) {
      for (const person of answer?.people ?? []) people.set(person.userId, person);
      for (const course of answer?.courses ?? []) courses.set(course.courseId, course.name);
      for (const objective of answer?.objectives ?? []) objectives.set(objective.objectiveId, objective.name);
    }
    for (const result of results ?? []) {
      if (result.status === 'ok') for (const person of result.people) people.set(person.userId, person);
    }
    return {
      person: (userId) => people.get(userId),
      course: (courseId) => courses.get(courseId),
      objective: (objectiveId) => objectives.get(objectiveId),
      pending: asked.pending,
      failed: asked.failed,
    };
  }, [asked, results]);
}

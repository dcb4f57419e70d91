/**
 * Names of the courses and objectives the plugin recommended: a plugin
 * answers with ids only, so they are asked for (in requests of 200 ids a
 * kind) through the planner's names endpoint, as the plugin itself may read
 * them. Until they arrive, or where it cannot name one, the id is shown.
 */
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { PlannerNames } from '../../../../contract/mission-planner';
import { parseTrainingKey, type TrainingKey, trainingKey } from '../readiness-model';
import type { TrainingNamer } from '../readiness-text';
import { idChunks, readinessQueries } from './readiness-queries';

interface Asked {
  readonly answers: readonly (PlannerNames | undefined)[];
  readonly failed: boolean;
}

function combine(queries: readonly UseQueryResult<PlannerNames>[]): Asked {
  return { answers: queries.map((q) => q.data), failed: queries.some((q) => q.isError) };
}

export function useTrainingNames(
  pluginId: string,
  keys: readonly TrainingKey[],
): { readonly name: TrainingNamer; readonly failed: boolean } {
  const requests = useMemo(() => {
    const parsed = keys.map(parseTrainingKey);
    const courses = idChunks(parsed.filter((k) => k.type === 'course').map((k) => k.id));
    const objectives = idChunks(parsed.filter((k) => k.type === 'objective').map((k) => k.id));
    return [
      ...courses.map((ids) => readinessQueries.names(pluginId, 'courseIds', ids)),
      ...objectives.map((ids) => readinessQueries.names(pluginId, 'objectiveIds', ids)),
    ];
  }, [pluginId, keys]);
  const asked = useQueries({
    queries: requests.map((request) => ({ ...request, enabled: pluginId !== '' })),
    combine,
  });
  const namedText = useMemo(() => {
    const named: [TrainingKey, string][] = [];
    for (const answer of asked.answers) {
      for (const course of answer?.courses ?? []) named.push([trainingKey('course', course.courseId), course.name]);
      for (const objective of answer?.objectives ?? [])
        named.push([trainingKey('objective', objective.objectiveId), objective.name]);
    }
    return JSON.stringify(named);
  }, [asked.answers]);
  // The same names keep the same namer: the matrix's rows re-render when it changes (each row is memoised
  // on it), and the queries' every step (subscribed, fetching, an answer that names nothing new) need not.
  const names = useMemo(() => new Map(JSON.parse(namedText) as [TrainingKey, string][]), [namedText]);
  const name = useCallback((key: TrainingKey) => names.get(key), [names]);
  return { name, failed: asked.failed };
}

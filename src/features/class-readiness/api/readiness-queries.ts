/**
 * Class readiness asks the service's mission planner extension (the plugins
 * offered, the capabilities and candidate searches, the names of courses and
 * objectives) and reads when the class's students were last written about
 * from the class activity extension, or the interface's own comment and note
 * lists where it is absent. Searches are mutations: each is the
 * trainer's explicit request; their answers name people and live in memory.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { idSchema, limits } from '../../../../contract/common';
import { classActivityEndpoints } from '../../../../contract/endpoints/class-activity';
import { commentEndpoints } from '../../../../contract/endpoints/comments';
import { plannerEndpoints } from '../../../../contract/endpoints/mission-planner';
import { noteEndpoints } from '../../../../contract/endpoints/notes';
import type { PlannerCandidatesBody, PlannerCapabilitiesBody } from '../../../../contract/mission-planner';
import { call, callAnswer } from '../../../lib/api/client';
import { withExtension } from '../../../lib/api/extensions';
import { readListPage, wholeList } from '../../../lib/api/paging';

export interface WrittenAbout {
  readonly userId: string;
  readonly createdAt: string | undefined;
}

/** An id the names endpoint takes: a plugin may send any string. */
const askable = (id: string) => !id.includes(',') && idSchema.safeParse(id).success;

/** Ids in requests of at most 200, the most the service takes in one. */
export function idChunks(ids: readonly string[]): string[][] {
  const wanted = [...new Set(ids)].filter(askable).sort();
  const chunks: string[][] = [];
  for (let at = 0; at < wanted.length; at += limits.idList) chunks.push(wanted.slice(at, at + limits.idList));
  return chunks;
}

export const readinessQueries = {
  all: () => ['class-readiness'] as const,
  plugins: () =>
    queryOptions({
      queryKey: [...readinessQueries.all(), 'plugins'] as const,
      queryFn: ({ signal }) => call(plannerEndpoints.plannerPlugins, { signal }),
    }),
  names: (pluginId: string, kind: 'courseIds' | 'objectiveIds', ids: readonly string[]) =>
    queryOptions({
      queryKey: [...readinessQueries.all(), 'names', pluginId, kind, ids] as const,
      queryFn: ({ signal }) =>
        call(plannerEndpoints.plannerNames, { query: { pluginId, [kind]: ids.join(',') }, signal }),
      staleTime: 10 * 60_000,
      // Without names the matrix still stands, the training shown by id.
      throwOnError: false,
    }),
  /** Who in the class was written about when: the newest of each kind per student, or every entry of the lists. */
  writtenAbout: (classId: string) =>
    queryOptions({
      queryKey: [...readinessQueries.all(), 'written-about', classId] as const,
      queryFn: async ({ signal }): Promise<WrittenAbout[]> => {
        // Our service counts them (one row per student, whatever the class's history); the platform's lists otherwise.
        const counted = await withExtension<WrittenAbout[] | null>(
          'class-activity',
          async () =>
            (await call(classActivityEndpoints.classActivity, { query: { classId }, signal })).students.flatMap((s) =>
              [s.comments.latest, s.notes.latest].flatMap((latest) =>
                latest ? [{ userId: s.userId, createdAt: latest }] : [],
              ),
            ),
          () => null,
        );
        if (counted) return counted;
        const [comments, notes] = await Promise.all([
          wholeList((cursor) =>
            readListPage(
              (paging) => callAnswer(commentEndpoints.listComments, { query: { classId, ...paging }, signal }),
              cursor,
            ),
          ),
          wholeList((cursor) =>
            readListPage(
              (paging) => callAnswer(noteEndpoints.listNotes, { query: { classId, ...paging }, signal }),
              cursor,
            ),
          ),
        ]);
        return [
          ...comments.map((c) => ({ userId: c.student.userId, createdAt: c.createdAt })),
          ...notes.map((n) => ({ userId: n.userId, createdAt: n.createdAt })),
        ];
      },
      throwOnError: false,
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

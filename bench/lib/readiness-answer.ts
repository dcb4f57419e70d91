/**
 * The readiness bench's class, as a plugin would judge it: the position's
 * competencies, and who is ready for it. One generator for the stand-alone
 * page (which is handed the answer) and the bench plugin (which the service
 * asks, for the page reached through the dashboard), so both matrices show
 * the same calls in the same rows.
 */
import type { CandidatePosition, CandidatesResponse, CompetencyLevel } from '../../contract/mission-planner.ts';

/** What the plugin prefers of each competency; the dashboard asks for one level below as the minimum. */
export const PREFERRED_LEVEL: CompetencyLevel = 'advanced';

/** `count` competencies, `comp-1` onwards. */
export function benchCompetencies(count: number): { competencyId: string; title: string }[] {
  return Array.from({ length: count }, (_, c) => ({ competencyId: `comp-${c + 1}`, title: `Competency ${c + 1}` }));
}

/**
 * Where the plugin places `userIds` (in the order the class lists them) for
 * `position`: one in ten ready, one in ten not returned (not known), the rest
 * recommended with a gap in every other competency (from a different one
 * each), each gap with a course (shared by five competencies) and an
 * objective of its own.
 */
export function placedCandidates(
  position: CandidatePosition,
  userIds: readonly string[],
): CandidatesResponse['positions'][number] {
  const candidate = (i: number) => ({
    candidateId: userIds[i] ?? '',
    trainingGap: position.competencies
      .filter((_, c) => (c + i) % 2 === 0)
      .map((comp, c) => ({
        competencyId: comp.competencyId,
        recommendedAction: [
          { type: 'course' as const, objectIds: [`crs-${Math.floor(c / 5) + 1}`] },
          { type: 'objective' as const, objectIds: [`obj-${comp.competencyId}`] },
        ],
        currentLevel: c % 3 === 0 ? null : ('basic' as const),
      })),
    reason: 'Generated for the bench',
  });
  const indices = userIds.map((_, i) => i);
  return {
    title: position.title,
    readyCandidates: indices
      .filter((i) => i % 10 === 0)
      .map((i) => ({ candidateId: userIds[i] ?? '', trainingGap: [] })),
    recommendedCandidates: indices.filter((i) => i % 10 !== 0 && i % 10 !== 9).map(candidate),
  };
}

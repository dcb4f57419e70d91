/**
 * The class the readiness components' tests read: three students and one
 * position of one competency, with the one course name the plugin's answers
 * use, and the plugin's answer for them: Ann ready, the students each test
 * names recommended course c1 for Networking, the rest not returned.
 */
import type { CandidatePosition, PlannerCandidatesResult } from '../../../../contract/mission-planner';
import { coachAnswer } from '../../../test/planner-fixtures';
import type { ClassMember, TrainingKey } from '../readiness-model';

export const members: ClassMember[] = [
  { userId: 'u-ann', name: 'Ann Lee' },
  { userId: 'u-bob', name: 'Bob Ray' },
  { userId: 'u-cy', name: 'Cy Day' },
];

export const asked: CandidatePosition[] = [
  {
    title: 'Lead',
    count: 1000,
    competencies: [
      { competencyId: 'net', title: 'Networking', minimumRequirement: 'basic', preferredRequirement: 'intermediate' },
    ],
  },
];

/** The plugin names course c1; anything else goes by its id. */
export const name = (key: TrainingKey) => (key === 'course:c1' ? 'Network basics' : undefined);

/** The plugin's answer: Ann ready, each of `recommended` (userIds) with a Networking gap course c1 closes. */
export function answerRecommending(recommended: readonly string[]): PlannerCandidatesResult {
  const gap = { competencyId: 'net', recommendedAction: [{ type: 'course', objectIds: ['c1'] }] };
  return coachAnswer([
    {
      title: 'Lead',
      readyCandidates: [{ candidateId: 'u-ann', trainingGap: [] }],
      recommendedCandidates: recommended.map((candidateId) => ({ candidateId, trainingGap: [gap] })),
    },
  ]);
}

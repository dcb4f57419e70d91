/**
 * The class the readiness components' tests read: three students and one
 * position of one competency, with the one course name the plugin's answers
 * use. Each test gives its own answer.
 */
import type { CandidatePosition } from '../../../../contract/mission-planner';
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

import { describe, expect, it } from 'vitest';
import { coachAnswer } from '../../../test/planner-fixtures';
import { chunksOf, idsToName } from './plan-names';

describe('the ids a plan asks names for', () => {
  it('asks for unnamed people and every course and objective, once each, and only ids the service could know', () => {
    const result = coachAnswer(
      [
        {
          title: 'Lead',
          readyCandidates: [{ candidateId: 'u-1', trainingGap: [] }],
          recommendedCandidates: [
            {
              candidateId: 'u-2',
              trainingGap: [
                {
                  competencyId: 'a',
                  recommendedAction: [
                    { type: 'course', objectIds: ['crs-1', 'crs,2', ' padded '] },
                    { type: 'objective', objectIds: ['obj-1'] },
                  ],
                },
                { competencyId: 'b', recommendedAction: [{ type: 'course', objectIds: ['crs-1'] }] },
              ],
            },
          ],
        },
      ],
      { people: [{ userId: 'u-1', displayName: 'Ann', afsc: '', dutyTitle: '', inYourClasses: true }] },
    );
    expect(idsToName([result])).toEqual({ userIds: ['u-2'], courseIds: ['crs-1'], objectiveIds: ['obj-1'] });
  });

  it('splits the ids into requests of at most 200 of each kind', () => {
    const userIds = Array.from({ length: 450 }, (_, i) => `u-${i}`);
    const chunks = chunksOf({ userIds, courseIds: ['c'], objectiveIds: [] });
    expect(chunks.map((c) => [c.userIds.length, c.courseIds.length])).toEqual([
      [200, 1],
      [200, 0],
      [50, 0],
    ]);
    expect(chunks.flatMap((c) => c.userIds)).toEqual(userIds);
  });
});

import { describe, expect, it } from 'vitest';
import { coachAnswer } from '../../test/planner-fixtures';
import { planKey, readSavedPlan, restoredState, savedPlanOf, writeSavedPlan } from './plan-storage';
import {
  initialPlannerState,
  newPosition,
  type PlannerAction,
  type PlannerState,
  plannerReducer,
} from './planner-model';

const asked = [
  {
    title: 'Lead',
    count: 1,
    competencies: [
      {
        competencyId: 'a',
        title: 'A',
        minimumRequirement: 'basic' as const,
        preferredRequirement: 'advanced' as const,
      },
    ],
  },
];
const answer = coachAnswer(
  [
    {
      title: 'Lead',
      readyCandidates: [{ candidateId: 'usr-ann', trainingGap: [], reason: 'Ready: AFSC 3D072 held since 2019.' }],
      recommendedCandidates: [
        {
          candidateId: 'usr-ben',
          trainingGap: [
            {
              competencyId: 'a',
              currentLevel: null,
              recommendedAction: [{ type: 'course', objectIds: ['crs-net'] }],
            },
          ],
        },
      ],
    },
  ],
  {
    name: 'Readiness Coach',
    people: [
      {
        userId: 'usr-ann',
        displayName: 'SSgt Ann Archer',
        afsc: '3D072',
        dutyTitle: 'Shift lead',
        inYourClasses: true,
      },
      { userId: 'usr-ben', displayName: 'A1C Ben Brook', afsc: '3D032', dutyTitle: 'Operator', inYourClasses: false },
    ],
  },
);

function plan(): PlannerState {
  const steps: PlannerAction[] = [
    { type: 'pluginChanged', pluginId: 'coach' },
    { type: 'positionsChanged', positions: [{ ...newPosition(), title: 'Lead', afsc: '3D0X2' }] },
    { type: 'candidatesAsked', positions: asked, errors: [{}] },
    { type: 'candidatesAnswered', results: [answer] },
    { type: 'shortlistToggled', position: 0, userId: 'usr-ben' },
    { type: 'slotAssigned', position: 0, userId: 'usr-ann' },
  ];
  return steps.reduce(plannerReducer, initialPlannerState());
}

describe('the plan kept in the person’s storage', () => {
  it('is kept per user and reopens with positions, plugin, candidates, shortlist and slots', () => {
    const state = plan();
    writeSavedPlan('usr-trainer', savedPlanOf(state));
    expect(window.localStorage.getItem('td:user:usr-trainer:draft:planner')).not.toBeNull();
    expect(readSavedPlan('usr-other')).toBeUndefined();
    const saved = readSavedPlan('usr-trainer');
    if (!saved) throw new Error('the plan was not kept');
    const reopened = restoredState(saved);
    expect(reopened.pluginId).toBe('coach');
    expect(reopened.positions.map((p) => [p.title, p.afsc])).toEqual([['Lead', '3D0X2']]);
    expect(reopened.asked).toEqual(asked);
    expect(reopened.shortlist).toEqual([['usr-ben']]);
    expect(reopened.slots).toEqual([['usr-ann']]);
    const kept = reopened.results?.[0];
    if (kept?.status !== 'ok') throw new Error('the answer was not kept');
    expect(kept.candidates.positions[0]?.recommendedCandidates[0]?.trainingGap[0]?.recommendedAction).toEqual([
      { type: 'course', objectIds: ['crs-net'] },
    ]);
    // Reopened, nothing is announced and no focus moves.
    expect(reopened).toMatchObject({ requirementsEntered: 0, resultsEntered: 0, searchStatus: { message: '' } });
  });

  it('holds no profile data: candidates as userIds, without names, AFSCs, duty titles or the plugin’s reasons', () => {
    writeSavedPlan('usr-trainer', savedPlanOf(plan()));
    const stored = window.localStorage.getItem(planKey('usr-trainer')) ?? '';
    expect(stored).toContain('usr-ann');
    for (const profileValue of ['Ann', 'Archer', 'Brook', '3D072', '3D032', 'Shift lead', 'Operator', 'since 2019']) {
      expect(stored).not.toContain(profileValue);
    }
  });

  it('drops a kept plan it cannot read, and keeps nothing for a plan not started', () => {
    window.localStorage.setItem(planKey('usr-trainer'), '{"version":1,"positions":"not a list"}');
    expect(readSavedPlan('usr-trainer')).toBeUndefined();
    expect(window.localStorage.getItem(planKey('usr-trainer'))).toBeNull();
    window.localStorage.setItem(planKey('usr-trainer'), 'not json');
    expect(readSavedPlan('usr-trainer')).toBeUndefined();

    writeSavedPlan('usr-trainer', savedPlanOf(plan()));
    writeSavedPlan('usr-trainer', savedPlanOf(initialPlannerState()));
    expect(window.localStorage.getItem(planKey('usr-trainer'))).toBeNull();
  });
});

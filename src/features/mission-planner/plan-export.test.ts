import { describe, expect, it } from 'vitest';
import type { CandidatePosition } from '../../../contract/mission-planner';
import { csvText } from '../../lib/export/csv';
import { coachAnswer } from '../../test/planner-fixtures';
import type { PlanNames } from './api/plan-names';
import { planFileName, planRows } from './plan-export';

describe("the plan's file name", () => {
  it('is named by the day', () => {
    expect(planFileName(new Date('2026-03-04T12:00:00Z'))).toBe('mission-plan-2026-03-04.csv');
  });
});

const asked: CandidatePosition[] = [
  {
    title: 'Lead',
    count: 2,
    competencies: [
      { competencyId: 'a', title: 'Routing', minimumRequirement: 'basic', preferredRequirement: 'expert' },
    ],
  },
];
const answer = coachAnswer([
  {
    title: 'Lead',
    readyCandidates: [{ candidateId: 'u-1', trainingGap: [] }],
    recommendedCandidates: [
      {
        candidateId: 'u-2',
        trainingGap: [
          {
            competencyId: 'a',
            currentLevel: 'basic',
            recommendedAction: [
              { type: 'course', objectIds: ['crs-1'] },
              { type: 'objective', objectIds: ['obj-1', 'obj-x'] },
            ],
          },
        ],
      },
      { candidateId: 'u-3', trainingGap: [] },
    ],
  },
]);
const people = new Map([
  ['u-1', { userId: 'u-1', displayName: 'Ann Archer', afsc: '3D072', dutyTitle: 'Lead', inYourClasses: true }],
  // Outside the trainer's classes, and of another specialty.
  ['u-2', { userId: 'u-2', displayName: '=Ben Brook', afsc: '3D132', dutyTitle: '', inYourClasses: false }],
]);
const names: PlanNames = {
  person: (id) => people.get(id),
  course: (id) => (id === 'crs-1' ? 'Routing Basics' : undefined),
  objective: (id) => (id === 'obj-1' ? 'Apply Static Routes' : undefined),
  pending: false,
  failed: false,
};

describe('the plan as rows', () => {
  it('lists those in slots first, then the shortlist, then the rest, with names, AFSC checks, gaps and record links only where a record opens', () => {
    const rows = planRows({
      asked,
      afscs: ['3D0X2'],
      results: [answer],
      shortlist: [['u-1']],
      slots: [['u-2']],
      names,
      recordUrl: (id) => `https://dash.example/students/${id}`,
    });
    expect(rows).toEqual([
      [
        'Position',
        'Number needed',
        'Pick',
        'Name',
        'AFSC',
        'AFSC check',
        'Duty title',
        'Placed by the plugin',
        'Training gaps',
        'Record',
      ],
      [
        'Lead',
        '2',
        'Slot 1',
        '=Ben Brook',
        '3D132',
        'AFSC 3D132 differs from the position’s 3D0X2',
        '',
        'Trainable',
        'Routing (now basic, preferred expert): courses: Routing Basics; objectives: Apply Static Routes, objective obj-x',
        'Not in your classes',
      ],
      ['Lead', '2', 'Shortlisted', 'Ann Archer', '3D072', '', 'Lead', 'Ready', '', 'https://dash.example/students/u-1'],
      // Whose name could not be had: no link that may lead nowhere.
      ['Lead', '2', '', 'Name not available', '', '', '', 'Trainable', '', ''],
    ]);
    // The name a plugin's org gave someone cannot run as a formula in the file.
    expect(csvText(rows)).toContain(",'=Ben Brook,");
  });
});

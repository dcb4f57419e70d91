import { describe, expect, it } from 'vitest';
import {
  type CandidatePosition,
  plannerCandidatesResultSchema,
  plannerLimits,
} from '../../../contract/mission-planner';
import {
  buildMatrix,
  candidatePositions,
  commonSpecialty,
  evidenceAge,
  lackingText,
  newestByPerson,
  trainingKey,
  withPlanned,
} from './readiness-model';

const members = [
  { userId: 'u-ann', name: 'Ann' },
  { userId: 'u-bob', name: 'Bob' },
  { userId: 'u-cy', name: 'Cy' },
];

const asked: CandidatePosition[] = [
  {
    title: 'Shift lead',
    count: 1000,
    competencies: [
      { competencyId: 'net', title: 'Networking', minimumRequirement: 'basic', preferredRequirement: 'intermediate' },
      { competencyId: 'sec', title: 'Security', minimumRequirement: 'basic', preferredRequirement: 'intermediate' },
    ],
  },
];

// Ann: ready, no gap. Bob: recommended, a gap in both, networking by course c1 or objective o1, security by c2.
// Cy: not returned.
const result = plannerCandidatesResultSchema.parse({
  pluginId: 'coach',
  name: 'Coach',
  status: 'ok',
  candidates: {
    positions: [
      {
        title: 'Shift lead',
        readyCandidates: [{ candidateId: 'u-ann', trainingGap: [] }],
        recommendedCandidates: [
          {
            candidateId: 'u-bob',
            trainingGap: [
              {
                competencyId: 'net',
                currentLevel: null,
                recommendedAction: [
                  { type: 'course', objectIds: ['c1'] },
                  { type: 'objective', objectIds: ['o1'] },
                ],
              },
              { competencyId: 'sec', recommendedAction: [{ type: 'course', objectIds: ['c2', 'c1'] }] },
            ],
          },
          { candidateId: 'u-stranger', trainingGap: [] },
        ],
      },
    ],
  },
  people: [],
  warnings: [],
});

describe('the class readiness matrix', () => {
  it('shows each cell as ready, a gap with its training, or not known when the plugin did not return the student', () => {
    const matrix = buildMatrix(members, asked, result, {});
    expect(matrix.columns.map((c) => c.title)).toEqual(['Networking', 'Security']);
    expect(matrix.rows.map((r) => r.member.name)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(matrix.rows.map((r) => r.cells.map((c) => c.kind))).toEqual([
      ['ready', 'ready'],
      ['gap', 'gap'],
      ['unknown', 'unknown'],
    ]);
    expect(matrix.rows.map((r) => r.placements[0])).toEqual(['ready', 'recommended', 'unknown']);
    expect(matrix.unknownStudents).toBe(1);
    expect(matrix.counts.map(lackingText)).toEqual(['1 of 2 lack it; 1 not known', '1 of 2 lack it; 1 not known']);
  });

  it('puts the training that closes the most gaps first', () => {
    const matrix = buildMatrix(members, asked, result, {});
    expect(matrix.trainings.map((t) => [t.key, t.openGaps])).toEqual([
      ['course:c1', 2],
      ['course:c2', 1],
      ['objective:o1', 1],
    ]);
    expect(matrix.trainings[0]?.students).toEqual(['u-bob']);
  });

  it('projects who becomes ready once the planned training closes every gap, without changing the plugin’s answer', () => {
    const partly = buildMatrix(members, asked, result, { 'u-bob': [trainingKey('objective', 'o1')] });
    const bob = partly.rows[1];
    expect(bob?.remaining).toBe(1);
    expect(bob?.projections[0]).toBe('gaps-remain');
    expect(partly.counts.map((c) => c.lackingAfterPlan)).toEqual([0, 1]);
    // The objective closes networking only; its course would close both.
    expect(partly.trainings[0]).toMatchObject({ key: 'course:c1', openGaps: 1, gaps: 2 });

    const fully = buildMatrix(members, asked, result, { 'u-bob': ['course:c1'] });
    expect(fully.rows[1]?.projections[0]).toBe('becomes-ready');
    expect(fully.rows[1]?.placements[0]).toBe('recommended');
    expect(fully.rows[1]?.cells.every((c) => c.kind === 'gap' && c.closedByPlan)).toBe(true);
    expect(fully.rows[2]?.projections[0]).toBe('unknown');
    // Planned, it stays where it was: the list does not move under the trainer.
    expect(fully.trainings.map((t) => [t.key, t.openGaps])).toEqual([
      ['course:c1', 0],
      ['course:c2', 0],
      ['objective:o1', 0],
    ]);
  });

  it('marks training planned for one, several or all students and takes it off again', () => {
    const some = withPlanned({ 'u-ann': ['course:c9'] }, 'course:c1', ['u-bob', 'u-cy'], true);
    expect(some).toEqual({ 'u-ann': ['course:c9'], 'u-bob': ['course:c1'], 'u-cy': ['course:c1'] });
    expect(withPlanned(some, 'course:c1', ['u-bob'], true)).toEqual(some);
    expect(withPlanned(some, 'course:c1', ['u-bob', 'u-cy'], false)).toEqual({ 'u-ann': ['course:c9'] });
  });
});

describe('the candidate search for a class', () => {
  it('asks for the suggested competencies, one level below preferred as the minimum, and as many candidates as allowed', () => {
    const { positions, withoutCompetencies } = candidatePositions(
      [
        { title: 'Lead', knowledgeLevel: 'journeyman', afsc: '3D0X2', count: 1, exactMatch: false },
        { title: 'Spare', knowledgeLevel: 'apprentice', afsc: '3D0X2', count: 1, exactMatch: false },
      ],
      {
        positions: [
          { title: 'Lead', competencies: [{ competencyId: 'a', title: 'A', preferredCompetencyLevel: 'advanced' }] },
          { title: 'Spare', competencies: [] },
        ],
        additionalCompetencies: [],
      },
    );
    expect(positions).toEqual([
      {
        title: 'Lead',
        count: plannerLimits.count,
        competencies: [
          { competencyId: 'a', title: 'A', minimumRequirement: 'intermediate', preferredRequirement: 'advanced' },
        ],
      },
    ]);
    expect(withoutCompetencies).toEqual(['Spare']);
  });
});

describe('the trainer’s own words behind a row', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('says when the newest entry is older than 60 days, and when there is none', () => {
    expect(evidenceAge('2026-05-20T08:00:00Z', now)).toEqual({ text: 'Newest entry 12 days ago', stale: false });
    expect(evidenceAge('2026-03-01T08:00:00Z', now)).toEqual({
      text: 'Newest entry 92 days ago: older than 60 days',
      stale: true,
    });
    expect(evidenceAge(undefined, now).stale).toBe(true);
  });

  it('finds the newest entry per person', () => {
    const newest = newestByPerson([
      { userId: 'a', createdAt: '2026-01-02T00:00:00Z' },
      { userId: 'a', createdAt: '2026-03-02T00:00:00Z' },
      { userId: 'a', createdAt: '2026-02-02T00:00:00Z' },
      { userId: 'b', createdAt: undefined },
    ]);
    expect([...newest]).toEqual([['a', '2026-03-02T00:00:00Z']]);
  });
});

describe('the targets’ default AFSC', () => {
  it('is the specialty most of the class holds, whatever their skill level', () => {
    expect(commonSpecialty(['3D052', '3D072', '3D132', undefined, '11F3', '', '3d0x2'])).toBe('3D0X2');
    expect(commonSpecialty(['11F3', undefined])).toBe('');
  });

  it('is the lower code when two specialties are held by as many, in whatever order the class lists them', () => {
    expect(commonSpecialty(['3D132', '3D172', '1N071', '1N051'])).toBe('1N0X1');
    expect(commonSpecialty(['1N051', '3D132', '1N071', '3D172'])).toBe('1N0X1');
  });
});

import { describe, expect, it } from 'vitest';
import type { CandidatePosition } from '../contract/mission-planner.ts';
import type { Badge } from '../contract/plugin.ts';
import { type Catalogue, type Person, rankCandidates } from './ranking.ts';

const badge = (badgeId: string, alignments: string, extra: Partial<Badge> = {}): Badge => ({
  badgeId,
  name: badgeId,
  type: 'course',
  image: 'img',
  proficiency: 1,
  criteria: { module: [], objective: [] },
  alignments,
  ...extra,
});

const catalogue: Catalogue = {
  courseBadges: [badge('b-cyber-course', 'cmp-cyber-defense', { courseId: 'course-cyber' })],
  objectiveBadges: [
    badge('b-obj-ir', 'cmp-cyber-defense', {
      type: 'objective',
      courseId: 'course-cyber',
      criteria: { module: [], objective: [{ objectiveId: 'obj-ir', objectiveName: 'IR', objectiveDescription: '' }] },
    }),
  ],
};

const person = (userId: string, afsc: string, badgeIds: string[] = [], skills: Person['skills'] = []): Person => ({
  record: { userId, afsc, dutyTitle: 'Tech', education: '' },
  badgeIds: new Set(badgeIds),
  skills,
});

const cyberDefense = {
  competencyId: 'cmp-cyber-defense',
  title: 'Cyber defense and incident response',
  minimumRequirement: 'intermediate',
  preferredRequirement: 'advanced',
} as const;

const position: CandidatePosition = { title: 'Cyber defender', count: 1, competencies: [cyberDefense] };

describe('candidate ranking', () => {
  it('puts a 7-level of the specialty among the ready candidates, without a gap', () => {
    const answer = rankCandidates([position], [person('u-craftsman', '3D072')], catalogue);
    const ready = answer.positions[0]?.readyCandidates ?? [];
    expect(ready.map((c) => c.candidateId)).toEqual(['u-craftsman']);
    expect(ready[0]?.trainingGap).toEqual([]);
    expect(ready[0]?.reason).toContain('AFSC 3D072');
  });

  it('counts a specialty held without a skill level (in upgrade training) as basic', () => {
    const basicOnly = { ...position, competencies: [{ ...cyberDefense, minimumRequirement: 'basic' as const }] };
    const answer = rankCandidates([basicOnly], [person('u-trainee', '3D0X2'), person('u-other', '4N0X1')], catalogue);
    expect(answer.positions[0]?.readyCandidates.map((c) => c.candidateId)).toEqual(['u-trainee']);
    expect(answer.positions[0]?.readyCandidates[0]?.trainingGap[0]?.currentLevel).toBe('basic');
  });

  it('recommends a 3-level with the training that closes the gap, and names the current level', () => {
    const answer = rankCandidates([position], [person('u-apprentice', '3D032')], catalogue);
    const entry = answer.positions[0];
    expect(entry?.readyCandidates).toEqual([]);
    const gap = entry?.recommendedCandidates[0]?.trainingGap[0];
    expect(gap?.competencyId).toBe('cmp-cyber-defense');
    expect(gap?.currentLevel).toBe('basic');
    expect(gap?.recommendedAction).toEqual([
      { type: 'course', objectIds: ['course-cyber'] },
      { type: 'objective', objectIds: ['obj-ir'] },
    ]);
  });

  it('does not recommend a course the person already holds the badge of', () => {
    const answer = rankCandidates([position], [person('u-holder', '3D032', ['b-obj-ir'])], catalogue);
    const actions = answer.positions[0]?.recommendedCandidates[0]?.trainingGap[0]?.recommendedAction ?? [];
    expect(actions).toEqual([{ type: 'course', objectIds: ['course-cyber'] }]);
  });

  it('counts badges as evidence: a course and an objective badge make a person ready', () => {
    const outsider = person('u-badged', '2A353', ['b-cyber-course', 'b-obj-ir']);
    const answer = rankCandidates([position], [outsider], catalogue);
    expect(answer.positions[0]?.readyCandidates.map((c) => c.candidateId)).toEqual(['u-badged']);
  });

  it('caps a self-claimed skill at intermediate', () => {
    const claimer = person(
      'u-claims',
      '',
      [],
      [{ userId: 'u-claims', selfClaimedExpertise: 'Cyber security CTFs', level: 'expert' }],
    );
    const answer = rankCandidates([position], [claimer], catalogue);
    const entry = answer.positions[0];
    expect(entry?.readyCandidates.map((c) => c.candidateId)).toEqual(['u-claims']);
    expect(entry?.readyCandidates[0]?.trainingGap[0]?.currentLevel).toBe('intermediate');
  });

  it('leaves out people far from the minimum, and people without evidence and no training', () => {
    const strict: CandidatePosition = {
      ...position,
      competencies: [{ ...cyberDefense, minimumRequirement: 'expert', preferredRequirement: 'expert' }],
    };
    const answer = rankCandidates([strict], [person('u-none', '4N031')], catalogue);
    expect(answer.positions[0]?.readyCandidates).toEqual([]);
    expect(answer.positions[0]?.recommendedCandidates).toEqual([]);
  });

  it('orders ready candidates by preferred-level matches, then level, then id, the same way every time', () => {
    const people = [person('u-b', '3D052'), person('u-c', '3D072'), person('u-a', '3D052'), person('u-d', '3D092')];
    const first = rankCandidates([position], people, catalogue);
    const again = rankCandidates([position], [...people].reverse(), catalogue);
    expect(first.positions[0]?.readyCandidates.map((c) => c.candidateId)).toEqual(['u-d', 'u-c', 'u-a', 'u-b']);
    expect(again).toEqual(first);
  });
});

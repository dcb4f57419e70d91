import { describe, expect, it } from 'vitest';
import { capabilitiesResponseSchema } from '../contract/mission-planner.ts';
import { deriveCapabilities } from './capabilities.ts';
import { parseAfsc } from './framework.ts';

describe('capabilities', () => {
  it('reads skill levels out of enlisted and officer AFSCs', () => {
    expect(parseAfsc('3D052')).toEqual({ specialty: '3D0X2', careerField: '3D', level: 'intermediate' });
    expect(parseAfsc('3D0X2')).toEqual({ specialty: '3D0X2', careerField: '3D', level: null });
    expect(parseAfsc('17D3')).toEqual({ specialty: '17DX', careerField: '17', level: 'advanced' });
  });

  it("prefers the knowledge level's competency level in the specialty's own competencies", () => {
    const answer = deriveCapabilities({
      positions: [{ title: 'Cyber craftsman', knowledgeLevel: 'craftsman', afsc: '3D0X2', count: 2, exactMatch: true }],
    });
    expect(capabilitiesResponseSchema.parse(answer)).toEqual(answer);
    const competencies = answer.positions[0]?.competencies ?? [];
    expect(competencies.map((c) => c.competencyId)).toContain('cmp-systems-admin');
    expect(competencies.every((c) => c.preferredCompetencyLevel === 'advanced')).toBe(true);
  });

  it('with exact match leaves related competencies to the additional list; without it adds them one level lower', () => {
    const base = { title: 'Transport', knowledgeLevel: 'journeyman', afsc: '3D1X2', count: 1 } as const;
    const exact = deriveCapabilities({ positions: [{ ...base, exactMatch: true }] });
    const broad = deriveCapabilities({ positions: [{ ...base, exactMatch: false }] });
    const exactIds = exact.positions[0]?.competencies.map((c) => c.competencyId) ?? [];
    const broadOnly = (broad.positions[0]?.competencies ?? []).filter((c) => !exactIds.includes(c.competencyId));
    expect(broadOnly.length).toBeGreaterThan(0);
    expect(broadOnly.every((c) => c.preferredCompetencyLevel === 'basic')).toBe(true);
    const additionalIds = exact.additionalCompetencies.map((c) => c.competencyId);
    for (const c of broadOnly) expect(additionalIds).toContain(c.competencyId);
    expect(additionalIds).toContain('cmp-leadership');
  });

  it('gives an AFSC the framework does not know its core duties', () => {
    const answer = deriveCapabilities({
      positions: [
        { title: 'Chaplain assistant', knowledgeLevel: 'apprentice', afsc: '5R0X1', count: 1, exactMatch: true },
      ],
    });
    expect(answer.positions[0]?.competencies).toEqual([
      { competencyId: 'cmp-core-5r0x1', title: 'Core duties of AFSC 5R0X1', preferredCompetencyLevel: 'basic' },
    ]);
  });
});

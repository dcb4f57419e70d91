import { describe, expect, it } from 'vitest';
import { newPosition, requirementsFrom, validatePositions, validateRequirements } from './planner-model';

describe('mission planner form model', () => {
  it('marks each field of a position the interface would refuse', () => {
    const { positions, errors } = validatePositions([{ ...newPosition(), title: ' ', afsc: '3D 0X2', count: '0' }]);
    expect(positions).toBeUndefined();
    expect(Object.keys(errors[0] ?? {}).sort()).toEqual(['afsc', 'count', 'title']);
  });

  it('starts requirements from the plugin: preferred as suggested, minimum one level lower, extras left out', () => {
    const { positions } = validatePositions([{ ...newPosition(), title: 'Lead', afsc: '3d0x2', count: '2' }]);
    expect(positions?.[0]?.afsc).toBe('3D0X2');
    const [requirements] = requirementsFrom(positions ?? [], {
      positions: [
        { title: 'Lead', competencies: [{ competencyId: 'a', title: 'A', preferredCompetencyLevel: 'advanced' }] },
      ],
      additionalCompetencies: [{ competencyId: 'b', title: 'B' }],
    });
    expect(requirements?.rows).toEqual([
      {
        competencyId: 'a',
        title: 'A',
        suggested: true,
        included: true,
        minimum: 'intermediate',
        preferred: 'advanced',
      },
      { competencyId: 'b', title: 'B', suggested: false, included: false, minimum: 'basic', preferred: 'basic' },
    ]);
    const { positions: search } = validateRequirements(requirements ? [requirements] : []);
    expect(search?.[0]?.competencies.map((c) => c.competencyId)).toEqual(['a']);
  });

  it('refuses a preferred level below the minimum, and a position with no competency', () => {
    const rows = [
      { competencyId: 'a', title: 'A', suggested: true, included: true, minimum: 'expert', preferred: 'basic' },
    ] as const;
    const below = validateRequirements([{ title: 'Lead', count: 1, rows }]);
    expect(below.positions).toBeUndefined();
    expect(below.errors[0]?.a).toMatch(/must not be below the minimum/);
    const none = validateRequirements([{ title: 'Lead', count: 1, rows: [{ ...rows[0], included: false }] }]);
    expect(none.errors[0]?.['']).toMatch(/at least one competency/);
  });
});

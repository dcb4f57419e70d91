/** The bound on what is reported: past it, the rest is counted in one last warning. */
import { describe, expect, it } from 'vitest';
import { plannerLimits } from '../../../contract/mission-planner.ts';
import { readCapabilitiesAnswer } from './plugin-answer.ts';

describe('reading a plugin answer with many faults', () => {
  it('lists the first faults one by one and counts the rest', () => {
    const bad = Array.from({ length: 45 }, () => ({ competencyId: 'c', title: 'C', preferredCompetencyLevel: 'top' }));
    const reading = readCapabilitiesAnswer(
      { positions: [{ title: 'a', competencies: bad }], additionalCompetencies: bad.map(() => ({ title: 1 })) },
      [{ title: 'a' }],
    );
    if (!reading.ok) throw new Error('expected a reading');
    expect(reading.value.positions).toEqual([{ title: 'a', competencies: [] }]);
    const warnings = reading.warnings.list();
    expect(warnings).toHaveLength(plannerLimits.warnings + 1);
    expect(warnings[0]?.path).toBe('response.positions.0.competencies.0.preferredCompetencyLevel');
    expect(warnings.at(-2)?.path).toBe('response.additionalCompetencies.4.competencyId');
    expect(warnings.at(-1)).toEqual({
      path: 'response',
      message: `40 more parts were left out; only the first ${plannerLimits.warnings} are listed`,
    });
  });
});

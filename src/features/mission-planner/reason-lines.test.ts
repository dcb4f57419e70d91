import { describe, expect, it } from 'vitest';
import { competencyLines, reasonLines } from './reason-lines';

describe('a plugin’s reason as lines', () => {
  it('splits at bars, line breaks and sentence ends, never inside brackets', () => {
    expect(
      reasonLines(
        'Recommended: below the minimum in 1 of 2 (short by 1 level). Routing: basic (AFSC 3D032: basic; self-claimed "Cisco. Routing" (expert): intermediate) | Network operations: no evidence\nTrain first.',
      ),
    ).toEqual([
      'Recommended: below the minimum in 1 of 2 (short by 1 level).',
      'Routing: basic (AFSC 3D032: basic; self-claimed "Cisco. Routing" (expert): intermediate)',
      'Network operations: no evidence',
      'Train first.',
    ]);
  });

  it('keeps a one-line reason whole and drops empty parts', () => {
    expect(reasonLines('Holds version 2.1 of the badge')).toEqual(['Holds version 2.1 of the badge']);
    expect(reasonLines(' | Ready |  ')).toEqual(['Ready']);
  });
});

describe('a candidate’s competencies as lines', () => {
  it('lists every competency asked with its required and preferred levels and what the plugin answered', () => {
    const lines = competencyLines(
      [
        { competencyId: 'a', title: 'Routing', minimumRequirement: 'basic', preferredRequirement: 'advanced' },
        { competencyId: 'b', title: 'Switching', minimumRequirement: 'intermediate', preferredRequirement: 'expert' },
        { competencyId: 'c', title: 'Cabling', minimumRequirement: 'basic', preferredRequirement: 'basic' },
      ],
      [
        { competencyId: 'b', currentLevel: 'intermediate', recommendedAction: [] },
        { competencyId: 'c', currentLevel: null, recommendedAction: [] },
      ],
    );
    expect(lines).toEqual([
      { title: 'Routing', required: 'basic', preferred: 'advanced', answered: 'no training gap' },
      {
        title: 'Switching',
        required: 'intermediate',
        preferred: 'expert',
        answered: 'a training gap, now intermediate',
      },
      { title: 'Cabling', required: 'basic', preferred: 'basic', answered: 'a training gap, no evidence of a level' },
    ]);
  });
});

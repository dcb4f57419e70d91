import { describe, expect, it } from 'vitest';
import { reasonLines } from './reason-lines';

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

import { describe, expect, it } from 'vitest';
import { afscFlag } from './afsc-match';

describe('a candidate’s AFSC against the position’s', () => {
  it('agrees at any skill level of the same specialty, enlisted or officer', () => {
    expect(afscFlag('3D0X2', { afsc: '3D052' })).toBeUndefined();
    expect(afscFlag('3d0x2', { afsc: '3D072' })).toBeUndefined();
    expect(afscFlag('17DX', { afsc: '17D3' })).toBeUndefined();
  });

  it('flags an AFSC not recorded and one of another specialty', () => {
    expect(afscFlag('3D0X2', { afsc: '' })).toBe('AFSC not recorded: the position asks for 3D0X2');
    expect(afscFlag('3D1X2', { afsc: '3D052' })).toBe('AFSC 3D052 differs from the position’s 3D1X2');
  });

  it('says nothing when the position names no AFSC or the person is not known yet', () => {
    expect(afscFlag('', { afsc: '' })).toBeUndefined();
    expect(afscFlag('3D0X2', undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { byFoldedNames, compareCodeUnits } from './folded-match';

describe('names in order', () => {
  it('go by letters, whatever their case and accents', () => {
    const names = ['emma', 'Zoë', 'Émile', 'Emil', 'Ada'];
    expect(byFoldedNames(names, (name) => [name])).toEqual(['Ada', 'Emil', 'Émile', 'emma', 'Zoë']);
  });

  it('go by each name in turn: last names first, then first names', () => {
    const people = [
      { first: 'Sam', last: 'Patel' },
      { first: 'Ana', last: 'Patel' },
      { first: 'Zed', last: 'Álvarez' },
    ];
    expect(byFoldedNames(people, (p) => [p.last, p.first]).map((p) => `${p.first} ${p.last}`)).toEqual([
      'Zed Álvarez',
      'Ana Patel',
      'Sam Patel',
    ]);
  });

  it('keep one order for names that fold alike', () => {
    expect(byFoldedNames(['zoe', 'Zoë', 'Zoe'], (name) => [name])).toEqual(['Zoe', 'Zoë', 'zoe']);
    expect(byFoldedNames(['Zoë', 'Zoe', 'zoe'], (name) => [name])).toEqual(['Zoe', 'Zoë', 'zoe']);
  });
});

describe('code-unit order', () => {
  it('orders as `<` does, whatever the locale: capitals before small letters, a prefix first', () => {
    expect(['b', 'B', 'ab', 'a', 'A'].sort(compareCodeUnits)).toEqual(['A', 'B', 'a', 'ab', 'b']);
  });

  it('orders by UTF-16 code unit, not code point: a character past U+FFFF (a surrogate pair) before U+FF5E', () => {
    expect(['\uFF5E', '\u{1F600}'].sort(compareCodeUnits)).toEqual(['\u{1F600}', '\uFF5E']);
  });

  it('calls equal strings equal, so a sort by it keeps their order', () => {
    expect(compareCodeUnits('3D0X1', '3D0X1')).toBe(0);
  });
});

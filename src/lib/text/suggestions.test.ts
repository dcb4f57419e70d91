import { describe, expect, it } from 'vitest';
import { buildSuggestionIndex, currentFragment, insertSuggestion, suggest, type WrittenEntry } from './suggestions';

const entry = (text: string, over: Partial<WrittenEntry> = {}): WrittenEntry => ({
  text,
  lessonId: null,
  courseId: null,
  writtenAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

const texts = (list: readonly { text: string }[]) => list.map((s) => s.text);

describe('suggest', () => {
  it('offers earlier entries that begin with what is typed, and not those that do not', () => {
    const index = buildSuggestionIndex([entry('Good progress on the checklist'), entry('Missed two checklist steps')]);
    expect(texts(suggest(index, 'good pro'))).toEqual(['Good progress on the checklist']);
  });

  it('groups near-duplicates under their latest wording and counts their uses', () => {
    const index = buildSuggestionIndex([
      entry('good work today', { writtenAt: '2026-01-01T10:00:00.000Z' }),
      entry('Good work today!', { writtenAt: '2026-03-01T10:00:00.000Z' }),
      entry('Good  work, today.', { writtenAt: '2026-02-01T10:00:00.000Z' }),
    ]);
    const found = suggest(index, 'Good w');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text: 'Good work today!', uses: 3 });
  });

  it('puts the most used first', () => {
    const index = buildSuggestionIndex([
      entry('Needs to check the harness'),
      entry('Needs more practice on knots'),
      entry('Needs more practice on knots'),
    ]);
    expect(texts(suggest(index, 'Needs'))).toEqual(['Needs more practice on knots', 'Needs to check the harness']);
  });

  it('puts those of the chosen lesson, then of its course, before more used ones', () => {
    const index = buildSuggestionIndex([
      entry('Needs more practice', { lessonId: 'les-a', courseId: 'crs-1' }),
      entry('Needs more practice', { lessonId: 'les-a', courseId: 'crs-1' }),
      entry('Needs more practice', { lessonId: 'les-a', courseId: 'crs-1' }),
      entry('Needs a rope check', { lessonId: 'les-b', courseId: 'crs-2' }),
      entry('Needs a buddy', { lessonId: 'les-c', courseId: 'crs-2' }),
    ]);
    const found = suggest(index, 'Needs', { lessonId: 'les-b', courseId: 'crs-2' });
    expect(texts(found)).toEqual(['Needs a rope check', 'Needs a buddy', 'Needs more practice']);
    expect(found.map((s) => s.context)).toEqual(['lesson', 'course', null]);
  });

  it('matches entries that share the meaningful words typed, after those that begin with them', () => {
    const index = buildSuggestionIndex([
      entry('Calm under pressure during the rescue drill'),
      entry('Rescue drill went well'),
      entry('Arrived late'),
    ]);
    expect(texts(suggest(index, 'rescue dri'))).toEqual([
      'Rescue drill went well',
      'Calm under pressure during the rescue drill',
    ]);
    // Common words alone say nothing, nor three letters of a word still being typed.
    expect(suggest(index, 'the and ')).toEqual([]);
    expect(suggest(index, 'Calmly dri')).toEqual([]);
    expect(texts(suggest(index, 'Calmly dril')).sort()).toEqual([
      'Calm under pressure during the rescue drill',
      'Rescue drill went well',
    ]);
  });

  it('matches case and accents alike', () => {
    const index = buildSuggestionIndex([entry('Élan remarquable en plongée')]);
    expect(texts(suggest(index, 'elan REM'))).toEqual(['Élan remarquable en plongée']);
  });

  it('matches from the sentence being written, not the whole text', () => {
    const index = buildSuggestionIndex([entry('Good buoyancy control'), entry('Arrived on time')]);
    expect(texts(suggest(index, 'Arrived on time. Good b'))).toEqual(['Good buoyancy control']);
    expect(suggest(index, 'Arrived on time.\n')).toEqual([]);
    // A sentence just finished offers nothing: the trainer is done with it.
    expect(suggest(index, 'Good b.')).toEqual([]);
  });

  it('offers nothing for a single letter, nor the very entry already typed', () => {
    const index = buildSuggestionIndex([entry('Good'), entry('Great dive')]);
    expect(suggest(index, 'G')).toEqual([]);
    expect(texts(suggest(index, 'good'))).toEqual([]);
  });

  it('puts pinned phrases first, in their pinned wording, even unused', () => {
    const index = buildSuggestionIndex(
      [entry('Safety stop done well'), entry('Safety stop done well'), entry('safety stop skipped')],
      ['Safety stop skipped!', 'Safety first, always'],
    );
    const found = suggest(index, 'safety');
    expect(found.map((s) => [s.text, s.pinned, s.uses])).toEqual([
      ['Safety stop skipped!', true, 1],
      ['Safety first, always', true, 0],
      ['Safety stop done well', false, 2],
    ]);
  });

  it('gives at most the limit', () => {
    const index = buildSuggestionIndex(Array.from({ length: 20 }, (_, n) => entry(`Dive ${n} logged`)));
    expect(suggest(index, 'dive', {}, 5)).toHaveLength(5);
  });
});

describe('inserting a suggestion', () => {
  it('replaces the sentence being written and keeps what came before', () => {
    expect(insertSuggestion('Arrived on time. Good b', 'Good buoyancy control')).toBe(
      'Arrived on time. Good buoyancy control',
    );
    expect(insertSuggestion('Good b', 'Good buoyancy control')).toBe('Good buoyancy control');
    expect(insertSuggestion('First line\ngo', 'Good buoyancy control')).toBe('First line\nGood buoyancy control');
  });

  it('finds where the sentence starts', () => {
    expect(currentFragment('One. Two! Three? fo')).toEqual({ start: 17, fragment: 'fo' });
    expect(currentFragment('3.5 metres')).toEqual({ start: 0, fragment: '3.5 metres' });
  });
});

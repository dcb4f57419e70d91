import { describe, expect, it } from 'vitest';
import { commentFiltersSchema } from '../../../contract/comments';
import { noteFiltersSchema } from '../../../contract/notes';
import { readUrlFilters } from './url-filters';

const params = (search: string) => new URLSearchParams(search);

describe('readUrlFilters', () => {
  it('keeps what the contract schema accepts, trimmed, and drops each refused value on its own', () => {
    const read = readUrlFilters(
      params(`?classId=%20class-a%20&studentId=${'s'.repeat(129)}&lessonId=&plugin=other`),
      commentFiltersSchema,
    );
    expect(read.filters).toEqual({ classId: 'class-a' });
    expect(read.values).toEqual({ classId: 'class-a' });
  });

  it('gives a list both as the service takes it and parsed', () => {
    const read = readUrlFilters(params('?category=user,%20lesson,,&userId=user-3'), noteFiltersSchema);
    expect(read.filters).toEqual({ category: 'user,lesson', userId: 'user-3' });
    expect(read.values).toEqual({ category: ['user', 'lesson'], userId: 'user-3' });
  });

  it('falls back to the defaults where the URL names nothing the schema accepts', () => {
    const defaults = { category: 'lesson,course' };
    expect(readUrlFilters(params(''), noteFiltersSchema, { defaults }).values).toEqual({
      category: ['lesson', 'course'],
    });
    expect(readUrlFilters(params('?category=bogus'), noteFiltersSchema, { defaults }).filters).toEqual(defaults);
    expect(readUrlFilters(params('?category=user'), noteFiltersSchema, { defaults }).filters).toEqual({
      category: 'user',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { nextCursor } from './paging';

const link = (value: string) => new Headers({ Link: value });

describe('the next page of a list', () => {
  it('is the cursor of the rel="next" link, wherever the link points', () => {
    expect(nextCursor(link('</edu/v1/note/list?limit=200&cursor=AbC-_1>; rel="next"'))).toBe('AbC-_1');
    expect(
      nextCursor(
        link('<https://p.example/x?cursor=zz>; rel="prev", <https://p.example/x?limit=2&cursor=yy>; rel=next'),
      ),
    ).toBe('yy');
    expect(nextCursor(link('<?cursor=q1>; title="more"; rel="next last"'))).toBe('q1');
  });

  it('is none on the last page', () => {
    expect(nextCursor(new Headers())).toBeNull();
    expect(nextCursor(link('</x?cursor=a>; rel="prev"'))).toBeNull();
    expect(nextCursor(link('</x?limit=2>; rel="next"'))).toBeNull();
  });
});

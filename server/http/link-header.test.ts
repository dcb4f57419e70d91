import { describe, expect, it } from 'vitest';
import { nextLink } from './link-header.ts';

describe('a page', () => {
  it('is linked by the request’s own path and query with the new cursor', () => {
    expect(nextLink('http://127.0.0.1:8080/edu/v1/note/list?category=lesson%2Ccourse&limit=2&cursor=old', 'new')).toBe(
      '</edu/v1/note/list?category=lesson%2Ccourse&limit=2&cursor=new>; rel="next"',
    );
  });
});

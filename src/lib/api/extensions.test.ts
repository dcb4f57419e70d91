import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { extensions, withExtension } from './extensions';
import { type PagingQuery, readListPage } from './paging';

afterEach(() => extensions.reset());

const noRoute = new ApiError({ status: 404, code: 'not_found', message: 'No route for GET /edu/v1/audience' });
const refusedLimit = new ApiError({
  status: 400,
  code: 'invalid_input',
  message: 'Invalid input',
  issues: [{ path: 'query.limit', message: 'is not a known field' }],
});

describe('an extension the platform does not have', () => {
  it('is asked once: the unknown address is remembered, and later reads get the fallback at once', async () => {
    const calls: string[] = [];
    const load = async () => {
      calls.push('asked');
      throw noRoute;
    };
    expect(await withExtension('audience', load, () => 'none')).toBe('none');
    expect(await withExtension('audience', load, () => 'none')).toBe('none');
    expect(calls).toEqual(['asked']);
    extensions.reset();
    expect(extensions.offered('audience')).toBe(true);
  });

  it('is not switched off by a 404 about a thing it has (no such picture)', async () => {
    const noPicture = new ApiError({ status: 404, code: 'not_found', message: 'Picture "p1" not found' });
    await expect(
      withExtension(
        'pictures',
        () => Promise.reject(noPicture),
        () => null,
      ),
    ).rejects.toBe(noPicture);
    expect(extensions.offered('pictures')).toBe(true);
  });
});

describe('a list where paging is refused', () => {
  it('is asked for again whole, and later lists are asked whole from the start', async () => {
    const asked: PagingQuery[] = [];
    const load = async (paging: PagingQuery) => {
      asked.push(paging);
      if (paging.limit) throw refusedLimit;
      return { data: ['a', 'b', 'c'], headers: new Headers() };
    };
    expect(await readListPage(load, null)).toEqual({ rows: ['a', 'b', 'c'], next: null });
    expect(await readListPage(load, null)).toEqual({ rows: ['a', 'b', 'c'], next: null });
    expect(asked).toEqual([{ limit: '200' }, {}, {}]);
  });

  it('is still read a page at a time where the service pages', async () => {
    const asked: PagingQuery[] = [];
    const page = await readListPage(async (paging: PagingQuery) => {
      asked.push(paging);
      return { data: ['a'], headers: new Headers({ Link: '</x?limit=200&cursor=n2>; rel="next"' }) };
    }, 'n1');
    expect(page).toEqual({ rows: ['a'], next: 'n2' });
    expect(asked).toEqual([{ limit: '200', cursor: 'n1' }]);
  });
});

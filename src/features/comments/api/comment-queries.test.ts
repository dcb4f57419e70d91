import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../contract/comments';
import { loadedRows } from '../../../lib/api/paging';
import { setRuntimeConfig } from '../../../lib/config/runtime-config';
import { sessionStore } from '../../../lib/session/session-store';
import { userSummary } from '../../../test/fixtures';
import { commentQueries } from './comment-queries';

const person = userSummary('usr-s', { handle: '@sam' });
const comment = (n: number): Comment => ({
  commentId: `cmt-${n}`,
  student: person,
  author: { ...person, userId: 'usr-t' },
  course: 'crs-1',
  lesson: '',
  class: 'cls-1',
  text: `Comment ${n}`,
});

describe('the comment list, page by page', () => {
  beforeEach(() => {
    setRuntimeConfig({
      environment: 'sandbox',
      platformUrl: 'https://platform.test',
      notesUrl: '',
      clientId: 'sandbox-trainer-dashboard',
    });
    sessionStore.start('usr-t', { token: 't', refreshToken: 'r', expiresIn: 3600 }, 'sandbox');
  });

  it('asks for pages and follows the next link’s cursor until there is none', async () => {
    const pages = [
      {
        rows: [comment(3), comment(2)],
        link: '</edu/v1/student/comment?studentId=stu-1&limit=200&cursor=c2>; rel="next"',
      },
      { rows: [comment(1)], link: null },
    ];
    const fetchMock = vi.fn(async (_url: string) => {
      const page = pages.shift();
      if (!page) throw new Error('no more pages');
      return new Response(JSON.stringify(page.rows), {
        headers: { 'Content-Type': 'application/json', ...(page.link ? { Link: page.link } : {}) },
      });
    });
    vi.stubGlobal('fetch', fetchMock);

    const client = new QueryClient();
    const options = commentQueries.list({ studentId: 'stu-1' });
    const data = await client.fetchInfiniteQuery({ ...options, pages: 3 });

    expect(loadedRows(data).map((c) => c.commentId)).toEqual(['cmt-3', 'cmt-2', 'cmt-1']);
    expect(data.pages.map((page) => page.next)).toEqual(['c2', null]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'https://platform.test/edu/v1/student/comment?studentId=stu-1&limit=200',
      'https://platform.test/edu/v1/student/comment?studentId=stu-1&limit=200&cursor=c2',
    ]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import { ApiError } from './api-error';
import { parseRetryAfter, request, requestAnswer } from './request';

const config = {
  platformUrl: 'https://platform.test',
  notesUrl: 'https://notes.test',
  clientId: 'sandbox-trainer-dashboard',
};

const comment = {
  commentId: 'c1',
  student: {
    handle: '@ann',
    firstName: 'Ann',
    lastName: 'Archer',
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    profilePic: null,
    coverPhoto: null,
    userId: 'user-1',
    anonymous: false,
  },
  course: 'course-1',
  lesson: '',
  class: 'class-a',
  text: 'Good progress',
};
const commentWithAuthor = { ...comment, author: { ...comment.student, userId: 'trainer-1', handle: '@tess' } };

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('request', () => {
  it('returns the body parsed by the endpoint schema', async () => {
    answer(200, [commentWithAuthor]);
    const comments = await request(endpoints.listComments, {}, { config, token: 't0ken' });
    expect(comments.map((c) => c.text)).toEqual(['Good progress']);
  });

  it('turns a 2xx body of the wrong shape into ApiError bad_response with status 0', async () => {
    answer(200, [{ ...commentWithAuthor, text: 42 }]);
    const error = await rejection(request(endpoints.listComments, {}, { config, token: 't0ken' }));
    expect(error.status).toBe(0);
    expect(error.code).toBe('bad_response');
    expect(error.issues.map((issue) => issue.path)).toContain('0.text');
  });

  it('turns a non-JSON 2xx body into ApiError bad_response', async () => {
    answer(200, '<html>proxy login</html>');
    const error = await rejection(request(endpoints.myProfile, {}, { config, token: 't0ken' }));
    expect(error.code).toBe('bad_response');
  });

  it('maps the error body of a non-2xx answer onto status, code, message and issues', async () => {
    answer(400, {
      error: {
        code: 'invalid_input',
        message: 'The body is not valid',
        issues: [{ path: 'body.text', message: 'must not be blank' }],
      },
    });
    const error = await rejection(
      request(
        endpoints.createComment,
        { body: { studentId: 's', classId: 'c', text: ' ' } },
        { config, token: 't0ken' },
      ),
    );
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', message: 'The body is not valid' });
    expect(error.issues).toEqual([{ path: 'body.text', message: 'must not be blank' }]);
  });

  it('keeps the status of a non-2xx answer without an error body', async () => {
    answer(502, '<html>Bad gateway</html>');
    const error = await rejection(request(endpoints.myFriends, {}, { config, token: 't0ken' }));
    expect(error.status).toBe(502);
    expect(error.code).toBe('internal');
  });

  it('keeps how long the service asked to wait, in seconds or as a date', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'overloaded', message: 'busy' } }), {
            status: 503,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
          }),
      ),
    );
    const error = await rejection(request(endpoints.myFriends, {}, { config, token: 't0ken' }));
    expect(error).toMatchObject({ status: 503, code: 'overloaded', retryAfterSeconds: 7 });
    const now = Date.parse('2026-01-05T10:00:00Z');
    expect(parseRetryAfter('Mon, 05 Jan 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('hands back the answer’s headers beside the body when asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('[]', {
            headers: { 'Content-Type': 'application/json', Link: '<https://platform.test/next>; rel="next"' },
          }),
      ),
    );
    const answer = await requestAnswer(endpoints.listComments, {}, { config, token: 't0ken' });
    expect(answer.data).toEqual([]);
    expect(answer.headers.get('Link')).toBe('<https://platform.test/next>; rel="next"');
  });

  it('reports a failed connection as ApiError network_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await rejection(request(endpoints.myFriends, {}, { config, token: 't0ken' }));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('sends the user token as a Bearer Authorization header on user and training endpoints', async () => {
    const fetchMock = answer(200, []);
    await request(endpoints.listComments, {}, { config, token: 'abc123' });
    await request(endpoints.listNotes, {}, { config, token: 'abc123' });
    for (const [, init] of fetchMock.mock.calls) {
      expect(new Headers(init.headers).get('Authorization')).toBe('Bearer abc123');
    }
  });

  it('refuses to call a user endpoint without a token, before any request', async () => {
    const fetchMock = answer(200, []);
    const error = await rejection(request(endpoints.myFriends, {}, { config }));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the client id, and no Authorization, when creating an anonymous profile', async () => {
    const fetchMock = answer(201, {
      profile: { ...comment.student, handle: '@anon-1', userId: 'anon-1', anonymous: true },
      session: { token: 't', expiresIn: 60, refreshToken: 'r' },
    });
    await request(
      endpoints.createAnonymous,
      {
        body: {
          handle: '@anon-1',
          userType: 'adult',
          accountType: 'Adult',
          country: 'US',
          profilePic: null,
          coverPhoto: null,
          userId: 'anon-1',
          anonymous: true,
        },
      },
      { config },
    );
    const headers = new Headers(fetchMock.mock.calls[0]?.[1].headers);
    expect(headers.get('X-Client-Id')).toBe('sandbox-trainer-dashboard');
    expect(headers.get('Authorization')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[1].method).toBe('PUT');
  });

  it('addresses notes under the notes base address and the rest under the platform address', async () => {
    const fetchMock = answer(200, []);
    await request(
      endpoints.listNotes,
      { query: { category: 'lesson,course', studentId: 's 1' } },
      { config, token: 't' },
    );
    await request(
      endpoints.listComments,
      { query: { classId: 'class-a', lessonId: undefined } },
      { config, token: 't' },
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'https://notes.test/edu/v1/note/list?category=lesson%2Ccourse&studentId=s+1',
      'https://platform.test/edu/v1/student/comment?classId=class-a',
    ]);
  });

  it('uses the same origin when a base address is empty, and encodes path parameters', async () => {
    const fetchMock = answer(200, '"/9j/4AAQ"');
    const picture = await request(
      endpoints.picture,
      { params: { pictureId: 'pic/1' } },
      { config: { ...config, platformUrl: '' }, token: 't' },
    );
    expect(picture).toBe('/9j/4AAQ');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/user/v1/pictures/pic%2F1');
  });
});

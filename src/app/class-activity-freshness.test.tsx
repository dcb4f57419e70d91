/**
 * The class page's counts stay fresh for 30 s (a visit reads each class's lists once: classes-page.test.tsx), so
 * what the trainer writes elsewhere must mark them stale: a comment added, a note written or deleted (mocked HTTP:
 * the hooks alone).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreateComment } from '../features/comments/api/comment-queries';
import { useCreateNote, useRemoveNote } from '../features/notes/api/note-queries';
import { classActivityQueries } from '../features/roster/api/class-activity-queries';
import { setRuntimeConfig } from '../lib/config/runtime-config';
import { sessionStore } from '../lib/session/session-store';
import { userSummary } from '../test/fixtures';
import { createQueryClient } from './query-client';

const note = {
  noteId: 'n1',
  text: 'a',
  classId: 'cls-1',
  userId: 'usr-s',
  studentId: 'stu-s',
  courseId: 'crs-1',
  lessonId: null,
};
const answers: Record<string, unknown> = {
  'POST /edu/v1/student/comment': {
    commentId: 'c1',
    student: userSummary('usr-s'),
    author: userSummary('usr-t'),
    course: 'crs-1',
    lesson: '',
    class: 'cls-1',
    text: 'Good work',
  },
  'PUT /edu/v1/note': note,
  'POST /edu/v1/note/remove': { success: true },
};

function setUp() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://x').pathname}`;
      return new Response(JSON.stringify(answers[key] ?? []), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const queryClient = createQueryClient();
  const counts = classActivityQueries.of('cls-1').queryKey;
  queryClient.setQueryData(counts, { comments: [], notes: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, counts, wrapper };
}

describe('the class page’s counts', () => {
  beforeEach(() => {
    setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
    sessionStore.start('usr-t', { token: 't' }, 'sandbox');
  });

  it('are marked stale by a comment added', async () => {
    const { queryClient, counts, wrapper } = setUp();
    const { result } = renderHook(() => useCreateComment(), { wrapper });
    await act(() => result.current.mutateAsync({ studentId: 'stu-s', classId: 'cls-1', text: 'Good work' }));
    expect(queryClient.getQueryState(counts)?.isInvalidated).toBe(true);
  });

  it('are marked stale by a note written, and by a note deleted', async () => {
    const written = setUp();
    const create = renderHook(() => useCreateNote(), { wrapper: written.wrapper });
    await act(() => create.result.current.mutateAsync({ text: 'a', studentId: 'stu-s', classId: 'cls-1' }));
    expect(written.queryClient.getQueryState(written.counts)?.isInvalidated).toBe(true);

    const deleted = setUp();
    const remove = renderHook(() => useRemoveNote(), { wrapper: deleted.wrapper });
    await act(() => remove.result.current.mutateAsync('n1'));
    expect(deleted.queryClient.getQueryState(deleted.counts)?.isInvalidated).toBe(true);
  });
});

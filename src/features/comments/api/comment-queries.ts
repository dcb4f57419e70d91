/** Student comments (section 4.1): list by filters, page by page where the service pages (whole where it does not); add one (shown at once in the lists and the student's record). */
import { type InfiniteData, infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentFilters, CreateCommentBody } from '../../../../contract/comments';
import { commentEndpoints } from '../../../../contract/endpoints/comments';
import { call, callAnswer } from '../../../lib/api/client';
import { type ListPage, loadedRows, readListPage } from '../../../lib/api/paging';

export type CommentPages = InfiniteData<ListPage<Comment>, string | null>;

export const commentQueries = {
  all: () => ['comments'] as const,
  lists: () => [...commentQueries.all(), 'list'] as const,
  /** The comments with these filters, newest first, a page at a time where the service pages (its extension), else whole. */
  list: (filters: CommentFilters) =>
    infiniteQueryOptions({
      queryKey: [...commentQueries.lists(), filters] as const,
      queryFn: ({ signal, pageParam }): Promise<ListPage<Comment>> =>
        readListPage(
          (paging) => callAnswer(commentEndpoints.listComments, { query: { ...filters, ...paging }, signal }),
          pageParam,
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next,
      select: loadedRows<Comment>,
    }),
};

/** Whether a comment just added belongs in a list with these filters. */
function belongsIn(filters: CommentFilters, comment: Comment, body: CreateCommentBody): boolean {
  return (
    (!filters.studentId || filters.studentId === body.studentId) &&
    (!filters.classId || filters.classId === comment.class) &&
    (!filters.courseId || filters.courseId === comment.course) &&
    (!filters.lessonId || filters.lessonId === comment.lesson)
  );
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentBody) => call(commentEndpoints.createComment, { body }),
    // Student records and the class page (not this feature's) show comments too: all are marked stale, those on
    // screen refetched.
    meta: { invalidates: [['student-record'], ['class-activity'], ['search'], ['own-words']] },
    onSuccess: (comment, body) => {
      // Shown at once at the top of every list it belongs to (lists are newest first), then confirmed by a refetch.
      for (const [key, list] of queryClient.getQueriesData<CommentPages>({ queryKey: commentQueries.lists() })) {
        const filters = (key[2] ?? {}) as CommentFilters;
        const [first, ...rest] = list?.pages ?? [];
        if (list && first && belongsIn(filters, comment, body)) {
          queryClient.setQueryData<CommentPages>(key, {
            ...list,
            pages: [{ ...first, rows: [comment, ...first.rows] }, ...rest],
          });
        }
      }
      return queryClient.invalidateQueries({ queryKey: commentQueries.all() });
    },
  });
}

/** Student comments (section 4.1): list by filters, add one (shown at once in the lists and the student's record). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Comment,
  type CommentFilters,
  type CreateCommentBody,
  listCommentsQuerySchema,
} from '../../../contract/comments';
import { commentEndpoints } from '../../../contract/endpoints/comments';
import { call } from './client';
import { recordQueries } from './record-queries';

export const commentFilterKeys = ['classId', 'studentId', 'courseId', 'lessonId'] as const;

/** The filters of a URL's search params; ids that are not ids (a hand-edited URL) are dropped rather than sent. */
export function commentFiltersOf(raw: Partial<Record<(typeof commentFilterKeys)[number], string>>): CommentFilters {
  const parsed = listCommentsQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

export const commentQueries = {
  all: () => ['comments'] as const,
  lists: () => [...commentQueries.all(), 'list'] as const,
  list: (filters: CommentFilters) =>
    queryOptions({
      queryKey: [...commentQueries.lists(), filters] as const,
      queryFn: ({ signal }) => call(commentEndpoints.listComments, { query: filters, signal }),
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
    onSuccess: (comment, body) => {
      // Shown at once in every list it belongs to (lists are newest first), then confirmed by a refetch.
      for (const [key, list] of queryClient.getQueriesData<Comment[]>({ queryKey: commentQueries.lists() })) {
        const filters = (key[2] ?? {}) as CommentFilters;
        if (list && belongsIn(filters, comment, body)) queryClient.setQueryData(key, [comment, ...list]);
      }
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: commentQueries.all() }),
        queryClient.invalidateQueries({ queryKey: recordQueries.of(comment.student.userId).queryKey }),
      ]);
    },
  });
}

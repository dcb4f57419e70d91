/** Section 4.1: student comments. */
import { commentListSchema, commentSchema, createCommentBodySchema, listCommentsQuerySchema } from '../comments.ts';
import { defineEndpoint } from '../endpoint.ts';

export const commentEndpoints = {
  createComment: defineEndpoint({
    method: 'POST',
    path: '/edu/v1/student/comment',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary: 'Add a comment about a student in a class, optionally a lesson',
    body: createCommentBodySchema,
    response: commentSchema,
    // 201, as every create of the service answers (decided; the interface shows no status).
    status: 201,
    noStore: true,
  }),
  listComments: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/student/comment',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary: 'Read comments, restricted by student, class, course and lesson',
    query: listCommentsQuerySchema,
    response: commentListSchema,
    noStore: true,
  }),
} as const;

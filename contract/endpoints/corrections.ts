/** Extension: a comment corrected in place, its earlier wordings, a comment withdrawn (contract/corrections.ts). */
import { commentSchema } from '../comments.ts';
import {
  commentVersionsQuerySchema,
  correctCommentBodySchema,
  entryVersionListSchema,
  withdrawCommentBodySchema,
  withdrawnCommentSchema,
} from '../corrections.ts';
import { defineEndpoint } from '../endpoint.ts';

export const authorOnly = 'The author only: anyone else who may read it gets 403, anyone who may not 404.';

export const correctionEndpoints = {
  correctComment: defineEndpoint({
    method: 'POST',
    path: '/edu/v1/student/comment/correct',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary: 'Correct a comment in place: it keeps its id and createdAt, gains editedAt; the earlier wording is kept',
    access: `${authorOnly} A withdrawn comment cannot be corrected (409).`,
    body: correctCommentBodySchema,
    response: commentSchema,
    extension: true,
    noStore: true,
  }),
  withdrawComment: defineEndpoint({
    method: 'POST',
    path: '/edu/v1/student/comment/withdraw',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary:
      'Withdraw a comment: it leaves the lists and search, its text is erased, and the student’s record shows when it was withdrawn',
    access: `${authorOnly} Withdrawing twice is 409.`,
    body: withdrawCommentBodySchema,
    response: withdrawnCommentSchema,
    extension: true,
    noStore: true,
  }),
  commentVersions: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/student/comment/versions',
    base: 'platform',
    auth: 'training',
    tag: 'Student comments',
    summary: 'The earlier wordings of a comment, newest first',
    access: 'Whoever may read the comment; anyone else gets 404, as for an unknown id.',
    query: commentVersionsQuerySchema,
    response: entryVersionListSchema,
    extension: true,
    noStore: true,
  }),
} as const;

/**
 * Section 4.1: a trainer of a class comments on a student of that class;
 * comments are read by the trainers of their class and by their author.
 */
import { randomUUID } from 'node:crypto';
import type { Comment, CreateCommentBody, ListCommentsQuery } from '../../../contract/comments.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { commentTarget } from '../../access/targets.ts';
import { type Listed, listScope, readList } from '../../data/paging.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { commentsRepo } from './comments.repo.ts';

export function commentHandlers(deps: Deps) {
  const reads = commentsRepo(deps.db.q);
  return {
    /** The whole list, or one page of it (the paging extension) with the cursor of the next. */
    list(caller: UserCaller, query: ListCommentsQuery): Promise<Listed<Comment>> {
      const { limit, cursor, ...filters } = query;
      return readList(
        deps.db,
        listScope('comments', caller.userId, filters),
        { limit, cursor },
        {
          whole: () => reads.list(caller.userId, filters),
          page: (request) => reads.page(caller.userId, filters, request),
        },
      );
    },
    /** The checks and the insert are one transaction: nothing is half written. */
    create(caller: UserCaller, body: CreateCommentBody): Promise<Comment> {
      return deps.db.transaction(async (tx) => {
        const target = await commentTarget(tx, caller, body);
        // A comment always names its student (the body's schema requires it), so the target has them.
        const student = target.student;
        if (!student) throw new Error('a comment without its student passed the checks');
        const created = await commentsRepo(tx).insert({
          commentId: `cmt-${randomUUID()}`,
          studentId: student.studentId,
          studentUserId: student.userId,
          authorId: caller.userId,
          classId: target.classId,
          courseId: target.courseId,
          lessonId: body.lessonId ?? null,
          text: body.text,
          createdAt: deps.now(),
        });
        await bump(tx, 'comments');
        return created;
      });
    },
  };
}

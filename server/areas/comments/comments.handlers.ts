/**
 * Section 4.1: a trainer of a class comments on a student of that class;
 * comments are read by the trainers of their class and by their author.
 */
import { randomUUID } from 'node:crypto';
import type { Comment, CreateCommentBody, ListCommentsQuery } from '../../../contract/comments.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { type Listed, listScope, readList } from '../../data/paging.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { type CommentsRepo, commentsRepo } from './comments.repo.ts';

/** What a comment is filed under; the student (and lesson) are checked when given. */
export type CommentTarget = Pick<CreateCommentBody, 'classId' | 'lessonId'> & {
  readonly studentId?: string | undefined;
};

/**
 * Where a comment would be filed, after the checks every comment passes: the
 * caller trains the class, the student is enrolled in it, the lesson is of its
 * course. Used by create and by the audience a form shows before saving.
 */
export async function commentTarget(
  repo: CommentsRepo,
  caller: UserCaller,
  body: CommentTarget,
  /** Where the ids came from, for the issues' paths. */
  from: 'body' | 'query' = 'body',
): Promise<{ classId: string; courseId: string; student?: { studentId: string; userId: string } }> {
  const klass = await repo.class(body.classId);
  if (!klass) throw notFound(`Class "${body.classId}"`);
  // Before anything is said about the student: only the class's trainers learn who is enrolled.
  if (!(await repo.teaches(klass.class_id, caller.userId))) {
    throw forbidden(`Only a trainer of class "${body.classId}" may comment on its students`);
  }
  let student: { studentId: string; userId: string } | undefined;
  if (body.studentId !== undefined) {
    const enrolled = await repo.student(body.studentId);
    if (!enrolled) throw notFound(`Student "${body.studentId}"`);
    if (enrolled.class_id !== klass.class_id) {
      throw badRequest(`Student "${body.studentId}" is not enrolled in class "${body.classId}"`, [
        { path: `${from}.studentId`, message: `is not enrolled in class "${body.classId}"` },
      ]);
    }
    student = { studentId: enrolled.student_id, userId: enrolled.user_id };
  }
  if (body.lessonId !== undefined) {
    const lesson = await repo.lesson(body.lessonId);
    if (!lesson) throw notFound(`Lesson "${body.lessonId}"`);
    if (lesson.course_id !== klass.course_id) {
      throw badRequest(`Lesson "${body.lessonId}" is not part of the course of class "${body.classId}"`, [
        { path: `${from}.lessonId`, message: `is not part of the course of class "${body.classId}"` },
      ]);
    }
  }
  return { classId: klass.class_id, courseId: klass.course_id, ...(student ? { student } : {}) };
}

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
        const repo = commentsRepo(tx);
        const target = await commentTarget(repo, caller, body);
        // A comment always names its student (the body's schema requires it), so the target has them.
        const student = target.student;
        if (!student) throw new Error('a comment without its student passed the checks');
        const created = await repo.insert({
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

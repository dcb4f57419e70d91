/**
 * Section 4.1: a trainer of a class comments on a student of that class;
 * comments are read by the trainers of their class and by their author.
 */
import { randomUUID } from 'node:crypto';
import type { Comment, CommentFilters, CreateCommentBody } from '../../../contract/comments.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { UserCaller } from '../../http/auth.ts';
import type { CommentsRepo } from './comments.repo.ts';

/** What a comment is filed under; the student (and lesson) are checked when given. */
export type CommentTarget = Pick<CreateCommentBody, 'classId' | 'lessonId'> & { studentId?: string };

export function commentHandlers(deps: Deps, repo: CommentsRepo) {
  const handlers = {
    list(caller: UserCaller, filters: CommentFilters): Comment[] {
      return repo.list(caller.userId, filters);
    },
    /**
     * Where a comment would be filed, after the checks every comment passes:
     * the caller trains the class, the student is enrolled in it, the lesson is
     * in its course. Used by create and by the audience a form shows before saving.
     */
    target(
      caller: UserCaller,
      body: CommentTarget,
      /** Where the ids came from, for the issues' paths. */
      from: 'body' | 'query' = 'body',
    ): { classId: string; courseId: string; studentId?: string } {
      const klass = repo.class(body.classId);
      if (!klass) throw notFound(`Class "${body.classId}"`);
      // Before anything is said about the student: only the class's trainers learn who is enrolled.
      if (!repo.teaches(klass.class_id, caller.userId)) {
        throw forbidden(`Only a trainer of class "${body.classId}" may comment on its students`);
      }
      let studentId: string | undefined;
      if (body.studentId !== undefined) {
        const student = repo.student(body.studentId);
        if (!student) throw notFound(`Student "${body.studentId}"`);
        if (student.class_id !== klass.class_id) {
          throw badRequest(`Student "${body.studentId}" is not enrolled in class "${body.classId}"`, [
            { path: `${from}.studentId`, message: `is not enrolled in class "${body.classId}"` },
          ]);
        }
        studentId = student.student_id;
      }
      if (body.lessonId !== undefined) {
        const lesson = repo.lesson(body.lessonId);
        if (!lesson) throw notFound(`Lesson "${body.lessonId}"`);
        if (lesson.course_id !== klass.course_id) {
          throw badRequest(`Lesson "${body.lessonId}" is not part of the course of class "${body.classId}"`, [
            { path: `${from}.lessonId`, message: `is not part of the course of class "${body.classId}"` },
          ]);
        }
      }
      return { classId: klass.class_id, courseId: klass.course_id, ...(studentId ? { studentId } : {}) };
    },
    create(caller: UserCaller, body: CreateCommentBody): Comment {
      const target = handlers.target(caller, body);
      const studentId = target.studentId ?? body.studentId;
      const commentId = `cmt-${randomUUID()}`;
      repo.insert({
        commentId,
        studentId,
        authorId: caller.userId,
        classId: target.classId,
        courseId: target.courseId,
        lessonId: body.lessonId ?? null,
        text: body.text,
        createdAt: deps.now(),
      });
      const created = repo.find(commentId);
      if (!created) throw new Error('comment vanished after insert');
      return created;
    },
  };
  return handlers;
}

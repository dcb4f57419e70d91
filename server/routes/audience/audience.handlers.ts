/**
 * The audience extension: who will read a comment or a note before it is
 * written. The ids go through the same checks as on create (so nobody learns
 * who trains a class they may not write about), then the readers come from
 * the rule every read enforces (readers.repo).
 */
import type { Audience, AudienceQuery } from '../../../contract/audience.ts';
import { badRequest } from '../../errors.ts';
import { requireTrainingScope, type UserCaller } from '../../http/auth.ts';
import type { commentHandlers } from '../comments/comments.handlers.ts';
import type { noteHandlers } from '../notes/notes.handlers.ts';
import type { ReadersRepo } from './readers.repo.ts';

export function audienceHandlers(
  comments: Pick<ReturnType<typeof commentHandlers>, 'target'>,
  notes: Pick<ReturnType<typeof noteHandlers>, 'resolve'>,
  readers: ReadersRepo,
) {
  return {
    audience(caller: UserCaller, query: AudienceQuery): Audience {
      const { kind, ...ids } = query;
      if (kind === 'comment') {
        // Comments are a training-scope area, here as on every comment route.
        requireTrainingScope(caller);
        if (ids.userId !== undefined || ids.courseId !== undefined) {
          throw badRequest('A comment names a class, a student and a lesson, not a user or a course', [
            { path: `query.${ids.userId !== undefined ? 'userId' : 'courseId'}`, message: 'is not part of a comment' },
          ]);
        }
        if (ids.classId === undefined) {
          throw badRequest('Name the class of the comment (classId)', [
            { path: 'query.classId', message: 'is required for a comment' },
          ]);
        }
        const target = comments.target(
          caller,
          { classId: ids.classId, studentId: ids.studentId, lessonId: ids.lessonId },
          'query',
        );
        return readers.of(caller.userId, target.classId);
      }
      if (ids.studentId === undefined && ids.userId === undefined) {
        throw badRequest('A note is about a student (studentId) or a user (userId)', [
          { path: 'query.studentId', message: 'a note is about a student (studentId) or a user (userId)' },
        ]);
      }
      const note = notes.resolve(caller, ids, 'query');
      return readers.of(caller.userId, note.classId);
    },
  };
}

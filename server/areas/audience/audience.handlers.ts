/**
 * The audience extension: who will read a comment or a note before it is
 * written. The ids go through the same checks as on create (so nobody learns
 * who trains a class they may not write about), then the readers come from
 * the rule every read enforces (access/read-rule.ts).
 */
import type { Audience, AudienceQuery } from '../../../contract/audience.ts';
import { requireTrainingScope, type UserCaller } from '../../access/authenticator.ts';
import { readersRepo } from '../../access/read-rule.ts';
import { commentTarget, resolveNote } from '../../access/targets.ts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';

export function audienceHandlers(deps: Deps) {
  const q = deps.db.q;
  const readers = readersRepo(q);
  return {
    async audience(caller: UserCaller, query: AudienceQuery): Promise<Audience> {
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
        const target = await commentTarget(
          q,
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
      const note = await resolveNote(q, caller, ids, 'query');
      return readers.of(caller.userId, note.classId);
    },
  };
}

/**
 * The class activity extension: what the classes page shows per student
 * (how many comments and notes, and the newest of each), counted by the
 * database instead of by the browser over every entry of the class.
 */
import type { ClassActivityCounts, StudentActivity } from '../../../contract/class-activity.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { notFound } from '../../errors.ts';
import type { ClassActivityRepo, CountRow } from './class-activity.repo.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const none = { count: 0, latest: null } as const;
const kindOf = (row: CountRow | undefined) => (row ? { count: row.count, latest: iso(row.latest) } : none);

export function classActivityHandlers(repo: ClassActivityRepo) {
  return {
    async counts(caller: UserCaller, classId: string): Promise<ClassActivityCounts> {
      const trains = await repo.trains(caller.userId, classId);
      const { comments, notes } = trains
        ? await repo.kept(classId)
        : { comments: await repo.comments(caller.userId, classId), notes: await repo.notes(caller.userId, classId) };
      // A class the caller neither trains nor wrote in is "not found", as an unknown one: its existence is not theirs to learn.
      if (!trains && comments.length === 0 && notes.length === 0) throw notFound(`Class "${classId}"`);
      const byComment = new Map(comments.map((row) => [row.userId, row]));
      const byNote = new Map(notes.map((row) => [row.userId, row]));
      const people = [...new Set([...byComment.keys(), ...byNote.keys()])].sort();
      const students: StudentActivity[] = people.map((userId) => ({
        userId,
        comments: kindOf(byComment.get(userId)),
        notes: kindOf(byNote.get(userId)),
      }));
      return { classId, students };
    },
  };
}

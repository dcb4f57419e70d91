/**
 * The student record extension: everything a trainer may read about one
 * person, comments and notes in one list, newest first.
 */
import type { RecordEntry, StudentRecord } from '../../../contract/student-record.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { notFound } from '../../errors.ts';
import type { RecordRows, RecordsRepo } from './student-record.repo.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Newest first; within one second, comments (a withdrawn one where it was
 * written) before notes, each newest first by its table's order.
 */
function merge({ comments, notes, withdrawn }: RecordRows): RecordEntry[] {
  const placed: { createdAt: number; rank: number; seq: number; entry: RecordEntry }[] = [
    ...comments.map((row) => ({
      ...row,
      rank: 0,
      entry: { kind: 'comment' as const, createdAt: iso(row.createdAt), comment: row.comment },
    })),
    ...withdrawn.map((row) => ({
      ...row,
      rank: 0,
      entry: {
        kind: 'withdrawn' as const,
        createdAt: iso(row.createdAt),
        withdrawnAt: iso(row.withdrawnAt),
        commentId: row.commentId,
        author: row.author,
        class: row.classId,
        course: row.courseId,
        lesson: row.lessonId ?? '',
      },
    })),
    ...notes.map((row) => ({
      ...row,
      rank: 1,
      entry: { kind: 'note' as const, createdAt: iso(row.createdAt), note: row.note, author: row.author },
    })),
  ];
  placed.sort((a, b) => b.createdAt - a.createdAt || a.rank - b.rank || b.seq - a.seq);
  return placed.map((p) => p.entry);
}

export function recordHandlers(repo: RecordsRepo) {
  return {
    async record(caller: UserCaller, userId: string): Promise<StudentRecord> {
      const [student, rows, sharedClasses] = await Promise.all([
        repo.person(userId),
        repo.entries(caller.userId, userId),
        repo.sharedClasses(caller.userId, userId),
      ]);
      const entries = merge(rows);
      // Someone the caller neither trains nor has anything to read about is "not found", as an unknown person.
      if (!student || (entries.length === 0 && sharedClasses.length === 0)) {
        throw notFound(`Student "${userId}"`);
      }
      return {
        student: { ...student, ...(await repo.facts(userId, sharedClasses.length > 0)) },
        sharedClasses,
        entries,
      };
    },
  };
}

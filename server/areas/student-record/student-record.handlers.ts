/**
 * The student record extension: everything a trainer may read about one
 * person, comments and notes in one list, newest first.
 */
import type { RecordEntry, StudentRecord } from '../../../contract/student-record.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { notFound } from '../../errors.ts';
import type { RecordCommentRow, RecordNoteRow, RecordsRepo } from './student-record.repo.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Newest first; within one second, comments before notes, each newest first (by its table's order). */
function merge(comments: readonly RecordCommentRow[], notes: readonly RecordNoteRow[]): RecordEntry[] {
  const entries: RecordEntry[] = [];
  let c = 0;
  let n = 0;
  while (c < comments.length || n < notes.length) {
    const comment = comments[c];
    const note = notes[n];
    if (comment && (!note || comment.createdAt >= note.createdAt)) {
      entries.push({ kind: 'comment', createdAt: iso(comment.createdAt), comment: comment.comment });
      c += 1;
    } else if (note) {
      entries.push({ kind: 'note', createdAt: iso(note.createdAt), note: note.note, author: note.author });
      n += 1;
    }
  }
  return entries;
}

export function recordHandlers(repo: RecordsRepo) {
  return {
    async record(caller: UserCaller, userId: string): Promise<StudentRecord> {
      const [student, { comments, notes }] = await Promise.all([
        repo.person(userId),
        repo.entries(caller.userId, userId),
      ]);
      // Someone the caller neither trains nor has anything to read about is "not found", as an unknown person.
      if (!student || (comments.length === 0 && notes.length === 0 && !(await repo.trains(caller.userId, userId)))) {
        throw notFound(`Student "${userId}"`);
      }
      return { student, entries: merge(comments, notes) };
    },
  };
}

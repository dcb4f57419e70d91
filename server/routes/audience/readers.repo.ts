/**
 * The one rule of who reads a comment or a note: its author, and the
 * trainers of its class (a user note has no class, so only its author).
 * Comment and note lists and reads, the student record and the audience the
 * forms show before saving are all built from the clauses below, so what a
 * form promises is exactly what the service enforces.
 */
import type { Audience, Reader } from '../../../contract/audience.ts';
import type { Db } from '../../db/database.ts';

/**
 * Each way of being a reader, as SQL over an entry row `entry` (with
 * `author_id` and `class_id`) and a person `viewer` (a column or a parameter).
 */
const readerClauses = {
  author: (entry: string, viewer: string) => `${entry}.author_id = ${viewer}`,
  classTrainer: (entry: string, viewer: string) =>
    `${entry}.class_id IN (SELECT class_id FROM class_trainers WHERE user_id = ${viewer})`,
} as const;

/** SQL: the entry row `entry` is readable by `viewer` (by default the parameter `@viewerId`). */
export function readableBy(entry: string, viewer = '@viewerId'): string {
  return `(${Object.values(readerClauses)
    .map((clause) => clause(entry, viewer))
    .join(' OR ')})`;
}

interface ReaderRow {
  user_id: string;
  handle: string;
  first_name: string;
  last_name: string;
  as_class_trainer: number;
}

const toReader = (row: ReaderRow): Reader => ({
  userId: row.user_id,
  handle: row.handle,
  firstName: row.first_name,
  lastName: row.last_name,
});

export function readersRepo(db: Db) {
  // Everyone the rule lets read an entry with this author and class: the same predicate
  // as every read, evaluated for each person instead of for one viewer.
  const readers = db.prepare<{ authorId: string; classId: string | null }, ReaderRow>(
    `SELECT u.user_id, u.handle, u.first_name, u.last_name,
            (${readerClauses.classTrainer('e', 'u.user_id')}) AS as_class_trainer
     FROM users u CROSS JOIN (SELECT @authorId AS author_id, @classId AS class_id) e
     WHERE ${readableBy('e', 'u.user_id')}
     ORDER BY u.last_name, u.first_name, u.user_id`,
  );
  const className = db.prepare<[string], { name: string }>('SELECT name FROM classes WHERE class_id = ?');

  return {
    /** Who will read an entry written by `authorId` and filed under `classId` (null: no class). */
    of(authorId: string, classId: string | null): Audience {
      const rows = readers.all({ authorId, classId });
      const author = rows.find((row) => row.user_id === authorId);
      if (!author) throw new Error(`the author ${authorId} cannot read their own entry`);
      const trainers = rows.filter((row) => row.as_class_trainer === 1).map(toReader);
      const name = classId === null ? undefined : className.get(classId)?.name;
      return {
        author: toReader(author),
        classTrainers: classId === null || name === undefined ? null : { classId, className: name, trainers },
      };
    },
  };
}
export type ReadersRepo = ReturnType<typeof readersRepo>;

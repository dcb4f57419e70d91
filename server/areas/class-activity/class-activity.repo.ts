/**
 * Each student's comment and note counts in one class, and the newest of
 * each: exactly what the lists `?classId=` answer the same viewer. The only
 * queries of the area.
 *
 * A trainer of the class may read every entry filed under it (the read
 * rule's class-trainer clause, access/read-rule.ts), so their counts are the
 * kept counts of migration 015, one row per student whatever the class's
 * history. Anyone else reads only what they wrote there (the author clause):
 * those are counted over the readable entries of access/entries.ts.
 * class-activity.test.ts holds both against the lists.
 */
import { sql } from 'kysely';
import { readableComments, readableNotes } from '../../access/entries.ts';
import type { Queryable } from '../../data/database.ts';

/** One person's count and newest time (seconds) of one kind. */
export interface CountRow {
  readonly userId: string;
  readonly count: number;
  readonly latest: number;
}

/**
 * One row per person: a comment names an enrollment, and one person may hold
 * two (a comment filed under the class about their enrollment in another).
 */
function merged(rows: readonly { userId: string; count: number; latest: number }[]): CountRow[] {
  const byPerson = new Map<string, CountRow>();
  for (const row of rows) {
    const seen = byPerson.get(row.userId);
    const count = Number(row.count);
    const latest = Number(row.latest);
    byPerson.set(
      row.userId,
      seen
        ? { userId: row.userId, count: seen.count + count, latest: Math.max(seen.latest, latest) }
        : { userId: row.userId, count, latest },
    );
  }
  return [...byPerson.values()];
}

export function classActivityRepo(q: Queryable) {
  return {
    /** Whether the class exists and the viewer trains it. */
    async trains(viewerId: string, classId: string): Promise<boolean> {
      const row = await q
        .selectFrom('class_trainers')
        .select('user_id')
        .where('class_id', '=', classId)
        .where('user_id', '=', viewerId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** A trainer's counts: every comment (not withdrawn) and note filed under the class, as kept. */
    async kept(classId: string): Promise<{ comments: CountRow[]; notes: CountRow[] }> {
      const [comments, notes] = await Promise.all([
        q
          .selectFrom('comment_counts as k')
          .innerJoin('students as st', 'st.student_id', 'k.student_id')
          .select(['st.user_id as userId', 'k.count', 'k.latest'])
          .where('k.class_id', '=', classId)
          .execute(),
        // A note counts for a student of the class: its enrollment in this class.
        q
          .selectFrom('note_counts as k')
          .innerJoin('students as s', (join) =>
            join.onRef('s.student_id', '=', 'k.student_id').onRef('s.class_id', '=', 'k.class_id'),
          )
          .select(['s.user_id as userId', 'k.count', 'k.latest'])
          .where('k.class_id', '=', classId)
          .execute(),
      ]);
      return { comments: merged(comments), notes: merged(notes) };
    },
    /** The comments filed under the class that the viewer may read, by the person they are about (a comment names its student's enrollment). */
    async comments(viewerId: string, classId: string): Promise<CountRow[]> {
      const rows = await readableComments(q, viewerId)
        .clearSelect()
        .select((eb) => [
          'st.user_id as userId',
          eb.fn.countAll<number>().as('count'),
          eb.fn.max('c.created_at').as('latest'),
        ])
        .where('c.class_id', '=', classId)
        .groupBy('st.user_id')
        .execute();
      return rows.map((row) => ({ userId: row.userId, count: Number(row.count), latest: Number(row.latest) }));
    },
    /**
     * The notes filed under the class about one of its students, by person: a
     * note names a student by enrollment, and only an enrollment in this class
     * is one of the class's students (a note about nobody counts for no one).
     */
    async notes(viewerId: string, classId: string): Promise<CountRow[]> {
      const rows = await readableNotes(q, viewerId)
        .clearSelect()
        .innerJoin('students as s', (join) =>
          join.onRef('s.student_id', '=', 'n.student_id').on('s.class_id', '=', sql.val(classId)),
        )
        .select((eb) => [
          's.user_id as userId',
          eb.fn.countAll<number>().as('count'),
          eb.fn.max('n.created_at').as('latest'),
        ])
        .where('n.class_id', '=', classId)
        .groupBy('s.user_id')
        .execute();
      return rows.map((row) => ({ userId: row.userId, count: Number(row.count), latest: Number(row.latest) }));
    },
  };
}
export type ClassActivityRepo = ReturnType<typeof classActivityRepo>;

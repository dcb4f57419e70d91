/**
 * The one rule of who reads a comment or a note: its author, and the
 * trainers of its class (a user note has no class, so only its author).
 * Comment and note lists and reads, the student record and the audience the
 * forms show before saving are all built from the clauses below, so what a
 * form promises is exactly what the service enforces.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Audience, Reader } from '../../contract/audience.ts';
import type { Queryable } from '../data/database.ts';

/** The two columns of an entry (a comment or a note row) the rule reads. */
export interface EntryColumns {
  readonly authorId: Expression<string>;
  readonly classId: Expression<string | null>;
}

/** An entry row by its table alias: `entry('c')` for `comments as c`. */
export function entry(alias: 'c' | 'n'): EntryColumns {
  return { authorId: sql.ref<string>(`${alias}.author_id`), classId: sql.ref<string | null>(`${alias}.class_id`) };
}

/**
 * Each way of being a reader: `holds` over an entry and a person (a column,
 * or a value with `sql.val`), and `who`, the userIds it can hold for at all,
 * found by key, so the audience reads those people and not every user.
 */
interface ReaderClause {
  holds(e: EntryColumns, viewer: Expression<string>): RawBuilder<SqlBool>;
  who(e: EntryColumns): RawBuilder<string>;
}

const readerClauses = {
  author: {
    holds: (e, viewer) => sql<SqlBool>`${e.authorId} = ${viewer}`,
    // Cast: PostgreSQL cannot type a bare parameter in a UNION's select list.
    who: (e) => sql<string>`SELECT CAST(${e.authorId} AS TEXT)`,
  },
  classTrainer: {
    holds: (e, viewer) => sql<SqlBool>`${e.classId} IN (SELECT class_id FROM class_trainers WHERE user_id = ${viewer})`,
    who: (e) => sql<string>`SELECT user_id FROM class_trainers WHERE class_id = ${e.classId}`,
  },
} as const satisfies Record<string, ReaderClause>;

const holdings = (e: EntryColumns, viewer: Expression<string>) =>
  Object.values(readerClauses).map((clause) => clause.holds(e, viewer));

/** The entry is readable by the viewer. */
export function readableBy(e: EntryColumns, viewer: Expression<string>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(holdings(e, viewer), sql` OR `)})`;
}

/**
 * The rule cut into one condition per way of being a reader, each holding
 * only where no earlier one does: every readable entry meets exactly one, so
 * the entries of each, read apart, add up to `readableBy`'s with none twice. A
 * query that an index serves one way at a time (PostgreSQL's search, by class
 * or by author and the words together) reads each apart; everything else
 * reads `readableBy`.
 */
export function readerWaysApart(e: EntryColumns, viewer: Expression<string>): RawBuilder<SqlBool>[] {
  const all = holdings(e, viewer);
  return all.map((holds, i) => {
    // An earlier way that is unknown (NULL: an entry of no class) does not hold.
    const earlier = all.slice(0, i).map((other) => sql<SqlBool>`NOT COALESCE(${other}, FALSE)`);
    return sql<SqlBool>`(${sql.join([holds, ...earlier], sql` AND `)})`;
  });
}

/** SQLite answers a condition 0 or 1, PostgreSQL false or true. */
const isTrue = (value: unknown) => value === true || value === 1 || value === '1';

/**
 * The people who read an entry written by `authorId` and filed under
 * `classId`, by name: the same predicate as every read, evaluated for each
 * person any reader clause names (by key) instead of for one viewer.
 */
export function readersQuery(q: Queryable, authorId: string, classId: string | null) {
  const written: EntryColumns = { authorId: sql.val(authorId), classId: sql.val(classId) };
  const person = sql.ref<string>('u.user_id');
  const candidates = sql.join(
    Object.values(readerClauses).map((clause) => clause.who(written)),
    sql` UNION `,
  );
  return q
    .selectFrom('users as u')
    .select([
      'u.user_id',
      'u.handle',
      'u.first_name',
      'u.last_name',
      readerClauses.classTrainer.holds(written, person).as('as_class_trainer'),
    ])
    .where(sql<SqlBool>`u.user_id IN (${candidates})`)
    .where(readableBy(written, person))
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.user_id');
}

export function readersRepo(q: Queryable) {
  return {
    /** Who will read an entry written by `authorId` and filed under `classId` (null: no class). */
    async of(authorId: string, classId: string | null): Promise<Audience> {
      const [rows, klass] = await Promise.all([
        readersQuery(q, authorId, classId).execute(),
        classId === null
          ? undefined
          : q.selectFrom('classes').select('name').where('class_id', '=', classId).executeTakeFirst(),
      ]);
      const toReader = (row: (typeof rows)[number]): Reader => ({
        userId: row.user_id,
        handle: row.handle,
        firstName: row.first_name,
        lastName: row.last_name,
      });
      const author = rows.find((row) => row.user_id === authorId);
      if (!author) throw new Error(`the author ${authorId} cannot read their own entry`);
      return {
        author: toReader(author),
        classTrainers:
          classId === null || klass === undefined
            ? null
            : {
                classId,
                className: klass.name,
                trainers: rows.filter((row) => isTrue(row.as_class_trainer)).map(toReader),
              },
      };
    },
  };
}

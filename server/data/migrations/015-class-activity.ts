import { sql } from 'kysely';
import type { Migration } from './types.ts';

/**
 * Each student's counts in a class, kept as entries are written (issue 35):
 * `comment_counts` and `note_counts` hold, per class and enrollment, how many
 * comments (not withdrawn) and notes there are and when the newest was
 * written. The classes page's counts are then a read of one row per student,
 * whatever the class's history holds, instead of a count over every entry.
 *
 * A trigger on each table keeps its counts in the statement that writes the
 * entry, so no write path (the API's, the sandbox's, the bulk generator's)
 * can leave them behind, and the counts belong to the entry's own area of
 * data. A removed entry takes one off; when it was the newest, the newest is
 * read again from the entries (an index per class and enrollment by time).
 * A change of an entry's class, enrollment, time or withdrawal is the old row
 * removed and the new one added. The statements differ by engine (SQLite's
 * trigger bodies against a PL/pgSQL function, replaced where a reset dropped the tables but kept it), so they run as the data step,
 * after the tables and indexes, which are one text, and the counts of the
 * rows already stored.
 */

interface Kind {
  readonly table: 'comments' | 'notes';
  readonly counts: 'comment_counts' | 'note_counts';
  /** Which rows count: a comment until it is withdrawn; a note filed under a class about an enrollment. */
  readonly counted: (row: string) => string;
}

const kinds: readonly Kind[] = [
  { table: 'comments', counts: 'comment_counts', counted: (row) => `${row}.withdrawn_at IS NULL` },
  {
    table: 'notes',
    counts: 'note_counts',
    counted: (row) => `${row}.class_id IS NOT NULL AND ${row}.student_id IS NOT NULL`,
  },
];

/** The newest counted entry of the old row's class and enrollment, the old row itself no longer counted. */
const newestOf = ({ table, counted }: Kind, old: string) =>
  `(SELECT MAX(e.created_at) FROM ${table} e WHERE e.class_id = ${old}.class_id AND e.student_id = ${old}.student_id AND ${counted('e')})`;

const removeSql = (kind: Kind, old: string) =>
  `UPDATE ${kind.counts} SET count = count - 1,
     latest = CASE WHEN ${old}.created_at >= latest THEN COALESCE(${newestOf(kind, old)}, 0) ELSE latest END
   WHERE class_id = ${old}.class_id AND student_id = ${old}.student_id AND ${kind.counted(old)};
   DELETE FROM ${kind.counts} WHERE class_id = ${old}.class_id AND student_id = ${old}.student_id AND count <= 0;`;

const addSql = (kind: Kind, row: string, greatest: string) =>
  `INSERT INTO ${kind.counts} (class_id, student_id, count, latest)
     SELECT ${row}.class_id, ${row}.student_id, 1, ${row}.created_at WHERE ${kind.counted(row)}
     ON CONFLICT (class_id, student_id) DO UPDATE SET count = ${kind.counts}.count + 1, latest = ${greatest}(${kind.counts}.latest, excluded.latest);`;

const watched = 'class_id, student_id, created_at';
const watchedOf = (kind: Kind) => (kind.table === 'comments' ? `${watched}, withdrawn_at` : watched);

const sqliteStatements = (kind: Kind) => [
  `CREATE TRIGGER ${kind.counts}_insert AFTER INSERT ON ${kind.table} BEGIN ${addSql(kind, 'new', 'MAX')} END`,
  `CREATE TRIGGER ${kind.counts}_delete AFTER DELETE ON ${kind.table} BEGIN ${removeSql(kind, 'old')} END`,
  `CREATE TRIGGER ${kind.counts}_update AFTER UPDATE OF ${watchedOf(kind)} ON ${kind.table} BEGIN ${removeSql(kind, 'old')} ${addSql(kind, 'new', 'MAX')} END`,
];

const postgresStatements = (kind: Kind) => [
  `CREATE OR REPLACE FUNCTION ${kind.counts}_keep() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('DELETE', 'UPDATE') THEN ${removeSql(kind, 'OLD')} END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') THEN ${addSql(kind, 'NEW', 'GREATEST')} END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER ${kind.counts}_keep AFTER INSERT OR DELETE OR UPDATE OF ${watchedOf(kind)} ON ${kind.table}
   FOR EACH ROW EXECUTE FUNCTION ${kind.counts}_keep()`,
];

/** The counts of the rows already stored. */
const backfill = (kind: Kind) =>
  `INSERT INTO ${kind.counts} (class_id, student_id, count, latest)
   SELECT e.class_id, e.student_id, COUNT(*), MAX(e.created_at) FROM ${kind.table} e WHERE ${kind.counted('e')}
   GROUP BY e.class_id, e.student_id`;

export const migration: Migration = {
  version: '015_class_activity',
  sql: (t) => `-- Each student's counts in a class, kept by triggers (the data step).
CREATE TABLE comment_counts (
  class_id ${t.text} NOT NULL,
  student_id ${t.text} NOT NULL,
  count ${t.int} NOT NULL,
  latest ${t.int} NOT NULL,
  PRIMARY KEY (class_id, student_id)
);
CREATE TABLE note_counts (
  class_id ${t.text} NOT NULL,
  student_id ${t.text} NOT NULL,
  count ${t.int} NOT NULL,
  latest ${t.int} NOT NULL,
  PRIMARY KEY (class_id, student_id)
);
CREATE INDEX comments_class_student ON comments (class_id, student_id, created_at);
CREATE INDEX notes_class_student ON notes (class_id, student_id, created_at);`,
  async data(tx, { engine }) {
    for (const kind of kinds) {
      await sql.raw(backfill(kind)).execute(tx);
      const statements = engine === 'sqlite' ? sqliteStatements(kind) : postgresStatements(kind);
      for (const statement of statements) await sql.raw(statement).execute(tx);
    }
  },
};

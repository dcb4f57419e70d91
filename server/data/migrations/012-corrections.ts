import type { Migration } from './types.ts';

/**
 * Corrections that keep the record's history (issue 34): a comment or a note
 * corrected in place keeps its id and `created_at` and gains `edited_at`; each
 * wording it replaced is kept in `entry_versions` (one table for both kinds,
 * read in the order written). A withdrawn comment keeps its row, so the
 * student's record can show that it was withdrawn, with `withdrawn_at` set.
 * The full-text index of 011 follows a change of the text by itself (a
 * trigger on SQLite, a generated column on PostgreSQL), so there is no data
 * step. Corrections are their own area of data (`corrections`), bumped by
 * every write of a version.
 */
export const migration: Migration = {
  version: '012_corrections',
  sql: (t) => `-- Corrections in place, and the wordings they replaced.
ALTER TABLE comments ADD COLUMN edited_at ${t.int};
ALTER TABLE comments ADD COLUMN withdrawn_at ${t.int};
ALTER TABLE notes ADD COLUMN edited_at ${t.int};

CREATE TABLE entry_versions (
  seq ${t.seq},
  kind ${t.text} NOT NULL,
  entry_id ${t.text} NOT NULL,
  text ${t.text} NOT NULL,
  written_at ${t.int} NOT NULL,
  replaced_at ${t.int} NOT NULL
);
CREATE INDEX entry_versions_entry ON entry_versions (kind, entry_id, seq);

INSERT INTO data_versions (area, version) VALUES ('corrections', 1);`,
};

import { sql } from 'kysely';
import type { Migration } from './types.ts';

/**
 * PostgreSQL's search by the way the reader reads (issue 32): a GIN index of
 * each table's words under its class and one under its author, so a search
 * finds the matches of the viewer's classes, and the viewer's own, inside the
 * index, instead of every match in the table, each row then read from the heap
 * to test the read rule (search.repo.ts reads the two ways apart and unites
 * them). A GIN index over a text column and a tsvector needs the `btree_gin`
 * extension, shipped with PostgreSQL (contrib) and trusted since PostgreSQL
 * 13, so the database's owner may create it.
 *
 * SQLite needs nothing: FTS5 reads its matches newest first by rowid and the
 * read rule is tested on each, the lists' indexes serving it.
 */
const indexes = [
  'CREATE INDEX comments_class_search ON comments USING GIN (class_id, search)',
  'CREATE INDEX comments_author_search ON comments USING GIN (author_id, search)',
  'CREATE INDEX notes_class_search ON notes USING GIN (class_id, search)',
  'CREATE INDEX notes_author_search ON notes USING GIN (author_id, search)',
];

export const migration: Migration = {
  version: '016_search_by_reader',
  sql: () => '-- PostgreSQL only: the words under the class and under the author, in the data step.',
  async data(tx, { engine }) {
    if (engine !== 'postgres') return;
    await sql.raw('CREATE EXTENSION IF NOT EXISTS btree_gin').execute(tx);
    for (const statement of indexes) await sql.raw(statement).execute(tx);
  },
};

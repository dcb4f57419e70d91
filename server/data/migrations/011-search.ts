import { sql } from 'kysely';
import { postgresSearchVector } from '../search-fold.ts';
import type { Migration } from './types.ts';

/**
 * Full text of comments and notes, one index per engine, each kept in the
 * transaction of every write of a row and built here for the rows already
 * stored:
 * - SQLite: an external-content FTS5 table over each (its rowid the row's
 *   seq), kept by triggers on insert, delete and a change of the text; the
 *   unicode61 tokenizer folds case and accents.
 * - PostgreSQL: a stored generated `tsvector` column (accents taken off in
 *   SQL, search-fold.ts; the simple configuration folds case, and stems
 *   nothing, as SQLite does not) with a GIN index.
 * The two are not one SQL text (a virtual table against a generated column),
 * so the statements run as the data step, by engine.
 */
const tables = ['comments', 'notes'] as const;

const sqliteStatements = (table: string) => {
  const fts = `${table}_search`;
  const remove = `INSERT INTO ${fts} (${fts}, rowid, text) VALUES ('delete', old.seq, old.text);`;
  const add = `INSERT INTO ${fts} (rowid, text) VALUES (new.seq, new.text);`;
  return [
    `CREATE VIRTUAL TABLE ${fts} USING fts5(text, content='${table}', content_rowid='seq', tokenize='unicode61 remove_diacritics 2')`,
    `CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${table} BEGIN ${add} END`,
    `CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${table} BEGIN ${remove} END`,
    `CREATE TRIGGER ${fts}_update AFTER UPDATE OF text, seq ON ${table} BEGIN ${remove} ${add} END`,
    `INSERT INTO ${fts} (${fts}) VALUES ('rebuild')`,
  ];
};

const postgresStatements = (table: string) => [
  `ALTER TABLE ${table} ADD COLUMN search tsvector GENERATED ALWAYS AS (${postgresSearchVector('text')}) STORED`,
  `CREATE INDEX ${table}_search ON ${table} USING GIN (search)`,
];

export const migration: Migration = {
  version: '011_search',
  sql: () => '-- Full text of comments and notes: engine by engine, in the data step.',
  async data(tx, { engine }) {
    for (const table of tables) {
      const statements = engine === 'sqlite' ? sqliteStatements(table) : postgresStatements(table);
      for (const statement of statements) await sql.raw(statement).execute(tx);
    }
  },
};

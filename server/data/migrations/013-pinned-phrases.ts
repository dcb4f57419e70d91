import type { Migration } from './types.ts';

/**
 * Pinned phrases (issue 34, suggestions; extension): the phrases a person
 * pinned, in the order pinned, under their userId. App data of theirs, not a
 * profile field. No answer is kept of them (the read is per person and
 * `no-store`), so the table is bookkeeping, of no data area.
 */
export const migration: Migration = {
  version: '013_pinned_phrases',
  sql: (t) => `-- A person's pinned phrases, in order.
CREATE TABLE pinned_phrases (
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  position ${t.int} NOT NULL,
  phrase ${t.text} NOT NULL,
  PRIMARY KEY (user_id, position)
);`,
};

import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '009_throttle',
  sql: (t) => `-- Counts that hold back guessing and floods (server/access/throttle.ts), kept
-- in the database so every instance and worker counts together. One row per
-- key: a hash of what is counted (a handle and an address, an address, an app
-- and an address), never the handle or address itself.
-- hits: attempts counted since first_at; blocked_until: no attempt is taken
-- before it; expires_at: after it the row means nothing and may be deleted.
CREATE TABLE throttle (
  key ${t.text} PRIMARY KEY,
  hits ${t.int} NOT NULL,
  first_at ${t.int} NOT NULL,
  last_at ${t.int} NOT NULL,
  blocked_until ${t.int} NOT NULL DEFAULT 0,
  expires_at ${t.int} NOT NULL
);
CREATE INDEX throttle_expiry ON throttle (expires_at);`,
};

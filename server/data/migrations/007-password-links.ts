import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '007_password_links',
  sql: (t) => `-- Single-use links that let a person set their password (an invitation or a
-- reset, server/access/password-links.ts). Only the SHA-256 of the link's
-- token is kept. One live link per person: a newer one replaces it, so the
-- user id is the key.
CREATE TABLE password_links (
  user_id ${t.text} PRIMARY KEY REFERENCES users (user_id),
  token_hash ${t.text} NOT NULL UNIQUE,
  purpose ${t.text} NOT NULL,
  expires_at ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL
)`,
};

import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '010_implicit_grant',
  sql: (t) => `-- The implicit grant (tokens in the redirect) is legacy, kept for the
-- platform's older SDKs: an app gets it only when registered for it, never a
-- confidential or production app. Public sandbox apps registered before this
-- (the demo apps the SDK tests use among them) keep what they had.
ALTER TABLE apps ADD COLUMN implicit_grant ${t.int} NOT NULL DEFAULT 0;
UPDATE apps SET implicit_grant = 1 WHERE environment = 'sandbox' AND confidential = 0`,
};

import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '005_oauth',
  sql: (t) => `-- OAuth 2.0 sign-in as the platform's clients use it (/oauth/signin, /oauth/token):
-- passwords, apps' redirect URIs and secrets, authorization codes, and token
-- families. Portable SQL (SQLite and PostgreSQL), as 001.

-- scrypt$N$r$p$salt$hash (server/access/passwords.ts); NULL: no password sign-in.
ALTER TABLE users ADD COLUMN password_hash ${t.text};

-- A confidential app authenticates at the token endpoint with its secret, kept
-- only as its SHA-256 hash (the secret is 32 random bytes, shown once).
ALTER TABLE apps ADD COLUMN confidential ${t.int} NOT NULL DEFAULT 0;
ALTER TABLE apps ADD COLUMN secret_hash ${t.text};

-- Exact strings: a redirect_uri is accepted only if it is one of these.
CREATE TABLE app_redirect_uris (
  client_id ${t.text} NOT NULL REFERENCES apps (client_id),
  redirect_uri ${t.text} NOT NULL,
  PRIMARY KEY (client_id, redirect_uri)
);

-- Sandbox apps made before sign-in went through /oauth get the local callbacks a new seed gives them.
INSERT INTO app_redirect_uris (client_id, redirect_uri)
  SELECT client_id, 'http://localhost:8080/auth/callback' FROM apps WHERE environment = 'sandbox';
INSERT INTO app_redirect_uris (client_id, redirect_uri)
  SELECT client_id, 'http://127.0.0.1:8080/auth/callback' FROM apps WHERE environment = 'sandbox';
INSERT INTO app_redirect_uris (client_id, redirect_uri)
  SELECT client_id, 'http://localhost:5173/auth/callback' FROM apps WHERE environment = 'sandbox';

-- A family is every session descended from one sign-in (refresh copies it): a
-- refresh token presented after it was spent ends the whole family.
-- refreshed_at marks a session whose refresh token was spent by a refresh.
ALTER TABLE sessions ADD COLUMN family_id ${t.text};
ALTER TABLE sessions ADD COLUMN refreshed_at ${t.int};
UPDATE sessions SET family_id = token_hash WHERE family_id IS NULL;
CREATE INDEX sessions_family ON sessions (family_id);

-- Authorization codes, stored hashed, single use (used_at set by the one
-- UPDATE that spends it), bound to the app, the redirect URI and the PKCE
-- challenge; family_id names the sessions issued from the code.
CREATE TABLE oauth_codes (
  code_hash ${t.text} PRIMARY KEY,
  client_id ${t.text} NOT NULL REFERENCES apps (client_id),
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  redirect_uri ${t.text} NOT NULL,
  code_challenge ${t.text},
  family_id ${t.text} NOT NULL,
  expires_at ${t.int} NOT NULL,
  used_at ${t.int}
);
CREATE INDEX oauth_codes_expiry ON oauth_codes (expires_at);`,
};

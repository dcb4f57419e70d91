import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '008_openid',
  sql: (t) => `-- The id a person has in the organization's own directory, as the people
-- import carries it: what an OpenID provider's claim may be matched against
-- (server/areas/auth/openid.ts). NULL: the import gave none. Not unique: two
-- people with one id are refused at sign-in rather than refused at import.
ALTER TABLE users ADD COLUMN external_id ${t.text};
CREATE INDEX users_external_id ON users (external_id);

-- Sign-ins waiting on an OpenID provider, one per "Continue with": what the
-- callback needs (the provider, the nonce, the PKCE verifier, the app's own
-- sign-in request) kept here and not in the browser, so any instance serves
-- the callback and each is spent once. state_hash: SHA-256 of the state sent.
CREATE TABLE oidc_flows (
  state_hash ${t.text} PRIMARY KEY,
  provider ${t.text} NOT NULL,
  nonce ${t.text} NOT NULL,
  code_verifier ${t.text} NOT NULL,
  callback_uri ${t.text} NOT NULL,
  signin_params ${t.text} NOT NULL,
  expires_at ${t.int} NOT NULL
);
CREATE INDEX oidc_flows_expires_at ON oidc_flows (expires_at)`,
};

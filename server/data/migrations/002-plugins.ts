import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '002_plugins',
  sql: (t) => `-- AI plugins (section 4.2): registered clients with Basic credentials, the
-- API sets an administrator granted, the orgs they may read, and the two
-- mission planner addresses (NULL until configured).

CREATE TABLE plugins (
  client_id ${t.text} PRIMARY KEY,
  client_secret ${t.text} NOT NULL,
  name ${t.text} NOT NULL,
  environment ${t.text} NOT NULL,
  capabilities_url ${t.text},
  candidates_url ${t.text},
  created_at ${t.int} NOT NULL
);

CREATE TABLE plugin_permissions (
  client_id ${t.text} NOT NULL REFERENCES plugins (client_id),
  permission ${t.text} NOT NULL,
  PRIMARY KEY (client_id, permission)
);

CREATE TABLE plugin_orgs (
  client_id ${t.text} NOT NULL REFERENCES plugins (client_id),
  org_id ${t.text} NOT NULL REFERENCES orgs (org_id),
  PRIMARY KEY (client_id, org_id)
);`,
};

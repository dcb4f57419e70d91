-- AI plugins (section 4.2): registered clients with Basic credentials, the
-- API sets an administrator granted, the orgs they may read, and the two
-- mission planner addresses (NULL until configured).

CREATE TABLE plugins (
  client_id TEXT PRIMARY KEY,
  client_secret TEXT NOT NULL,
  name TEXT NOT NULL,
  environment TEXT NOT NULL,
  capabilities_url TEXT,
  candidates_url TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE plugin_permissions (
  client_id TEXT NOT NULL REFERENCES plugins (client_id),
  permission TEXT NOT NULL,
  PRIMARY KEY (client_id, permission)
);

CREATE TABLE plugin_orgs (
  client_id TEXT NOT NULL REFERENCES plugins (client_id),
  org_id TEXT NOT NULL REFERENCES orgs (org_id),
  PRIMARY KEY (client_id, org_id)
);

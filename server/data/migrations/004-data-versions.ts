import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '004_data_versions',
  sql: (t) => `-- One version per area of data. Every write bumps its area's version in its own
-- transaction; a cache of anything derived from an area is current only while
-- the version it was made at is still the one in the database (docs/scale-out.md).
CREATE TABLE data_versions (
  area ${t.text} PRIMARY KEY,
  version ${t.int} NOT NULL
);
INSERT INTO data_versions (area, version) VALUES
  ('users', 1), ('sessions', 1), ('apps', 1), ('classes', 1), ('comments', 1), ('notes', 1),
  ('plugins', 1), ('badges', 1), ('plugin_data', 1);

-- Secrets every instance must share (the key that signs paging cursors, for one).
CREATE TABLE service_keys (
  name ${t.text} PRIMARY KEY,
  value ${t.text} NOT NULL
);`,
};

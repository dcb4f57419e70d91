import type { Migration } from './types.ts';

/**
 * Mission plans kept by the service (issue 36, an extension): one plan per
 * trainer, keyed by their userId, replaced whole by each save. And the people
 * a plugin named to a trainer in a candidate search, so a plan reopened on
 * another device, or after a reload, names them again (the names extension
 * names only people the trainer trains for, or whom a search told them of).
 * Both are their own area of data (`plans`).
 */
export const migration: Migration = {
  version: '014_mission_plans',
  sql: (t) => `-- A trainer's mission plan, and the candidates searches named to them.
CREATE TABLE mission_plans (
  user_id ${t.text} PRIMARY KEY REFERENCES users (user_id),
  plan ${t.text} NOT NULL,
  saved_at ${t.int} NOT NULL
);

CREATE TABLE planner_named (
  trainer_id ${t.text} NOT NULL REFERENCES users (user_id),
  plugin_id ${t.text} NOT NULL,
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  PRIMARY KEY (trainer_id, plugin_id, user_id)
);

INSERT INTO data_versions (area, version) VALUES ('plans', 1);`,
};

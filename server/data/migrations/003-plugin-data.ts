import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '003_plugin_data',
  sql: (t) => `-- What AI plugins read and write (section 4.2): badges of the service's
-- courses and those plugins create, their criteria, badge assertions,
-- self-claimed skills and the additional info plugins write about users.
-- Portable SQL (SQLite and PostgreSQL), as 001.

-- kind: 'course' and 'objective' badges belong to a course (course_id set):
-- they are the badges "from the service". 'plugin' badges were created by a
-- plugin through POST /plugin/v2/ai/badge and belong to no course.
CREATE TABLE badges (
  badge_id ${t.text} PRIMARY KEY,
  kind ${t.text} NOT NULL,
  name ${t.text} NOT NULL,
  type ${t.text} NOT NULL,
  image ${t.text} NOT NULL,
  proficiency ${t.real} NOT NULL,
  description ${t.text},
  alignments ${t.text},
  tags ${t.text},
  course_id ${t.text} REFERENCES courses (course_id),
  created_by ${t.text} REFERENCES plugins (client_id),
  created_at ${t.int} NOT NULL
);
CREATE INDEX badges_course ON badges (course_id, kind);

-- criteria.objective (kind 'objective') and criteria.module (kind 'module') entries, in order.
CREATE TABLE badge_criteria (
  badge_id ${t.text} NOT NULL REFERENCES badges (badge_id),
  kind ${t.text} NOT NULL,
  entry_id ${t.text} NOT NULL,
  name ${t.text} NOT NULL,
  description ${t.text} NOT NULL,
  position ${t.int} NOT NULL,
  PRIMARY KEY (badge_id, kind, entry_id)
);

-- badge_id has no foreign key: an assertion may record a badge of another issuer.
CREATE TABLE badge_assertions (
  seq ${t.seq},
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  badge_id ${t.text} NOT NULL,
  name ${t.text} NOT NULL,
  type ${t.text} NOT NULL,
  image ${t.text} NOT NULL,
  issued_on ${t.text} NOT NULL,
  issuer_name ${t.text} NOT NULL,
  lesson_id ${t.text} REFERENCES lessons (lesson_id),
  class_id ${t.text} REFERENCES classes (class_id),
  version_id ${t.text},
  asserted_by ${t.text} REFERENCES plugins (client_id),
  created_at ${t.int} NOT NULL
);
CREATE INDEX badge_assertions_user ON badge_assertions (user_id, seq);

CREATE TABLE other_skills (
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  position ${t.int} NOT NULL,
  self_claimed_expertise ${t.text} NOT NULL,
  level ${t.text} NOT NULL,
  PRIMARY KEY (user_id, position)
);

-- What each plugin wrote about a user; a plugin reads back only its own.
CREATE TABLE additional_info (
  seq ${t.seq},
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  client_id ${t.text} NOT NULL REFERENCES plugins (client_id),
  title ${t.text} NOT NULL,
  description ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX additional_info_user ON additional_info (user_id, client_id, seq);`,
};

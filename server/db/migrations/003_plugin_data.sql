-- What AI plugins read and write (section 4.2): badges of the service's
-- courses and those plugins create, their criteria, badge assertions,
-- self-claimed skills and the additional info plugins write about users.
-- Portable SQL (SQLite and PostgreSQL), as 001.

-- kind: 'course' and 'objective' badges belong to a course (course_id set):
-- they are the badges "from the service". 'plugin' badges were created by a
-- plugin through POST /plugin/v2/ai/badge and belong to no course.
CREATE TABLE badges (
  badge_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  image TEXT NOT NULL,
  proficiency REAL NOT NULL,
  description TEXT,
  alignments TEXT,
  tags TEXT,
  course_id TEXT REFERENCES courses (course_id),
  created_by TEXT REFERENCES plugins (client_id),
  created_at INTEGER NOT NULL
);
CREATE INDEX badges_course ON badges (course_id, kind);

-- criteria.objective (kind 'objective') and criteria.module (kind 'module') entries, in order.
CREATE TABLE badge_criteria (
  badge_id TEXT NOT NULL REFERENCES badges (badge_id),
  kind TEXT NOT NULL,
  entry_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (badge_id, kind, entry_id)
);

-- badge_id has no foreign key: an assertion may record a badge of another issuer.
CREATE TABLE badge_assertions (
  seq INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (user_id),
  badge_id TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  image TEXT NOT NULL,
  issued_on TEXT NOT NULL,
  issuer_name TEXT NOT NULL,
  lesson_id TEXT REFERENCES lessons (lesson_id),
  class_id TEXT REFERENCES classes (class_id),
  version_id TEXT,
  asserted_by TEXT REFERENCES plugins (client_id),
  created_at INTEGER NOT NULL
);
CREATE INDEX badge_assertions_user ON badge_assertions (user_id, seq);

CREATE TABLE other_skills (
  user_id TEXT NOT NULL REFERENCES users (user_id),
  position INTEGER NOT NULL,
  self_claimed_expertise TEXT NOT NULL,
  level TEXT NOT NULL,
  PRIMARY KEY (user_id, position)
);

-- What each plugin wrote about a user; a plugin reads back only its own.
CREATE TABLE additional_info (
  seq INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (user_id),
  client_id TEXT NOT NULL REFERENCES plugins (client_id),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX additional_info_user ON additional_info (user_id, client_id, seq);

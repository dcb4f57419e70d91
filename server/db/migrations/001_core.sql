-- Core of the platform: people, organisations, courses and classes, comments,
-- notes, app clients and sessions. Portable SQL (SQLite and PostgreSQL):
-- TEXT ids, INTEGER flags and epoch seconds, no SQLite-only column types.

CREATE TABLE orgs (
  org_id TEXT PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE pictures (
  picture_id TEXT PRIMARY KEY,
  jpeg_base64 TEXT NOT NULL
);

CREATE TABLE users (
  user_id TEXT PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  user_type TEXT NOT NULL,
  account_type TEXT NOT NULL,
  country TEXT NOT NULL,
  profile_pic TEXT REFERENCES pictures (picture_id),
  cover_photo TEXT REFERENCES pictures (picture_id),
  anonymous INTEGER NOT NULL DEFAULT 0,
  email TEXT NOT NULL DEFAULT '',
  trainer INTEGER NOT NULL DEFAULT 0,
  trainee INTEGER NOT NULL DEFAULT 0,
  afsc TEXT NOT NULL DEFAULT '',
  education TEXT NOT NULL DEFAULT '',
  -- NULL means the field is absent (friend profiles omit it).
  military_grade TEXT,
  display_rank TEXT,
  gender TEXT,
  display_duty_title TEXT,
  civilian_grade TEXT,
  civilian_band TEXT,
  job_series_number TEXT,
  job_title TEXT,
  camera_disabled INTEGER NOT NULL DEFAULT 0,
  proximity_friends INTEGER NOT NULL DEFAULT 0,
  org_id TEXT REFERENCES orgs (org_id),
  created_at INTEGER NOT NULL
);
CREATE INDEX users_org ON users (org_id);
CREATE INDEX users_profile_pic ON users (profile_pic);
CREATE INDEX users_cover_photo ON users (cover_photo);

-- Stored in both directions so "my friends" is one indexed read.
CREATE TABLE friendships (
  user_id TEXT NOT NULL REFERENCES users (user_id),
  friend_id TEXT NOT NULL REFERENCES users (user_id),
  PRIMARY KEY (user_id, friend_id)
);

CREATE TABLE courses (
  course_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  version TEXT NOT NULL,
  org_id TEXT NOT NULL REFERENCES orgs (org_id)
);

CREATE TABLE lessons (
  lesson_id TEXT PRIMARY KEY,
  course_id TEXT NOT NULL REFERENCES courses (course_id),
  name TEXT NOT NULL,
  position INTEGER NOT NULL
);
CREATE INDEX lessons_course ON lessons (course_id, position);

CREATE TABLE classes (
  class_id TEXT PRIMARY KEY,
  course_id TEXT NOT NULL REFERENCES courses (course_id),
  name TEXT NOT NULL,
  org_id TEXT NOT NULL REFERENCES orgs (org_id)
);
CREATE INDEX classes_course ON classes (course_id);

CREATE TABLE class_trainers (
  class_id TEXT NOT NULL REFERENCES classes (class_id),
  user_id TEXT NOT NULL REFERENCES users (user_id),
  PRIMARY KEY (class_id, user_id)
);
CREATE INDEX class_trainers_user ON class_trainers (user_id);

-- A student is one user's enrollment in one class: studentId names it.
CREATE TABLE students (
  student_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (user_id),
  class_id TEXT NOT NULL REFERENCES classes (class_id),
  UNIQUE (user_id, class_id)
);
CREATE INDEX students_class ON students (class_id);

CREATE TABLE comments (
  seq INTEGER PRIMARY KEY,
  comment_id TEXT NOT NULL UNIQUE,
  student_id TEXT NOT NULL REFERENCES students (student_id),
  author_id TEXT NOT NULL REFERENCES users (user_id),
  class_id TEXT NOT NULL REFERENCES classes (class_id),
  course_id TEXT NOT NULL REFERENCES courses (course_id),
  lesson_id TEXT REFERENCES lessons (lesson_id),
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX comments_student ON comments (student_id, seq);
CREATE INDEX comments_class ON comments (class_id, seq);
CREATE INDEX comments_course ON comments (course_id, seq);
CREATE INDEX comments_lesson ON comments (lesson_id, seq);

CREATE TABLE notes (
  seq INTEGER PRIMARY KEY,
  note_id TEXT NOT NULL UNIQUE,
  author_id TEXT NOT NULL REFERENCES users (user_id),
  text TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (user_id),
  class_id TEXT REFERENCES classes (class_id),
  student_id TEXT REFERENCES students (student_id),
  course_id TEXT REFERENCES courses (course_id),
  lesson_id TEXT REFERENCES lessons (lesson_id),
  category TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX notes_author ON notes (author_id, seq);
CREATE INDEX notes_class ON notes (class_id, seq);
CREATE INDEX notes_student ON notes (student_id, seq);
CREATE INDEX notes_user ON notes (user_id, seq);
CREATE INDEX notes_course ON notes (course_id, seq);
CREATE INDEX notes_lesson ON notes (lesson_id, seq);

CREATE TABLE apps (
  client_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  environment TEXT NOT NULL
);

CREATE TABLE app_scopes (
  client_id TEXT NOT NULL REFERENCES apps (client_id),
  scope TEXT NOT NULL,
  PRIMARY KEY (client_id, scope)
);

-- Tokens are stored only as SHA-256 hashes.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  refresh_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (user_id),
  client_id TEXT NOT NULL REFERENCES apps (client_id),
  expires_at INTEGER NOT NULL,
  refresh_expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_user ON sessions (user_id);

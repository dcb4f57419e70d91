import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '001_core',
  sql: (t) => `-- Core of the platform: people, organisations, courses and classes, comments,
-- notes, app clients and sessions. One text for both engines: text ids, 0/1
-- flags and epoch seconds; the column types come from the engine's mapping.

CREATE TABLE orgs (
  org_id ${t.text} PRIMARY KEY,
  name ${t.text} NOT NULL
);

CREATE TABLE pictures (
  picture_id ${t.text} PRIMARY KEY,
  jpeg_base64 ${t.text} NOT NULL
);

CREATE TABLE users (
  user_id ${t.text} PRIMARY KEY,
  handle ${t.text} NOT NULL UNIQUE,
  first_name ${t.text} NOT NULL,
  last_name ${t.text} NOT NULL,
  user_type ${t.text} NOT NULL,
  account_type ${t.text} NOT NULL,
  country ${t.text} NOT NULL,
  profile_pic ${t.text} REFERENCES pictures (picture_id),
  cover_photo ${t.text} REFERENCES pictures (picture_id),
  anonymous ${t.int} NOT NULL DEFAULT 0,
  email ${t.text} NOT NULL DEFAULT '',
  trainer ${t.int} NOT NULL DEFAULT 0,
  trainee ${t.int} NOT NULL DEFAULT 0,
  afsc ${t.text} NOT NULL DEFAULT '',
  education ${t.text} NOT NULL DEFAULT '',
  -- NULL means the field is absent (friend profiles omit it).
  military_grade ${t.text},
  display_rank ${t.text},
  gender ${t.text},
  display_duty_title ${t.text},
  civilian_grade ${t.text},
  civilian_band ${t.text},
  job_series_number ${t.text},
  job_title ${t.text},
  camera_disabled ${t.int} NOT NULL DEFAULT 0,
  proximity_friends ${t.int} NOT NULL DEFAULT 0,
  org_id ${t.text} REFERENCES orgs (org_id),
  created_at ${t.int} NOT NULL
);
CREATE INDEX users_org ON users (org_id);
CREATE INDEX users_profile_pic ON users (profile_pic);
CREATE INDEX users_cover_photo ON users (cover_photo);

-- Stored in both directions so "my friends" is one indexed read.
CREATE TABLE friendships (
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  friend_id ${t.text} NOT NULL REFERENCES users (user_id),
  PRIMARY KEY (user_id, friend_id)
);

CREATE TABLE courses (
  course_id ${t.text} PRIMARY KEY,
  name ${t.text} NOT NULL,
  version ${t.text} NOT NULL,
  org_id ${t.text} NOT NULL REFERENCES orgs (org_id)
);

CREATE TABLE lessons (
  lesson_id ${t.text} PRIMARY KEY,
  course_id ${t.text} NOT NULL REFERENCES courses (course_id),
  name ${t.text} NOT NULL,
  position ${t.int} NOT NULL
);
CREATE INDEX lessons_course ON lessons (course_id, position);

CREATE TABLE classes (
  class_id ${t.text} PRIMARY KEY,
  course_id ${t.text} NOT NULL REFERENCES courses (course_id),
  name ${t.text} NOT NULL,
  org_id ${t.text} NOT NULL REFERENCES orgs (org_id)
);
CREATE INDEX classes_course ON classes (course_id);

CREATE TABLE class_trainers (
  class_id ${t.text} NOT NULL REFERENCES classes (class_id),
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  PRIMARY KEY (class_id, user_id)
);
CREATE INDEX class_trainers_user ON class_trainers (user_id);

-- A student is one user's enrollment in one class: studentId names it.
CREATE TABLE students (
  student_id ${t.text} PRIMARY KEY,
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  class_id ${t.text} NOT NULL REFERENCES classes (class_id),
  UNIQUE (user_id, class_id)
);
CREATE INDEX students_class ON students (class_id);

CREATE TABLE comments (
  seq ${t.seq},
  comment_id ${t.text} NOT NULL UNIQUE,
  student_id ${t.text} NOT NULL REFERENCES students (student_id),
  author_id ${t.text} NOT NULL REFERENCES users (user_id),
  class_id ${t.text} NOT NULL REFERENCES classes (class_id),
  course_id ${t.text} NOT NULL REFERENCES courses (course_id),
  lesson_id ${t.text} REFERENCES lessons (lesson_id),
  text ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX comments_student ON comments (student_id, seq);
CREATE INDEX comments_class ON comments (class_id, seq);
CREATE INDEX comments_course ON comments (course_id, seq);
CREATE INDEX comments_lesson ON comments (lesson_id, seq);

CREATE TABLE notes (
  seq ${t.seq},
  note_id ${t.text} NOT NULL UNIQUE,
  author_id ${t.text} NOT NULL REFERENCES users (user_id),
  text ${t.text} NOT NULL,
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  class_id ${t.text} REFERENCES classes (class_id),
  student_id ${t.text} REFERENCES students (student_id),
  course_id ${t.text} REFERENCES courses (course_id),
  lesson_id ${t.text} REFERENCES lessons (lesson_id),
  category ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX notes_author ON notes (author_id, seq);
CREATE INDEX notes_class ON notes (class_id, seq);
CREATE INDEX notes_student ON notes (student_id, seq);
CREATE INDEX notes_user ON notes (user_id, seq);
CREATE INDEX notes_course ON notes (course_id, seq);
CREATE INDEX notes_lesson ON notes (lesson_id, seq);

CREATE TABLE apps (
  client_id ${t.text} PRIMARY KEY,
  name ${t.text} NOT NULL,
  environment ${t.text} NOT NULL
);

CREATE TABLE app_scopes (
  client_id ${t.text} NOT NULL REFERENCES apps (client_id),
  scope ${t.text} NOT NULL,
  PRIMARY KEY (client_id, scope)
);

-- Tokens are stored only as SHA-256 hashes.
CREATE TABLE sessions (
  token_hash ${t.text} PRIMARY KEY,
  refresh_hash ${t.text} NOT NULL UNIQUE,
  user_id ${t.text} NOT NULL REFERENCES users (user_id),
  client_id ${t.text} NOT NULL REFERENCES apps (client_id),
  expires_at ${t.int} NOT NULL,
  refresh_expires_at ${t.int} NOT NULL,
  revoked ${t.int} NOT NULL DEFAULT 0
);
CREATE INDEX sessions_user ON sessions (user_id);`,
};

/**
 * The tables as the query builder sees them: one source of column names and
 * types for every query on both engines. Flags are 0/1 integers and times are
 * epoch seconds on both engines, so rows read the same from SQLite and
 * PostgreSQL.
 */
import type { Generated } from 'kysely';

type Flag = 0 | 1;

export interface OidcFlowsTable {
  state_hash: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  callback_uri: string;
  /** JSON of the app's sign-in request (CarriedParams). */
  signin_params: string;
  expires_at: number;
}

export interface OrgsTable {
  org_id: string;
  name: string;
}

export interface PicturesTable {
  picture_id: string;
  jpeg_base64: string;
}

export interface UsersTable {
  user_id: string;
  handle: string;
  first_name: string;
  last_name: string;
  user_type: string;
  account_type: string;
  country: string;
  profile_pic: string | null;
  cover_photo: string | null;
  anonymous: Generated<Flag>;
  email: Generated<string>;
  trainer: Generated<Flag>;
  trainee: Generated<Flag>;
  afsc: Generated<string>;
  education: Generated<string>;
  military_grade: string | null;
  display_rank: string | null;
  gender: string | null;
  display_duty_title: string | null;
  civilian_grade: string | null;
  civilian_band: string | null;
  job_series_number: string | null;
  job_title: string | null;
  camera_disabled: Generated<Flag>;
  proximity_friends: Generated<Flag>;
  org_id: string | null;
  created_at: number;
  /** scrypt (server/access/passwords.ts); null: the account has no password sign-in. */
  password_hash: Generated<string | null>;
  /** The person's id in the organization's directory (the import's externalId); null: none given. */
  external_id: Generated<string | null>;
}

export interface FriendshipsTable {
  user_id: string;
  friend_id: string;
}

export interface CoursesTable {
  course_id: string;
  name: string;
  version: string;
  org_id: string;
}

export interface LessonsTable {
  lesson_id: string;
  course_id: string;
  name: string;
  position: number;
}

export interface ClassesTable {
  class_id: string;
  course_id: string;
  name: string;
  org_id: string;
}

export interface ClassTrainersTable {
  class_id: string;
  user_id: string;
}

export interface StudentsTable {
  student_id: string;
  user_id: string;
  class_id: string;
}

export interface CommentsTable {
  seq: Generated<number>;
  comment_id: string;
  student_id: string;
  author_id: string;
  class_id: string;
  course_id: string;
  lesson_id: string | null;
  text: string;
  created_at: number;
  /** When the author last corrected the text (migration 012); null: never. */
  edited_at: number | null;
  /** When the author withdrew the comment (migration 012); null: it stands. */
  withdrawn_at: number | null;
}

export interface NotesTable {
  seq: Generated<number>;
  note_id: string;
  author_id: string;
  text: string;
  user_id: string;
  class_id: string | null;
  student_id: string | null;
  course_id: string | null;
  lesson_id: string | null;
  category: string;
  created_at: number;
  /** When the author last corrected the text (migration 012); null: never. */
  edited_at: number | null;
}

/** Per class and enrollment, how many entries of a kind and the newest's time (migration 015, kept by triggers). */
export interface EntryCountsTable {
  class_id: string;
  student_id: string;
  count: number;
  latest: number;
}

/** A wording a correction replaced (migration 012). */
/** A trainer's mission plan (the contract's KeptPlan as JSON), replaced whole by each save. */
export interface MissionPlansTable {
  user_id: string;
  plan: string;
  saved_at: number;
}

/** A person a plugin named to a trainer in a candidate search. */
export interface PlannerNamedTable {
  trainer_id: string;
  plugin_id: string;
  user_id: string;
}

export interface EntryVersionsTable {
  seq: Generated<number>;
  kind: 'comment' | 'note';
  entry_id: string;
  text: string;
  /** When this wording was written: the entry's first date, or the correction that wrote it. */
  written_at: number;
  replaced_at: number;
}

/** A person's pinned phrases (migration 013), in the order pinned. */
export interface PinnedPhrasesTable {
  user_id: string;
  position: number;
  phrase: string;
}

export interface AppsTable {
  client_id: string;
  name: string;
  environment: 'sandbox' | 'production';
  /** Authenticates at the token endpoint with its secret. */
  confidential: Generated<Flag>;
  /** SHA-256 of a confidential app's secret; null for a public app. */
  secret_hash: Generated<string | null>;
  /** Registered for the legacy implicit grant (a public sandbox app only). */
  implicit_grant: Generated<Flag>;
}

/** The redirect URIs registered for an app, compared as exact strings. */
export interface AppRedirectUrisTable {
  client_id: string;
  redirect_uri: string;
}

export interface AppScopesTable {
  client_id: string;
  scope: string;
}

export interface SessionsTable {
  token_hash: string;
  refresh_hash: string;
  user_id: string;
  client_id: string;
  expires_at: number;
  refresh_expires_at: number;
  revoked: Generated<Flag>;
  /**
   * Every session descended from one sign-in shares it. The column is nullable
   * only because it was added by a migration; every row has one.
   */
  family_id: string;
  /** When its refresh token was spent by a refresh; null while unspent (or ended otherwise). */
  refreshed_at: Generated<number | null>;
}

/** Authorization codes (stored hashed), single use, bound to app, redirect URI and PKCE challenge. */
export interface OauthCodesTable {
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string | null;
  family_id: string;
  expires_at: number;
  used_at: number | null;
}

export interface PluginsTable {
  client_id: string;
  /** SHA-256 of the client secret (server/data/secrets.ts). */
  secret_hash: string;
  /** The client secret sealed under SECRETS_KEY, to send to the plugin. */
  secret_sealed: string;
  name: string;
  environment: 'sandbox' | 'production';
  capabilities_url: string | null;
  candidates_url: string | null;
  created_at: number;
}

export interface PluginPermissionsTable {
  client_id: string;
  permission: string;
}

export interface PluginOrgsTable {
  client_id: string;
  org_id: string;
}

export interface BadgesTable {
  badge_id: string;
  kind: string;
  name: string;
  type: string;
  image: string;
  proficiency: number;
  description: string | null;
  alignments: string | null;
  tags: string | null;
  course_id: string | null;
  created_by: string | null;
  created_at: number;
}

export interface BadgeCriteriaTable {
  badge_id: string;
  kind: string;
  entry_id: string;
  name: string;
  description: string;
  position: number;
}

export interface BadgeAssertionsTable {
  seq: Generated<number>;
  user_id: string;
  badge_id: string;
  name: string;
  type: string;
  image: string;
  issued_on: string;
  issuer_name: string;
  lesson_id: string | null;
  class_id: string | null;
  version_id: string | null;
  asserted_by: string | null;
  created_at: number;
}

export interface OtherSkillsTable {
  user_id: string;
  position: number;
  self_claimed_expertise: string;
  level: string;
}

export interface AdditionalInfoTable {
  seq: Generated<number>;
  user_id: string;
  client_id: string;
  title: string;
  description: string;
  created_at: number;
}

/** One row per area of data; every write bumps its area's version in its own transaction. */
export interface DataVersionsTable {
  area: string;
  version: number;
}

/** Secrets every instance shares (e.g. the key that signs paging cursors), made once under the migration lock. */
export interface ServiceKeysTable {
  name: string;
  value: string;
}

/** A single-use link to set a password (stored hashed); one live link per person. */
export interface PasswordLinksTable {
  user_id: string;
  token_hash: string;
  purpose: 'invite' | 'reset';
  expires_at: number;
  created_at: number;
}

/** Settings that belong to the data, not the process: the environment the first start recorded. */
export interface ServiceSettingsTable {
  name: string;
  value: string;
}

/** Counts of attempts that hold back guessing and floods (server/access/throttle.ts); `key` is a hash. */
export interface ThrottleTable {
  key: string;
  hits: number;
  first_at: number;
  last_at: number;
  blocked_until: Generated<number>;
  expires_at: number;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: number;
}

export interface Schema {
  orgs: OrgsTable;
  pictures: PicturesTable;
  users: UsersTable;
  friendships: FriendshipsTable;
  courses: CoursesTable;
  lessons: LessonsTable;
  classes: ClassesTable;
  class_trainers: ClassTrainersTable;
  students: StudentsTable;
  comments: CommentsTable;
  notes: NotesTable;
  entry_versions: EntryVersionsTable;
  comment_counts: EntryCountsTable;
  note_counts: EntryCountsTable;
  pinned_phrases: PinnedPhrasesTable;
  mission_plans: MissionPlansTable;
  planner_named: PlannerNamedTable;
  apps: AppsTable;
  app_scopes: AppScopesTable;
  app_redirect_uris: AppRedirectUrisTable;
  sessions: SessionsTable;
  oauth_codes: OauthCodesTable;
  oidc_flows: OidcFlowsTable;
  password_links: PasswordLinksTable;
  plugins: PluginsTable;
  plugin_permissions: PluginPermissionsTable;
  plugin_orgs: PluginOrgsTable;
  badges: BadgesTable;
  badge_criteria: BadgeCriteriaTable;
  badge_assertions: BadgeAssertionsTable;
  other_skills: OtherSkillsTable;
  additional_info: AdditionalInfoTable;
  data_versions: DataVersionsTable;
  service_keys: ServiceKeysTable;
  service_settings: ServiceSettingsTable;
  throttle: ThrottleTable;
  schema_migrations: SchemaMigrationsTable;
}

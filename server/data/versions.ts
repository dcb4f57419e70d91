/**
 * Data versions: one counter per area of data, bumped by every write in its
 * own transaction. Whatever a process keeps in memory that was derived from
 * an area (an app's scopes, an answer) is current only while the area's
 * version is the one it was made at; reading the versions is one small query,
 * so a change made through any instance is seen by the next request through
 * every instance. See docs/scale-out.md.
 *
 * The rule, in one place: each area covers the tables `areaTables` gives it;
 * a write to one of them bumps the area in its transaction, and a route that
 * keeps its answer names in `reads` the areas the answer is made of.
 * server/cache/cache-rule.test.ts holds every write endpoint and every route
 * to it.
 */
import { sql } from 'kysely';
import type { Db, Queryable } from './database.ts';
import { runPrepared } from './prepared.ts';
import type { Schema } from './schema.ts';
import { UnchangedMemo } from './unchanged-memo.ts';

export const areas = [
  'users',
  'apps',
  'classes',
  'comments',
  'notes',
  'plugins',
  'badges',
  'plugin_data',
  'corrections',
  'plans',
] as const;
export type Area = (typeof areas)[number];

/** Every table of the schema but the bookkeeping ones (`bookkeepingTables`) belongs to exactly one area. */
export const areaTables: Readonly<Record<Area, readonly (keyof Schema)[]>> = {
  users: ['users', 'friendships', 'pictures', 'orgs'],
  apps: ['apps', 'app_scopes', 'app_redirect_uris'],
  classes: ['courses', 'lessons', 'classes', 'class_trainers', 'students'],
  comments: ['comments', 'comment_counts'],
  notes: ['notes', 'note_counts'],
  plugins: ['plugins', 'plugin_permissions', 'plugin_orgs'],
  badges: ['badges', 'badge_criteria', 'badge_assertions'],
  plugin_data: ['other_skills', 'additional_info'],
  corrections: ['entry_versions'],
  plans: ['mission_plans', 'planner_named'],
};

/**
 * Tables of no area: no answer is made of them. Sessions are among them: the
 * authenticator reads a session from the database on every request
 * (docs/scale-out.md), so nothing kept depends on them and their writes bump
 * nothing. Authorization codes likewise: only the token endpoint reads them.
 */
export const bookkeepingTables: readonly (keyof Schema)[] = [
  'sessions',
  'oauth_codes',
  'oidc_flows',
  'password_links',
  'throttle',
  'data_versions',
  'service_keys',
  'service_settings',
  'schema_migrations',
  // A person's pinned phrases: read by that person only, never kept as an answer.
  'pinned_phrases',
];

/**
 * SQLite's full-text index (migration 011): an FTS5 table over comments and
 * one over notes, with the tables FTS5 keeps beside each (`<name>_data`, …).
 * Only the triggers of the table they index write them, in the statement
 * that writes that table, so they belong to its area and no code names them
 * in a write. PostgreSQL keeps its index in a column of the table itself.
 */
export const fullTextTables: Readonly<Record<string, Area>> = {
  comments_search: 'comments',
  notes_search: 'notes',
};

/** The area of a table of the full-text index, or undefined for any other table. */
export function fullTextAreaOf(table: string): Area | undefined {
  const entry = Object.entries(fullTextTables).find(([name]) => table === name || table.startsWith(`${name}_`));
  return entry?.[1];
}

export type Versions = Readonly<Record<Area, number>>;

/** Bumps the areas a write changed; call inside the write's transaction. */
export async function bump(tx: Queryable, ...changed: Area[]): Promise<void> {
  if (changed.length === 0) return;
  const list = [...new Set(changed)].sort();
  // The areas are the statement's shape (and its key), so it is compiled once per set of areas.
  await runPrepared(tx, `bump:${list.join(',')}`, {}, () =>
    tx.updateTable('data_versions').set({ version: sql`version + 1` }).where('area', 'in', list),
  );
}

/** Every area's current version, in one query. */
export async function readVersions(q: Queryable): Promise<Versions> {
  const rows = await runPrepared(q, 'data-versions', {}, () =>
    q.selectFrom('data_versions').select(['area', 'version']),
  );
  const versions = Object.fromEntries(areas.map((area) => [area, 0])) as Record<Area, number>;
  for (const row of rows) {
    if ((areas as readonly string[]).includes(row.area)) versions[row.area as Area] = Number(row.version);
  }
  return versions;
}

const keptVersions = new WeakMap<Db, UnchangedMemo<Versions>>();

/** Every area's current version, read again only once the database has changed (unchanged-memo.ts). */
export function currentVersions(db: Db, mark?: string): Promise<Versions> {
  let memo = keptVersions.get(db);
  if (!memo) {
    memo = new UnchangedMemo<Versions>(db, 1);
    keptVersions.set(db, memo);
  }
  return memo.get('', () => readVersions(db.pointReads), mark ?? db.changeMark?.());
}

/**
 * People as others see them: the summary (2.1) embedded in comments, notes
 * and records, and whom a signed-in user may see at all. Shared by every
 * area that names a person, so a summary and the visibility rule are written
 * once.
 */
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { UserSummary } from '../../contract/users.ts';
import type { Queryable } from '../data/database.ts';
import { runPrepared } from '../data/prepared.ts';
import type { Schema, UsersTable } from '../data/schema.ts';

/** A users row as the repositories read it (all columns). */
export type UserRow = Selectable<UsersTable>;

const summaryColumns = [
  'user_id',
  'handle',
  'first_name',
  'last_name',
  'user_type',
  'account_type',
  'country',
  'profile_pic',
  'cover_photo',
  'anonymous',
] as const;

export function toSummary(row: Pick<UserRow, (typeof summaryColumns)[number]>): UserSummary {
  return {
    handle: row.handle,
    firstName: row.first_name,
    lastName: row.last_name,
    userType: row.user_type,
    accountType: row.account_type,
    country: row.country,
    profilePic: row.profile_pic,
    coverPhoto: row.cover_photo,
    userId: row.user_id,
    anonymous: row.anonymous === 1,
  };
}

/** A profile field the person has: NULL and '' (the import's and the columns' "none") are left out. */
const known = <K extends string>(key: K, value: string | null): { [P in K]?: string } =>
  (value ? { [key]: value } : {}) as { [P in K]?: string };

/**
 * A student's rank or grade, AFSC and duty title (extensions of the student list and of the record's
 * person), only those they have: what a trainer of the person's class sees beside the name.
 */
export function workFacts(row: {
  display_rank: string | null;
  military_grade: string | null;
  civilian_grade: string | null;
  display_duty_title: string | null;
  afsc: string;
}) {
  return {
    ...known('displayRank', row.display_rank),
    ...known('militaryGrade', row.military_grade),
    ...known('civilianGrade', row.civilian_grade),
    ...known('displayDutyTitle', row.display_duty_title),
    ...(row.afsc ? { organizationRoles: { afsc: row.afsc } } : {}),
  };
}

/**
 * List lengths the summaries query is prepared for; a list is padded up to the next one with its last id, so
 * the query's shape is its length, which the prepared query's key names. Up to `MAX_LOOKUPS` ids it is one
 * lookup of the key per id joined by UNION ALL, not an IN-list, which SQLite first builds into a temporary
 * index: the two people a new comment or note names (an IN of 4, padded, before) took 46 µs through this
 * function, now 22 µs (the statements alone 28 and 11 µs; the bench's 1,000,000-comment database,
 * better-sqlite3, in process). A repeated id reads one more row, which the map drops. PostgreSQL reads the
 * same query, each lookup by the key.
 */
const summaryBuckets = [1, 2, 4, 16, 64, 256] as const;
const MAX_BUCKET = 256;
const MAX_LOOKUPS = 4;

function summariesQuery(q: Queryable, ids: readonly string[]) {
  const summaries = () => q.selectFrom('users').select(summaryColumns);
  const lookup = (id: string) => summaries().where('user_id', '=', id);
  const [first, ...rest] = ids;
  if (first === undefined || ids.length > MAX_LOOKUPS) return summaries().where('user_id', 'in', ids);
  return rest.reduce((query, id) => query.unionAll(lookup(id)), lookup(first));
}

/** The summaries (2.1) of the given users: one prepared query per 256 distinct ids. */
export async function summariesOf(q: Queryable, userIds: readonly string[]): Promise<Map<string, UserSummary>> {
  const ids = [...new Set(userIds)];
  const found = new Map<string, UserSummary>();
  for (let i = 0; i < ids.length; i += MAX_BUCKET) {
    const chunk = ids.slice(i, i + MAX_BUCKET);
    const size = summaryBuckets.find((bucket) => bucket >= chunk.length) ?? MAX_BUCKET;
    const params: Record<string, string> = {};
    for (let j = 0; j < size; j++) params[`id${j}`] = chunk[Math.min(j, chunk.length - 1)] as string;
    const rows = await runPrepared(q, `summaries:${size}`, params, (p) => summariesQuery(q, Object.values(p)));
    for (const row of rows) found.set(row.user_id, toSummary(row));
  }
  return found;
}

/**
 * Whom the signed-in user `me` may see, as a condition on `u` (a users row):
 * themselves, their friends, the students of the classes they train, the
 * co-trainers of those classes, and the trainers of the classes they study
 * in. Not their classmates: nothing the service answers a student names a
 * classmate (the roster and comments are for trainers), so there is nothing
 * of theirs to see.
 */
export function sees(w: ExpressionBuilder<Schema & { u: Schema['users'] }, 'u'>, me: string) {
  return w.or([
    w('u.user_id', '=', me),
    w.exists(
      w
        .selectFrom('friendships as f')
        .select('f.user_id')
        .where('f.user_id', '=', me)
        .whereRef('f.friend_id', '=', 'u.user_id'),
    ),
    w.exists(
      w
        .selectFrom('class_trainers as t')
        .innerJoin('students as s', 's.class_id', 't.class_id')
        .select('t.user_id')
        .where('t.user_id', '=', me)
        .whereRef('s.user_id', '=', 'u.user_id'),
    ),
    w.exists(
      w
        .selectFrom('class_trainers as t')
        .innerJoin('class_trainers as t2', 't2.class_id', 't.class_id')
        .select('t.user_id')
        .where('t.user_id', '=', me)
        .whereRef('t2.user_id', '=', 'u.user_id'),
    ),
    w.exists(
      w
        .selectFrom('students as s')
        .innerJoin('class_trainers as t', 't.class_id', 's.class_id')
        .select('s.user_id')
        .where('s.user_id', '=', me)
        .whereRef('t.user_id', '=', 'u.user_id'),
    ),
  ]);
}

/** Whether `me` may see this user (see `sees`); false for an unknown user too. */
export async function canSee(q: Queryable, me: string, userId: string): Promise<boolean> {
  const row = await q
    .selectFrom('users as u')
    .select('u.user_id')
    .where('u.user_id', '=', userId)
    .where((w) => sees(w, me))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every signed-up person (anonymous ones left out), trainers first, then by
 * name: the order the sandbox's demo people and the sign-in page's picker
 * both list them in.
 */
export function signedUpPeople(q: Queryable) {
  return q
    .selectFrom('users')
    .select(['user_id', 'handle', 'first_name', 'last_name', 'trainer', 'trainee', 'account_type'])
    .where('anonymous', '=', 0)
    .orderBy('trainer', 'desc')
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('user_id')
    .execute();
}

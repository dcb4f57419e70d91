/** Reads people: summaries (embedded in comments), full profiles, friends, pictures. */
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { FriendProfile, FullProfile, UserSummary } from '../../../contract/users.ts';
import type { Queryable } from '../../data/database.ts';
import { runPrepared } from '../../data/prepared.ts';
import type { Schema, UsersTable } from '../../data/schema.ts';

/** A users row as the repositories read it (all columns). */
export type UserRow = Selectable<UsersTable>;

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

function toFullProfile(row: UserRow): FullProfile {
  const { anonymous: _anonymous, ...summary } = toSummary(row);
  return {
    ...summary,
    position: null,
    role: null,
    organizationRoles: { afsc: row.afsc },
    email: row.email,
    trainer: row.trainer === 1,
    trainee: row.trainee === 1,
    militaryGrade: row.military_grade ?? '',
    displayRank: row.display_rank ?? '',
    gender: row.gender ?? '',
    displayDutyTitle: row.display_duty_title ?? '',
    civilianGrade: row.civilian_grade ?? '',
    civilianBand: row.civilian_band ?? '',
    jobSeriesNumber: row.job_series_number ?? '',
    jobTitle: row.job_title ?? '',
  };
}

const optionalFields = [
  ['displayDutyTitle', 'display_duty_title'],
  ['gender', 'gender'],
  ['civilianGrade', 'civilian_grade'],
  ['civilianBand', 'civilian_band'],
  ['jobSeriesNumber', 'job_series_number'],
  ['jobTitle', 'job_title'],
  ['militaryGrade', 'military_grade'],
  ['displayRank', 'display_rank'],
] as const;

function toFriend(row: UserRow): FriendProfile {
  const friend: FriendProfile = {
    ...toSummary(row),
    parentFlags: { cameraDisabled: row.camera_disabled === 1, proximityFriends: row.proximity_friends === 1 },
  };
  for (const [field, column] of optionalFields) {
    const value = row[column];
    if (value !== null) friend[field] = value;
  }
  return friend;
}

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

/** IN-list lengths the summaries query is prepared for; a list is padded up to the next one. */
const summaryBuckets = [1, 4, 16, 64, 256] as const;
const MAX_BUCKET = 256;

/** The summaries (2.1) of the given users: one prepared query per 256 distinct ids. */
export async function summariesOf(q: Queryable, userIds: readonly string[]): Promise<Map<string, UserSummary>> {
  const ids = [...new Set(userIds)];
  const found = new Map<string, UserSummary>();
  for (let i = 0; i < ids.length; i += MAX_BUCKET) {
    const chunk = ids.slice(i, i + MAX_BUCKET);
    const size = summaryBuckets.find((bucket) => bucket >= chunk.length) ?? MAX_BUCKET;
    const params: Record<string, string> = {};
    for (let j = 0; j < size; j++) params[`id${j}`] = chunk[Math.min(j, chunk.length - 1)] as string;
    const rows = await runPrepared(q, `summaries:${size}`, params, (p) =>
      q.selectFrom('users').select(summaryColumns).where('user_id', 'in', Object.values(p)),
    );
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
function sees(w: ExpressionBuilder<Schema & { u: Schema['users'] }, 'u'>, me: string) {
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

export function usersRepo(q: Queryable) {
  const byId = async (userId: string): Promise<UserRow | undefined> =>
    (
      (await runPrepared(q, 'user-by-id', { userId }, (p) =>
        q.selectFrom('users').selectAll().where('user_id', '=', p.userId),
      )) as UserRow[]
    )[0];

  return {
    find: byId,
    async fullProfile(userId: string): Promise<FullProfile | undefined> {
      const row = await byId(userId);
      return row ? toFullProfile(row) : undefined;
    },
    async friends(userId: string): Promise<FriendProfile[]> {
      const rows = (await runPrepared(q, 'friends', { userId }, (p) =>
        q
          .selectFrom('friendships as f')
          .innerJoin('users as u', 'u.user_id', 'f.friend_id')
          .selectAll('u')
          .where('f.user_id', '=', p.userId)
          .orderBy('u.last_name')
          .orderBy('u.first_name')
          .orderBy('u.user_id'),
      )) as UserRow[];
      return rows.map(toFriend);
    },
    async picture(pictureId: string): Promise<string | undefined> {
      const row = await q
        .selectFrom('pictures')
        .select('jpeg_base64')
        .where('picture_id', '=', pictureId)
        .executeTakeFirst();
      return row?.jpeg_base64;
    },
    /** A picture of someone the viewer may see (see `sees`). */
    async visiblePicture(pictureId: string, me: string): Promise<string | undefined> {
      const row = await q
        .selectFrom('pictures as p')
        .select('p.jpeg_base64')
        .where('p.picture_id', '=', pictureId)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('users as u')
              .select('u.user_id')
              .where((w) => w.or([w('u.profile_pic', '=', pictureId), w('u.cover_photo', '=', pictureId)]))
              .where((w) => sees(w, me)),
          ),
        )
        .executeTakeFirst();
      return row?.jpeg_base64;
    },
    /** Whether the viewer may see this user (see `sees`); false for an unknown user too. */
    async canSee(me: string, userId: string): Promise<boolean> {
      const row = await q
        .selectFrom('users as u')
        .select('u.user_id')
        .where('u.user_id', '=', userId)
        .where((w) => sees(w, me))
        .executeTakeFirst();
      return row !== undefined;
    },
    async handleTaken(handle: string): Promise<boolean> {
      const row = await q.selectFrom('users').select('user_id').where('handle', '=', handle).executeTakeFirst();
      return row !== undefined;
    },
    /** Inserts the account; a taken userId or handle is a unique violation (the caller answers 409). */
    async createAnonymous(input: {
      userId: string;
      handle: string;
      userType: string;
      accountType: string;
      country: string;
      createdAt: number;
    }): Promise<UserRow> {
      await q
        .insertInto('users')
        .values({
          user_id: input.userId,
          handle: input.handle,
          first_name: '',
          last_name: '',
          user_type: input.userType,
          account_type: input.accountType,
          country: input.country,
          profile_pic: null,
          cover_photo: null,
          anonymous: 1,
          military_grade: null,
          display_rank: null,
          gender: null,
          display_duty_title: null,
          civilian_grade: null,
          civilian_band: null,
          job_series_number: null,
          job_title: null,
          org_id: null,
          created_at: input.createdAt,
        })
        .execute();
      const row = await byId(input.userId);
      if (!row) throw new Error('anonymous user vanished after insert');
      return row;
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;

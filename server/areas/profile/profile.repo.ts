/** The profile area's reads and writes of people: full profiles, friends, pictures, anonymous accounts. */
import type { FriendProfile, FullProfile } from '../../../contract/users.ts';
import { sees, toSummary, type UserRow } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';
import { runPrepared } from '../../data/prepared.ts';

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

export function profileRepo(q: Queryable) {
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

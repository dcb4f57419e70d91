/** Reads people: summaries (embedded in comments), full profiles, friends, pictures. */
import type { FriendProfile, FullProfile, UserSummary } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';

export interface UserRow {
  user_id: string;
  handle: string;
  first_name: string;
  last_name: string;
  user_type: string;
  account_type: string;
  country: string;
  profile_pic: string | null;
  cover_photo: string | null;
  anonymous: number;
  email: string;
  trainer: number;
  trainee: number;
  afsc: string;
  military_grade: string | null;
  display_rank: string | null;
  gender: string | null;
  display_duty_title: string | null;
  civilian_grade: string | null;
  civilian_band: string | null;
  job_series_number: string | null;
  job_title: string | null;
  camera_disabled: number;
  proximity_friends: number;
}

export function toSummary(row: UserRow): UserSummary {
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

export function usersRepo(db: Db) {
  const byId = db.prepare<[string], UserRow>('SELECT * FROM users WHERE user_id = ?');
  const byHandle = db.prepare<[string], { user_id: string }>('SELECT user_id FROM users WHERE handle = ?');
  const friends = db.prepare<[string], UserRow>(
    `SELECT u.* FROM friendships f JOIN users u ON u.user_id = f.friend_id
     WHERE f.user_id = ? ORDER BY u.last_name, u.first_name, u.user_id`,
  );
  const picture = db.prepare<[string], { jpeg_base64: string }>(
    'SELECT jpeg_base64 FROM pictures WHERE picture_id = ?',
  );
  // A picture is visible to its owner and to the people they share a friendship or a class with.
  const visiblePicture = db.prepare<{ pictureId: string; me: string }, { jpeg_base64: string }>(
    `SELECT p.jpeg_base64 FROM pictures p WHERE p.picture_id = @pictureId AND EXISTS (
       SELECT 1 FROM users u WHERE (u.profile_pic = @pictureId OR u.cover_photo = @pictureId) AND (
         u.user_id = @me
         OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = @me AND f.friend_id = u.user_id)
         OR EXISTS (SELECT 1 FROM class_trainers t JOIN students s ON s.class_id = t.class_id
                    WHERE t.user_id = @me AND s.user_id = u.user_id)
         OR EXISTS (SELECT 1 FROM class_trainers t JOIN class_trainers t2 ON t2.class_id = t.class_id
                    WHERE t.user_id = @me AND t2.user_id = u.user_id)
         OR EXISTS (SELECT 1 FROM students s JOIN class_trainers t ON t.class_id = s.class_id
                    WHERE s.user_id = @me AND t.user_id = u.user_id)))`,
  );
  const insertAnonymous = db.prepare(
    `INSERT INTO users (user_id, handle, first_name, last_name, user_type, account_type, country,
       profile_pic, cover_photo, anonymous, created_at)
     VALUES (@userId, @handle, '', '', @userType, @accountType, @country, NULL, NULL, 1, @createdAt)`,
  );

  return {
    find(userId: string): UserRow | undefined {
      return byId.get(userId);
    },
    fullProfile(userId: string): FullProfile | undefined {
      const row = byId.get(userId);
      return row ? toFullProfile(row) : undefined;
    },
    friends(userId: string): FriendProfile[] {
      return friends.all(userId).map(toFriend);
    },
    picture(pictureId: string): string | undefined {
      return picture.get(pictureId)?.jpeg_base64;
    },
    visiblePicture(pictureId: string, viewerId: string): string | undefined {
      return visiblePicture.get({ pictureId, me: viewerId })?.jpeg_base64;
    },
    handleTaken(handle: string): boolean {
      return byHandle.get(handle) !== undefined;
    },
    createAnonymous(input: {
      userId: string;
      handle: string;
      userType: string;
      accountType: string;
      country: string;
      createdAt: number;
    }): UserRow {
      insertAnonymous.run(input);
      const row = byId.get(input.userId);
      if (!row) throw new Error('anonymous user vanished after insert');
      return row;
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;

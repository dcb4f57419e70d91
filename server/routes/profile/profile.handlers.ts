/** Section 4.3: the signed-in user's profile, friends, pictures; anonymous accounts. */
import type {
  CreateAnonymousBody,
  CreateAnonymousResponse,
  FriendProfile,
  FullProfile,
} from '../../../contract/users.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { AppClient, UserCaller } from '../../http/auth.ts';
import type { AuthHandlers } from '../auth/auth.handlers.ts';
import { toSummary, type UsersRepo } from './users.repo.ts';

export function profileHandlers(deps: Deps, users: UsersRepo, sessions: AuthHandlers) {
  const me = (caller: UserCaller) => {
    const row = users.find(caller.userId);
    if (!row) throw notFound(`User "${caller.userId}"`);
    return row;
  };

  return {
    profile(caller: UserCaller): FullProfile {
      const profile = users.fullProfile(caller.userId);
      if (!profile) throw notFound(`User "${caller.userId}"`);
      return profile;
    },
    friends(caller: UserCaller): FriendProfile[] {
      return users.friends(caller.userId);
    },
    myPicture(caller: UserCaller, which: 'profile_pic' | 'cover_photo'): string {
      const id = me(caller)[which];
      const data = id ? users.picture(id) : undefined;
      if (!data) throw notFound(which === 'profile_pic' ? 'Your profile picture' : 'Your cover photo');
      return data;
    },
    picture(caller: UserCaller, pictureId: string): string {
      const data = users.visiblePicture(pictureId, caller.userId);
      // Not found and not visible look the same, so ids cannot be probed.
      if (!data) throw notFound(`Picture "${pictureId}"`);
      return data;
    },
    createAnonymous(app: AppClient, body: CreateAnonymousBody): CreateAnonymousResponse {
      const create = deps.db.transaction(() => {
        if (users.find(body.userId)) {
          throw new HttpError(409, 'conflict', `The userId "${body.userId}" is taken; generate another`);
        }
        if (users.handleTaken(body.handle)) {
          throw new HttpError(409, 'conflict', `The handle "${body.handle}" is taken; generate another`);
        }
        const row = users.createAnonymous({ ...body, createdAt: deps.now() });
        return { profile: toSummary(row), session: sessions.issue(row.user_id, app.clientId) };
      });
      return create();
    },
  };
}

/** Section 4.3: the signed-in user's profile, friends, pictures; anonymous accounts. */
import type {
  CreateAnonymousBody,
  CreateAnonymousResponse,
  FriendProfile,
  FullProfile,
} from '../../../contract/users.ts';
import type { AppClient, UserCaller } from '../../access/authenticator.ts';
import { toSummary } from '../../access/people.ts';
import { issueSession } from '../../access/sessions.ts';
import { isUniqueViolation } from '../../data/database.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import { profileRepo } from './profile.repo.ts';

const taken = (what: string) => new HttpError(409, 'conflict', `${what} is taken; generate another`);

export function profileHandlers(deps: Deps) {
  const users = profileRepo(deps.db.q);

  return {
    async profile(caller: UserCaller): Promise<FullProfile> {
      const profile = await users.fullProfile(caller.userId);
      if (!profile) throw notFound(`User "${caller.userId}"`);
      return profile;
    },
    friends(caller: UserCaller): Promise<FriendProfile[]> {
      return users.friends(caller.userId);
    },
    async myPicture(caller: UserCaller, which: 'profile_pic' | 'cover_photo'): Promise<string> {
      const me = await users.find(caller.userId);
      if (!me) throw notFound(`User "${caller.userId}"`);
      const id = me[which];
      const data = id ? await users.picture(id) : undefined;
      if (!data) throw notFound(which === 'profile_pic' ? 'Your profile picture' : 'Your cover photo');
      return data;
    },
    async picture(caller: UserCaller, pictureId: string): Promise<string> {
      const data = await users.visiblePicture(pictureId, caller.userId);
      // Not found and not visible look the same, so ids cannot be probed.
      if (!data) throw notFound(`Picture "${pictureId}"`);
      return data;
    },
    /**
     * The account and its first session in one transaction. The checks give a
     * clear message; the unique constraints decide races (two sign-ups with one
     * id through two instances: one 201, one 409).
     */
    async createAnonymous(app: AppClient, body: CreateAnonymousBody): Promise<CreateAnonymousResponse> {
      try {
        return await deps.db.transaction(async (tx) => {
          const repo = profileRepo(tx);
          if (await repo.find(body.userId)) throw taken(`The userId "${body.userId}"`);
          if (await repo.handleTaken(body.handle)) throw taken(`The handle "${body.handle}"`);
          const row = await repo.createAnonymous({ ...body, createdAt: deps.now() });
          await bump(tx, 'users');
          return { profile: toSummary(row), session: await issueSession(tx, deps, row.user_id, app.clientId) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(`The userId "${body.userId}" or the handle "${body.handle}"`);
        throw error;
      }
    },
  };
}

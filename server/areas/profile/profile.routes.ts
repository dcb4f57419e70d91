import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { profileHandlers } from './profile.handlers.ts';

export function profileRoutes(router: Router, deps: Deps): void {
  const h = profileHandlers(deps);
  // Pictures are visible through friendships and classes; friendships belong to the users area.
  const reads = { reads: ['users', 'classes'] } as const;
  router.bind(e.myProfile, ({ caller }) => h.profile(caller), reads);
  router.bind(e.myFriends, ({ caller }) => h.friends(caller), reads);
  router.bind(e.myPicture, ({ caller }) => h.myPicture(caller, 'profile_pic'), reads);
  router.bind(e.myCover, ({ caller }) => h.myPicture(caller, 'cover_photo'), reads);
  router.bind(e.picture, ({ caller, params }) => h.picture(caller, params.pictureId), reads);
  router.bind(e.createAnonymous, async ({ caller, body, context }) => {
    const created = await h.createAnonymous(caller, body);
    // The platform's SDKs read a new session's tokens from these headers (DXCommunications.cs); the body has them too.
    context.header('access_token', created.session.token);
    context.header('refresh_token', created.session.refreshToken);
    return created;
  });
}

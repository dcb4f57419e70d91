import { coreEndpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import type { AuthHandlers } from '../auth/auth.handlers.ts';
import { profileHandlers } from './profile.handlers.ts';

export function profileRoutes(router: Router, deps: Deps, sessions: AuthHandlers): void {
  const h = profileHandlers(deps, sessions);
  router.bind(e.myProfile, ({ caller }) => h.profile(caller));
  router.bind(e.myFriends, ({ caller }) => h.friends(caller));
  router.bind(e.myPicture, ({ caller }) => h.myPicture(caller, 'profile_pic'));
  router.bind(e.myCover, ({ caller }) => h.myPicture(caller, 'cover_photo'));
  router.bind(e.picture, ({ caller, params }) => h.picture(caller, params.pictureId));
  router.bind(e.createAnonymous, ({ caller, body }) => h.createAnonymous(caller, body));
}

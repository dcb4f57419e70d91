import { endpoints as e } from '../../../contract/endpoints.ts';
import { signupKeys, take } from '../../access/throttle.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { clientAddressOf } from '../../http/client-address.ts';
import { setHeader } from '../../http/response-headers.ts';
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
  const clientAddress = clientAddressOf(deps.settings.TRUSTED_PROXIES);
  router.bind(e.createAnonymous, async ({ caller, body, context }) => {
    // Counted before it is made, failed (409) or not: each costs a transaction, and a made one an account and a session.
    const perMinute = deps.settings.ANONYMOUS_SIGNUPS_PER_MINUTE;
    const taken = await take(deps.db, signupKeys(perMinute, caller.clientId, clientAddress(context)), deps.now());
    if (!taken.ok) {
      throw new HttpError(
        429,
        'too_many_requests',
        `This app has signed up ${perMinute} anonymous profiles from this address within a minute; try again in ${taken.retryAfter} seconds`,
        undefined,
        taken.retryAfter,
      );
    }
    const created = await h.createAnonymous(caller, body);
    // The platform's SDKs read a new session's tokens from these headers (DXCommunications.cs); the body has them too.
    setHeader(context, 'access_token', created.session.token);
    setHeader(context, 'refresh_token', created.session.refreshToken);
    return created;
  });
}

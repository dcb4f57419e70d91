/**
 * Anonymous onboarding (section 4.3, create anonymous user): the app makes up
 * the handle and userId, the platform answers with the profile and a session.
 */
import { useMutation } from '@tanstack/react-query';
import { profileEndpoints } from '../../../../contract/endpoints/profile';
import type { CreateAnonymousBody } from '../../../../contract/users';
import { call } from '../../../lib/api/client';
import { sessionStore } from '../../../lib/session/session-store';

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
}

export function anonymousProfileBody(): CreateAnonymousBody {
  // randomUUID exists only in secure contexts; the fallback is as random, in the same layout.
  const uuid =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : randomHex(16).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
  return {
    handle: `@anon-${randomHex(6)}`,
    userType: 'adult',
    accountType: 'Adult',
    country: 'US',
    profilePic: null,
    coverPhoto: null,
    userId: `anon-${uuid}`,
    anonymous: true,
  };
}

export function useCreateAnonymousProfile() {
  return useMutation({
    mutationFn: async () => {
      const { profile, session } = await call(profileEndpoints.createAnonymous, { body: anonymousProfileBody() });
      sessionStore.start(profile.userId, session, 'anonymous');
    },
  });
}

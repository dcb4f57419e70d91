/**
 * Signing in: pick a sandbox demo user (extension `POST /sandbox/v1/token`)
 * or paste a user token (checked by reading `GET /user/v1/my/profile`, which
 * tells the userId). Only the userId and the tokens are kept.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { profileEndpoints } from '../../../../contract/endpoints/profile';
import { sandboxEndpoints } from '../../../../contract/endpoints/sandbox';
import { call } from '../../../lib/api/client';
import { request } from '../../../lib/api/request';
import { getRuntimeConfig } from '../../../lib/config/runtime-config';
import { sessionStore } from '../../../lib/session/session-store';

export const authQueries = {
  all: () => ['auth'] as const,
  demoUsers: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'demo-users'] as const,
      queryFn: ({ signal }) => call(sandboxEndpoints.sandboxUsers, { signal }),
    }),
};

export function useDemoSignIn() {
  return useMutation({
    mutationFn: async (userId: string) => {
      const session = await call(sandboxEndpoints.sandboxToken, {
        body: { userId, clientId: getRuntimeConfig().clientId },
      });
      sessionStore.start(userId, session, 'sandbox');
    },
  });
}

/** Normalises what was pasted: surrounding space and a leading "Bearer " go. */
export function cleanToken(pasted: string): string {
  return pasted.trim().replace(/^bearer\s+/i, '');
}

export function useTokenSignIn() {
  return useMutation({
    mutationFn: async (token: string): Promise<{ trainer: boolean }> => {
      const profile = await request(profileEndpoints.myProfile, {}, { config: getRuntimeConfig(), token });
      sessionStore.start(profile.userId, { token }, 'token');
      return { trainer: profile.trainer };
    },
  });
}

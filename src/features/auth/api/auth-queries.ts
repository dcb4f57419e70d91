/**
 * Signing in: pick a sandbox demo user (extension `POST /sandbox/v1/token`)
 * or paste a user token (checked by reading `GET /user/v1/my/profile`, which
 * tells the userId). Only the userId and the tokens are kept.
 *
 * The sign-in page is the first page most people load: the API module and
 * the schemas that parse its answers (auth-api) are imported with the first
 * request, in parallel with it, not before the page can paint.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';

const api = () => import('./auth-api');

export const authQueries = {
  all: () => ['auth'] as const,
  demoUsers: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'demo-users'] as const,
      queryFn: async ({ signal }) => (await api()).demoUsers(signal),
    }),
};

export function useDemoSignIn() {
  return useMutation({ mutationFn: async (userId: string) => (await api()).demoSignIn(userId) });
}

/** Normalises what was pasted: surrounding space and a leading "Bearer " go. */
export function cleanToken(pasted: string): string {
  return pasted.trim().replace(/^bearer\s+/i, '');
}

export function useTokenSignIn() {
  return useMutation({ mutationFn: async (token: string) => (await api()).tokenSignIn(token) });
}

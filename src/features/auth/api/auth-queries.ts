/**
 * Signing in with a pasted user token (checked by reading
 * `GET /user/v1/my/profile`, which tells the userId). Only the userId and
 * the token are kept. (Signing in through the platform: oauth/ and
 * api/platform-sign-in.)
 *
 * The sign-in page is the first page most people load: the API module and
 * the schemas that parse its answers (auth-api) are imported with the first
 * request, in parallel with it, not before the page can paint.
 */
import { useMutation } from '@tanstack/react-query';

const api = () => import('./auth-api');

/** Normalises what was pasted: surrounding space and a leading "Bearer " go. */
export function cleanToken(pasted: string): string {
  return pasted.trim().replace(/^bearer\s+/i, '');
}

export function useTokenSignIn() {
  return useMutation({ mutationFn: async (token: string) => (await api()).tokenSignIn(token) });
}

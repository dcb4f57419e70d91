/**
 * What the platform's sign-in sent back to `/auth/callback`, checked before
 * anything is fetched: the state against the one kept for this tab (taken
 * whatever the outcome), then the platform's error or its code. Only a code
 * goes on to be exchanged (api/platform-sign-in, loaded then, with the API
 * client): an answer that cannot finish is explained without it.
 */
import { type PendingSignIn, takePendingSignIn } from '../../../lib/session/pending-sign-in';
import { sameState } from './pkce';

export type CallbackOutcome =
  | { readonly kind: 'signed-in'; readonly returnPath: string | null }
  /** The person chose "Cancel" on the platform's page (`error=access_denied`). */
  | { readonly kind: 'cancelled'; readonly returnPath: string | null }
  /** Another `error` from the platform, or an answer with neither code nor error. */
  | { readonly kind: 'platform-error'; readonly description: string; readonly returnPath: string | null }
  /** No sign-in under way in this tab, a stale one, or a state that is not its own: forged or replayed. */
  | { readonly kind: 'unverified' }
  /** The token endpoint refused the code (spent, expired, or not this sign-in's). */
  | { readonly kind: 'code-refused'; readonly returnPath: string | null }
  | { readonly kind: 'failed'; readonly error: unknown; readonly returnPath: string | null };

/** A verified answer with a code: what the exchange needs. */
export interface SignInCode {
  readonly kind: 'code';
  readonly code: string;
  readonly pending: PendingSignIn;
}

export function readCallbackAnswer(search: string): SignInCode | CallbackOutcome {
  const pending = takePendingSignIn();
  const params = new URLSearchParams(search);
  const state = params.get('state');
  if (!pending || state === null || !sameState(pending.state, state)) return { kind: 'unverified' };
  const { returnPath } = pending;

  const error = params.get('error');
  if (error === 'access_denied') return { kind: 'cancelled', returnPath };
  const code = params.get('code');
  if (error !== null || code === null) {
    const description = params.get('error_description') ?? error ?? 'it sent back no sign-in code';
    return { kind: 'platform-error', description, returnPath };
  }
  return { kind: 'code', code, pending };
}

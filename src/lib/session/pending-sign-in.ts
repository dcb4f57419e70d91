/**
 * A sign-in through the platform under way: what the callback needs to
 * finish it (the PKCE verifier, the state it must see again, the
 * redirect_uri the code was sent to, where the person was going). Kept in
 * sessionStorage, this tab only, for the one redirect, and taken (read and
 * removed at once) by the callback whatever the outcome: a verifier or
 * state must not outlive its sign-in. No profile field is ever in it.
 */
import { tabItems } from '../storage/app-storage';

export const PENDING_SIGN_IN_KEY = 'td:pkce-sign-in';

/** Long enough to type a password on the platform's page; an older sign-in is stale. */
export const PENDING_SIGN_IN_MS = 15 * 60 * 1000;

export interface PendingSignIn {
  readonly state: string;
  readonly verifier: string;
  readonly redirectUri: string;
  readonly returnPath: string | null;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
}

export function savePendingSignIn(pending: PendingSignIn): boolean {
  return tabItems.write(PENDING_SIGN_IN_KEY, JSON.stringify(pending));
}

function readPending(value: unknown): PendingSignIn | null {
  if (typeof value !== 'object' || value === null) return null;
  const { state, verifier, redirectUri, returnPath, startedAt } = value as Record<string, unknown>;
  if (typeof state !== 'string' || typeof verifier !== 'string' || typeof redirectUri !== 'string') return null;
  if (returnPath !== null && typeof returnPath !== 'string') return null;
  if (typeof startedAt !== 'number' || !Number.isFinite(startedAt)) return null;
  return { state, verifier, redirectUri, returnPath, startedAt };
}

/** The pending sign-in, removed from storage as it is read; null when there is none, or none still fresh. */
export function takePendingSignIn(now = Date.now()): PendingSignIn | null {
  const raw = tabItems.read(PENDING_SIGN_IN_KEY);
  tabItems.remove(PENDING_SIGN_IN_KEY);
  if (!raw) return null;
  try {
    const pending = readPending(JSON.parse(raw));
    if (!pending || now - pending.startedAt > PENDING_SIGN_IN_MS || now < pending.startedAt) return null;
    return pending;
  } catch {
    return null;
  }
}

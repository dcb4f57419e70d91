/**
 * The signed-in session: the userId plus the app data keyed by it (token,
 * refresh token, expiry, how the person signed in), persisted in
 * localStorage so a reload keeps the person signed in. Components read it
 * with `useSession`; the API client renews and ends it.
 */
import type { Session } from '../../../contract/users';
import {
  CURRENT_USER_KEY,
  readItem,
  removeDrafts,
  removeItem,
  removeUserData,
  userKey,
  writeItem,
} from '../storage/app-storage';

/** `platform`: through the platform's sign-in page (OAuth); `sandbox`: a demo person, as sessions kept before it. */
export type SignInMethod = 'platform' | 'sandbox' | 'token' | 'anonymous';

const methods: readonly SignInMethod[] = ['platform', 'sandbox', 'token', 'anonymous'];

/** What is kept in storage under `td:user:<userId>:session`. */
interface StoredSession {
  readonly token: string;
  readonly refreshToken: string | null;
  /** Milliseconds since the epoch; null when unknown (a pasted token). */
  readonly expiresAt: number | null;
  readonly method: SignInMethod;
}

/**
 * Reads a stored session, or null for anything else (an older shape, a hand
 * edit). Plain code: this runs before the first paint, where a schema
 * library would be most of the first page's weight.
 */
function readStored(value: unknown): StoredSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const { token, refreshToken, expiresAt, method } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token.length === 0) return null;
  if (refreshToken !== null && typeof refreshToken !== 'string') return null;
  if (expiresAt !== null && (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt))) return null;
  if (!methods.includes(method as SignInMethod)) return null;
  return { token, refreshToken, expiresAt, method: method as SignInMethod };
}

export interface CurrentSession extends StoredSession {
  readonly userId: string;
}

/** Known to be past its expiry: a request with its token would only be refused (renew it first). */
export function isPastExpiry(session: Pick<StoredSession, 'expiresAt'>, now = Date.now()): boolean {
  return session.expiresAt !== null && now >= session.expiresAt;
}

export type SessionEndReason = 'expired' | 'revoked' | 'signed-out';

export interface SessionEnd {
  readonly reason: SessionEndReason;
  readonly method: SignInMethod;
}

/** A session as it arrives from sign-in, refresh or anonymous sign-up; pasted tokens have no refresh token. */
export type IssuedSession = Pick<Session, 'token'> & Partial<Pick<Session, 'expiresIn' | 'refreshToken'>>;

function sessionKey(userId: string): string {
  return userKey(userId, 'session');
}

function load(): CurrentSession | null {
  const userId = readItem(CURRENT_USER_KEY);
  if (!userId) return null;
  const raw = readItem(sessionKey(userId));
  if (!raw) return null;
  try {
    const stored = readStored(JSON.parse(raw));
    return stored ? { userId, ...stored } : null;
  } catch {
    return null;
  }
}

function toStored(issued: IssuedSession, method: SignInMethod): StoredSession {
  return {
    token: issued.token,
    refreshToken: issued.refreshToken ?? null,
    expiresAt: issued.expiresIn === undefined ? null : Date.now() + issued.expiresIn * 1000,
    method,
  };
}

function createSessionStore() {
  let snapshot: CurrentSession | null = null;
  let loaded = false;
  let lastEnd: SessionEnd | null = null;
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const reload = () => {
    snapshot = load();
    loaded = true;
  };

  return {
    get(): CurrentSession | null {
      if (!loaded) reload();
      return snapshot;
    },

    /** Re-reads storage: another tab may have renewed or ended the session. */
    refreshFromStorage(): CurrentSession | null {
      const before = snapshot;
      reload();
      if (before?.token !== snapshot?.token || before?.userId !== snapshot?.userId) emit();
      return snapshot;
    },

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start(userId: string, issued: IssuedSession, method: SignInMethod): void {
      const previous = load();
      if (previous && previous.userId !== userId && previous.method === 'anonymous') removeUserData(previous.userId);
      writeItem(sessionKey(userId), JSON.stringify(toStored(issued, method)));
      writeItem(CURRENT_USER_KEY, userId);
      lastEnd = null;
      reload();
      emit();
    },

    /** Stores the tokens of a refreshed session, keeping how the person signed in. */
    renew(userId: string, issued: IssuedSession): void {
      const current = load();
      if (!current || current.userId !== userId) return;
      writeItem(sessionKey(userId), JSON.stringify(toStored(issued, current.method)));
      reload();
      emit();
    },

    /**
     * Ends the session of `userId` (when given, only if it is still the
     * current one). An anonymous profile cannot be signed in to again, so
     * everything kept for it goes. Signing out takes the person's unsent
     * drafts too: the next person on this browser must not read them. A
     * session that expires or is refused keeps them for the person's return.
     */
    end(reason: SessionEndReason, userId?: string): void {
      const current = load();
      if (!current || (userId !== undefined && current.userId !== userId)) return;
      if (current.method === 'anonymous') removeUserData(current.userId);
      else {
        removeItem(sessionKey(current.userId));
        if (reason === 'signed-out') removeDrafts(current.userId);
      }
      removeItem(CURRENT_USER_KEY);
      lastEnd = { reason, method: current.method };
      reload();
      emit();
    },

    /** Why the last session ended, for the sign-in and onboarding pages to say so. */
    lastEnd(): SessionEnd | null {
      return lastEnd;
    },
  };
}

export const sessionStore = createSessionStore();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('td:')) sessionStore.refreshFromStorage();
  });
}

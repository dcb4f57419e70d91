import { useRef, useSyncExternalStore } from 'react';
import { type CurrentSession, sessionStore } from './session-store';

/** The current session; re-renders when it starts, renews or ends. */
export function useSession(): CurrentSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/**
 * The session on pages reachable only signed in. While a session that just
 * ended unmounts the page, this keeps the last one instead of throwing.
 */
export function useSignedInSession(): CurrentSession {
  const session = useSession();
  const last = useRef(session);
  if (session) last.current = session;
  if (!last.current) throw new Error('useSignedInSession is used outside the signed-in layout');
  return last.current;
}

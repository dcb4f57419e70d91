/**
 * The only place the dashboard touches browser storage. What may persist is
 * the current userId and app data keyed by it (session tokens, drafts,
 * preferences); never a profile field. Every key starts with `td:`:
 *   td:current-user                   the signed-in userId
 *   td:user:<userId>:session          token, refresh token, expiry, sign-in method
 *   td:user:<userId>:draft:<name>     unsent text of a form; `draft:planner` the mission plan
 *                                     (candidates as userIds only, see mission-planner/plan-storage.ts)
 */
const PREFIX = 'td:';
export const CURRENT_USER_KEY = `${PREFIX}current-user`;

export function userKey(userId: string, name: string): string {
  return `${PREFIX}user:${userId}:${name}`;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Full or disabled storage: the app keeps working, only without persistence.
  }
}

export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // See writeItem.
  }
}

/** Removes every key kept for one user (an anonymous profile that is gone for good). */
export function removeUserData(userId: string): void {
  const store = storage();
  if (!store) return;
  const prefix = userKey(userId, '');
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) removeItem(key);
}

/**
 * The only place the dashboard touches browser storage. What may persist is
 * the current userId and app data keyed by it (session tokens, drafts,
 * preferences); never a profile field. Every key starts with `td:`:
 *   td:current-user                   the signed-in userId
 *   td:user:<userId>:session          token, refresh token, expiry, sign-in method
 *   td:user:<userId>:draft:<name>     unsent text of a form; `draft:planner` the mission plan
 *                                     (candidates as userIds only, see mission-planner/plan-storage.ts)
 *   td:user:<userId>:pins             pinned phrases, where the platform does not keep them (device-pins.ts)
 *   td:user:<userId>:plan:readiness:<classId>
 *                                     a class's readiness plan: targets, the plugin's answer with candidates
 *                                     as userIds only, training marked planned (class-readiness/readiness-storage.ts)
 * and, in sessionStorage for one redirect only (see session/pending-sign-in.ts):
 *   td:pkce-sign-in                   the PKCE verifier, state and return path of a sign-in under way
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

function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** sessionStorage: this tab only, gone when it closes; for what lives across one redirect. */
export const tabItems = {
  read(key: string): string | null {
    try {
      return tabStorage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  write(key: string, value: string): boolean {
    try {
      const store = tabStorage();
      store?.setItem(key, value);
      return store !== undefined;
    } catch {
      return false;
    }
  },
  remove(key: string): void {
    try {
      tabStorage()?.removeItem(key);
    } catch {
      // See readItem.
    }
  },
};

/** The keys kept for one user whose name continues with `under` (all of them for ''). */
function userKeys(userId: string, under = ''): string[] {
  const store = storage();
  if (!store) return [];
  const prefix = userKey(userId, under);
  const keys: string[] = [];
  try {
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // See readItem.
  }
  return keys;
}

/** Removes every key kept for one user (an anonymous profile that is gone for good). */
export function removeUserData(userId: string): void {
  for (const key of userKeys(userId)) removeItem(key);
}

const DRAFT = 'draft:';

/** The storage key of one of a user's drafts (`td:user:<userId>:draft:<name>`). */
export function draftKey(userId: string, name: string): string {
  return userKey(userId, `${DRAFT}${name}`);
}

/** How many unsent drafts (with text in them) are kept for the user. */
export function countDrafts(userId: string): number {
  return userKeys(userId, DRAFT).filter((key) => (readItem(key) ?? '') !== '').length;
}

/** Removes the user's unsent drafts: text the next person on this browser must not find. */
export function removeDrafts(userId: string): void {
  for (const key of userKeys(userId, DRAFT)) removeItem(key);
}

/**
 * Which of our service's extensions the platform in front of the dashboard
 * offers, found out from the first real use rather than by a probe (no
 * request is added before a page renders): an extension's address that
 * answers as an unknown address, or the paging parameters refused as unknown
 * ones, marks it absent, and later reads skip it for the rest of the session.
 * Memory only (it says nothing about a person, but nothing the dashboard
 * learns about a session outlives it): cleared when the signed-in person
 * changes, and lost on reload, when the first use finds out again.
 */
import { isApiError } from './api-error';

export type Extension =
  /** `limit`/`cursor` and the `Link` header on the comment and note lists. */
  | 'paging'
  /** `GET /auth/v1/session`: the app's scopes and whether the account is anonymous. */
  | 'session'
  /** `GET /edu/v1/trainer/roster`: without it the roster is read from the platform's class, student and lesson lists. */
  | 'roster'
  /** `GET /edu/v1/trainer/students/:userId/record`. */
  | 'student-record'
  /** `GET /edu/v1/class/activity`: each student's counts in a class; without it the class's lists are read whole. */
  | 'class-activity'
  /** `GET /edu/v1/audience`. */
  | 'audience'
  /** `GET /user/v1/pictures/:pictureId`. */
  | 'pictures'
  /** Corrections in place, earlier wordings, a comment withdrawn (`/edu/v1/student/comment/correct`, …). */
  | 'corrections'
  /** `/edu/v1/pinned-phrases`: without it a trainer's pinned phrases are kept on the device. */
  | 'pinned-phrases'
  /** `/mission-planner/v1/*`. */
  | 'mission-planner'
  /** `/mission-planner/v1/plan`: without it a plan is kept on the device only. */
  | 'mission-plans'
  /** `GET /edu/v1/search`: without it the dashboard searches the lists it can read, in the browser. */
  | 'search'
  /** Not an extension but found out the same way: the app lacks the training scope (403 `missing_scope`). */
  | 'training-scope';

const absent = new Set<Extension>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export const extensions = {
  /** False only once an answer showed it is not offered; unknown counts as offered. */
  offered: (name: Extension): boolean => !absent.has(name),
  markAbsent(name: Extension): void {
    if (absent.has(name)) return;
    absent.add(name);
    changed();
  },
  /** Forget everything (a new person signed in, or nobody is). */
  reset(): void {
    if (absent.size === 0) return;
    absent.clear();
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * The answer a platform gives to an address it does not have. Our service
 * answers "No route for …"; a platform whose 404 is not our error body (an
 * HTML page, another code) is taken the same way. A 404 of ours about a
 * thing (no such picture, not your student) is not.
 */
export function isUnknownAddress(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 404) return false;
  return error.code !== 'not_found' || error.message.startsWith('No route for');
}

/** The paging parameters refused as unknown ones: the list is answered whole, without them. */
export function isPagingRefused(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 400 &&
    error.issues.some((issue) => issue.path === 'query.limit' || issue.path === 'query.cursor')
  );
}

/**
 * Calls `load` unless `name` is known to be absent; when it answers as an
 * unknown address, marks it absent. Either way the caller gets `fallback()`.
 */
export async function withExtension<T>(name: Extension, load: () => Promise<T>, fallback: () => T | Promise<T>) {
  if (!extensions.offered(name)) return fallback();
  try {
    return await load();
  } catch (error) {
    if (!isUnknownAddress(error)) throw error;
    extensions.markAbsent(name);
    return fallback();
  }
}

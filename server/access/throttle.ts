/**
 * Counts that hold back guessing and floods, kept in the database so every
 * instance and worker of the service counts together, on SQLite and on
 * PostgreSQL alike. The model is rate-limiter-flexible's login protection
 * (consecutive failures by username and address, failures by address over a
 * day). That library is not used: its SQL stores create their own tables
 * outside our migrations, need an engine's own client (one class for SQLite,
 * another for PostgreSQL) beside our query builder, and its growing wait is
 * left to the caller; what is needed here is one upsert and one update.
 *
 * An attempt is counted before its outcome is known ("taken"), in the same
 * statement that refuses it when its key is blocked, so attempts racing on
 * several instances cannot all slip under the limit; a success then gives
 * its count back (`forgive`).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Queryable } from '../data/database.ts';

export interface ThrottleRule {
  /** Part of every key of this rule, so two rules never share a count. */
  readonly name: string;
  /** Attempts taken before the key is blocked: the one that reaches it is the last before the wait. */
  readonly limit: number;
  readonly windowSeconds: number;
  /** `fixed`: counting restarts windowSeconds after the first attempt; `idle`: after windowSeconds without one. */
  readonly window: 'fixed' | 'idle';
  /** Until when (epoch seconds) a key is blocked once it has `hits` attempts (hits ≥ limit), its first at `firstAt`. */
  readonly blockedUntil: (hits: number, firstAt: number, now: number) => number;
  /** What `forgive` does: `reset` forgets the key's count (and its wait), `one` gives back this attempt only. */
  readonly onSuccess: 'reset' | 'one';
}

/** One count an attempt is taken from: a rule and what it is counted by (a handle and an address, …). */
export interface ThrottleKey {
  readonly rule: ThrottleRule;
  readonly parts: readonly string[];
}

/** What one key counted for an attempt taken. */
interface Counted {
  readonly name: string;
  readonly rule: ThrottleRule;
  readonly hits: number;
  readonly firstAt: number;
}

export type Taken =
  | { readonly ok: true; readonly counted: readonly Counted[] }
  | { readonly ok: false; readonly retryAfter: number };

/** Raised inside the transaction to undo the counts already taken when a later key turns out blocked. */
class Blocked extends Error {}

// The handle and the address are hashed: a handle typed into the form may be a mistyped password.
const keyOf = ({ rule, parts }: ThrottleKey) =>
  `${rule.name}:${createHash('sha256').update(parts.join('\u0000')).digest('base64url')}`;

/** Rows past their expiry are deleted now and then, by whichever instance happens to count. */
const SWEEP_EVERY = 500;
let sinceSweep = 0;

/**
 * Takes one attempt from every key, or none: when any key is blocked the
 * answer says how long to wait and nothing is counted.
 */
export async function take(db: Db, keys: readonly ThrottleKey[], now: number): Promise<Taken> {
  const names = keys.map(keyOf);
  // A blocked caller costs one read and no write.
  const wait = await waitOf(db.q, names, now);
  if (wait > 0) return { ok: false, retryAfter: wait };
  try {
    const counted = await db.transaction(async (tx) => {
      const counts: Counted[] = [];
      for (const [index, key] of keys.entries()) {
        const name = names[index] as string;
        const row = await takeOne(tx, name, key.rule, now);
        if (row === undefined) throw new Blocked();
        const count = { name, rule: key.rule, hits: row.hits, firstAt: row.first_at };
        // Blocked already while this attempt runs: attempts racing it on other instances wait.
        await block(tx, count, now);
        counts.push(count);
      }
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        await tx.deleteFrom('throttle').where('expires_at', '<', now).execute();
      }
      return counts;
    });
    return { ok: true, counted };
  } catch (error) {
    if (!(error instanceof Blocked)) throw error;
    // Another instance blocked a key between the read and the count.
    return { ok: false, retryAfter: Math.max(1, await waitOf(db.q, names, now)) };
  }
}

/**
 * An attempt taken has failed: the waits it reached start again from `now`,
 * its end, so the time the failed check took (a password hash is slow on a
 * busy machine) is not taken off the wait.
 */
export async function failed(db: Db, taken: Extract<Taken, { ok: true }>, now: number): Promise<void> {
  if (!taken.counted.some((count) => count.hits >= count.rule.limit)) return;
  await db.transaction(async (tx) => {
    for (const count of taken.counted) await block(tx, count, now);
  });
}

async function block(tx: Queryable, count: Counted, now: number): Promise<void> {
  if (count.hits < count.rule.limit) return;
  const until = count.rule.blockedUntil(count.hits, count.firstAt, now);
  await tx
    .updateTable('throttle')
    .set({ blocked_until: until })
    .where('key', '=', count.name)
    .where('blocked_until', '<', until)
    .execute();
}

/** What is recorded against some keys: how long until every one is free, and each key's count. */
export interface Recorded {
  /** Seconds until every key is free (0: none waits). */
  readonly wait: number;
  /** Attempts counted under each key (in the order given) in its current window; 0 when none. */
  readonly hits: readonly number[];
}

/**
 * What is recorded against `keys`, in one read and no write: for a refusal
 * that must cost nothing, and for the standing of an attempt before it asks
 * for a hashing slot.
 */
export async function recorded(db: Db, keys: readonly ThrottleKey[], now: number): Promise<Recorded> {
  const names = keys.map(keyOf);
  const rows = await db.q
    .selectFrom('throttle')
    .select(['key', 'hits', 'blocked_until'])
    .where('key', 'in', names)
    .where('expires_at', '>', now)
    .execute();
  const byName = new Map(rows.map((row) => [row.key, row]));
  return {
    wait: rows.reduce((longest, row) => Math.max(longest, row.blocked_until - now), 0),
    hits: names.map((name) => byName.get(name)?.hits ?? 0),
  };
}

/** Gives back what a successful attempt took: each rule as its `onSuccess` says. */
export async function forgive(db: Db, keys: readonly ThrottleKey[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const key of keys) {
      const name = keyOf(key);
      if (key.rule.onSuccess === 'reset') await tx.deleteFrom('throttle').where('key', '=', name).execute();
      else
        await tx
          .updateTable('throttle')
          .set({ hits: sql<number>`hits - 1` })
          .where('key', '=', name)
          .where('hits', '>', 0)
          .execute();
    }
  });
}

/** Seconds until every one of `names` is free (0: none is blocked). */
async function waitOf(q: Queryable, names: readonly string[], now: number): Promise<number> {
  const rows = await q
    .selectFrom('throttle')
    .select('blocked_until')
    .where('key', 'in', names)
    .where('blocked_until', '>', now)
    .execute();
  return rows.reduce((longest, row) => Math.max(longest, row.blocked_until - now), 0);
}

/**
 * One attempt counted on `name` unless it is blocked, in one statement that
 * both engines run atomically (INSERT … ON CONFLICT DO UPDATE … WHERE …
 * RETURNING): the row is locked from the count to the commit, so the block
 * the caller sets next is seen by the attempts that wait on it. Undefined
 * when the key is blocked. The SET expressions read the row as it was.
 */
async function takeOne(
  tx: Queryable,
  name: string,
  rule: ThrottleRule,
  now: number,
): Promise<{ hits: number; first_at: number } | undefined> {
  const over =
    rule.window === 'fixed'
      ? sql<boolean>`throttle.first_at <= ${now - rule.windowSeconds}`
      : sql<boolean>`throttle.last_at <= ${now - rule.windowSeconds}`;
  const expiry =
    rule.window === 'fixed'
      ? sql<number>`CASE WHEN ${over} THEN ${now + rule.windowSeconds} ELSE throttle.expires_at END`
      : sql<number>`${now + rule.windowSeconds}`;
  return tx
    .insertInto('throttle')
    .values({
      key: name,
      hits: 1,
      first_at: now,
      last_at: now,
      blocked_until: 0,
      expires_at: now + rule.windowSeconds,
    })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({
          hits: sql<number>`CASE WHEN ${over} THEN 1 ELSE throttle.hits + 1 END`,
          first_at: sql<number>`CASE WHEN ${over} THEN ${now} ELSE throttle.first_at END`,
          last_at: now,
          // A wait that has passed is over; the doubling goes on from the count, not from the old wait.
          blocked_until: 0,
          expires_at: expiry,
        })
        .where('throttle.blocked_until', '<=', now),
    )
    .returning(['hits', 'first_at'])
    .executeTakeFirst();
}

/** The rules of password sign-in, from the settings. */
export interface SigninThrottleSettings {
  readonly SIGNIN_FAILURES_PER_HANDLE: number;
  readonly SIGNIN_FAILURES_PER_ADDRESS: number;
  readonly SIGNIN_WAIT_SECONDS: number;
  readonly SIGNIN_WAIT_MAX_SECONDS: number;
}

const DAY = 24 * 3600;

/**
 * The keys a password sign-in is counted under. Per handle and address: the
 * guesser's own address is blocked, never the person on theirs. A handle with
 * no account is counted the same way, so the answers do not tell which
 * handles exist. Per address: a budget a day over every handle, against one
 * address trying many handles. Per browser and handle (the sign-in form's
 * cookie, when the browser sent one): consecutive failures, counted only, for
 * the standing of the attempt (known browsers, below).
 */
export function signinKeys(
  settings: SigninThrottleSettings,
  handle: string,
  address: string,
  browser?: string,
): readonly ThrottleKey[] {
  const pair: ThrottleRule = {
    name: 'signin-handle',
    limit: settings.SIGNIN_FAILURES_PER_HANDLE,
    windowSeconds: DAY,
    window: 'idle',
    blockedUntil: (hits, _firstAt, now) =>
      now +
      Math.min(
        settings.SIGNIN_WAIT_MAX_SECONDS,
        settings.SIGNIN_WAIT_SECONDS * 2 ** Math.min(hits - settings.SIGNIN_FAILURES_PER_HANDLE, 30),
      ),
    onSuccess: 'reset',
  };
  const perAddress: ThrottleRule = {
    name: 'signin-address',
    limit: settings.SIGNIN_FAILURES_PER_ADDRESS,
    windowSeconds: DAY,
    window: 'fixed',
    blockedUntil: (_hits, firstAt) => firstAt + DAY,
    onSuccess: 'one',
  };
  return [
    { rule: perAddress, parts: [address] },
    // Handles are looked up as typed; case variants still count as one, so they give no extra guesses.
    { rule: pair, parts: [handle.toLowerCase(), address] },
    // The browser's failures at this handle, wherever it goes: a known browser loses its standing by failing.
    ...(browser === undefined ? [] : [{ rule: browserFailures, parts: [browser, handle.toLowerCase()] }]),
  ];
}

const KNOWN_DAYS = 30;

/**
 * Counted, never waited on (`limit` out of reach): the standing of a known
 * browser is lost at its first failure, and the waits are the pair's and the
 * address's, so a person and a guesser who share a browser's cookie on two
 * addresses still wait apart.
 */
const browserFailures: ThrottleRule = {
  name: 'signin-browser',
  limit: Number.MAX_SAFE_INTEGER,
  windowSeconds: DAY,
  window: 'idle',
  blockedUntil: (_hits, _firstAt, now) => now,
  onSuccess: 'reset',
};

/**
 * The mark a password sign-in leaves on its browser and handle (`remember`):
 * attempts of that browser at that handle are known for 30 days after its
 * last success. Never a wait: `limit` is out of reach.
 */
export function knownBrowserKey(handle: string, browser: string): ThrottleKey {
  const rule: ThrottleRule = {
    name: 'signin-known',
    limit: Number.MAX_SAFE_INTEGER,
    windowSeconds: KNOWN_DAYS * DAY,
    window: 'idle',
    blockedUntil: (_hits, _firstAt, now) => now,
    onSuccess: 'reset',
  };
  return { rule, parts: [browser, handle.toLowerCase()] };
}

/** Marks `key` as seen now, for its rule's window from now: one upsert, nothing counted against anyone. */
export async function remember(db: Db, key: ThrottleKey, now: number): Promise<void> {
  const expires = now + key.rule.windowSeconds;
  await db.q
    .insertInto('throttle')
    .values({ key: keyOf(key), hits: 1, first_at: now, last_at: now, blocked_until: 0, expires_at: expires })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ hits: 1, last_at: now, expires_at: expires }))
    .execute();
}

/** The key an anonymous sign-up is counted under: its app and address, so many a minute. */
export function signupKeys(perMinute: number, clientId: string, address: string): readonly ThrottleKey[] {
  const rule: ThrottleRule = {
    name: 'signup',
    limit: perMinute,
    windowSeconds: 60,
    window: 'fixed',
    blockedUntil: (_hits, firstAt) => firstAt + 60,
    onSuccess: 'one',
  };
  return [{ rule, parts: [clientId, address] }];
}

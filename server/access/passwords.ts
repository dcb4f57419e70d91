/**
 * Passwords of accounts that sign in with a handle and a password: scrypt
 * (node:crypto) with a per-user random salt, stored as
 * `scrypt$N$r$p$salt$hash` so the cost can rise later without breaking the
 * hashes already stored. Never plaintext, compared in constant time.
 *
 * The cost is one of OWASP's scrypt settings (N=2^14, r=8, p=5): 16 MiB and
 * about 0.2 s a hash, run on libuv's thread pool, so a sign-in does not hold
 * the event loop. That cost is also what a flood of sign-ins spends, so the
 * service runs its hashes through `passwordWork`: a bound per process, beyond
 * which an attempt is refused at once (503 with Retry-After) rather than
 * queued behind the flood.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../data/database.ts';
import { bump } from '../data/versions.ts';
import { HttpError } from '../errors.ts';

const COST = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; Node refuses anything above `maxmem` (32 MiB unless raised).
    const maxmem = 128 * (options.N ?? 0) * (options.r ?? 0) + 1024 * 1024;
    scrypt(password.normalize('NFC'), salt, keyBytes, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new hash of `password` with a fresh salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST, KEY_BYTES);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  readonly options: { N: number; r: number; p: number };
  readonly salt: Buffer;
  readonly key: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return undefined;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  // Bounds keep a tampered row from asking for gigabytes or hours.
  const sane =
    Number.isInteger(Math.log2(options.N)) &&
    options.N >= 2 ** 10 &&
    options.N <= 2 ** 16 &&
    options.r >= 1 &&
    options.r <= 16 &&
    options.p >= 1 &&
    options.p <= 16;
  if (!sane) return undefined;
  return { options, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

// Hashed once, lazily: an unknown handle is checked against it, so a wrong handle costs what a wrong password does.
let standIn: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. With `stored` undefined (no such
 * account, or one without a password) the work is the same and the answer
 * false, so timing does not tell which handles exist.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  standIn ??= hashPassword(randomBytes(16).toString('hex'));
  const parsed = parse(stored ?? '') ?? (parse(await standIn) as Parsed);
  const key = await derive(password, parsed.salt, parsed.options, parsed.key.length);
  const equal = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  return equal && stored !== null && stored !== undefined && parse(stored) !== undefined;
}

/** Password hashing with a bound on how many run at once in this process. */
export interface PasswordWork {
  /**
   * Runs `work` (which hashes or checks a password) holding one of the
   * bounded slots; when all are taken, throws 503 `overloaded` with
   * Retry-After at once, before `work` starts.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  hash(password: string): Promise<string>;
  verify(password: string, stored: string | null | undefined): Promise<boolean>;
  /** Slots taken now. */
  busy(): number;
}

export function passwordWork(bound: number): PasswordWork {
  let busy = 0;
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (busy >= bound) {
      throw new HttpError(
        503,
        'overloaded',
        'The service is checking as many passwords as it can at once; try again in a second',
        undefined,
        1,
      );
    }
    busy++;
    try {
      return await work();
    } finally {
      busy--;
    }
  };
  return {
    run,
    hash: (password) => run(() => hashPassword(password)),
    verify: (password, stored) => run(() => verifyPassword(password, stored)),
    busy: () => busy,
  };
}

/**
 * Sets (or with null removes) a user's password hash, inside the caller's
 * transaction; answers whether the user exists. For the provisioning of
 * production accounts; the sandbox seeds its demo passwords itself.
 */
export async function setPasswordHash(tx: Queryable, userId: string, hash: string | null): Promise<boolean> {
  const result = await tx
    .updateTable('users')
    .set({ password_hash: hash })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await bump(tx, 'users');
  return Number(result.numUpdatedRows) > 0;
}

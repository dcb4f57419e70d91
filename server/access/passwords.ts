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
 * queued behind the flood, and a share of it kept for the attempts the
 * service has reason to trust (`Standing`), so the flood cannot fill it.
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

/**
 * Who is asking for a hashing slot, by what the service knows of them:
 * `known`: a browser that signed in to this handle before and has failed
 * at it nothing since, or the holder of a live password link;
 * `clean`: nothing recorded against the handle and address or the address;
 * `suspect`: failures recorded against either. Beyond the bound every class
 * is refused; below it the lower classes stop short, so a flood of suspect
 * attempts never holds the slots kept for clean and known ones, and clean
 * ones (a flood from fresh addresses looks clean) never hold the known ones'.
 */
export type Standing = 'known' | 'clean' | 'suspect';

/** Slots of `bound` each class may fill: what is kept above a class is a quarter of the bound per class above it. */
function slotsFor(bound: number): Record<Standing, number> {
  const kept = Math.floor(bound / 4);
  return { known: bound, clean: bound - kept, suspect: bound - 2 * kept };
}

/** Password hashing with a bound on how many run at once in this process. */
export interface PasswordWork {
  /**
   * Runs `work` (which hashes or checks a password) holding one of the
   * bounded slots; when the slots open to `standing` are all taken, throws
   * 503 `overloaded` with Retry-After at once, before `work` starts.
   */
  run<T>(work: () => Promise<T>, standing: Standing): Promise<T>;
  hash(password: string, standing: Standing): Promise<string>;
  /** Slots taken now. */
  busy(): number;
}

export function passwordWork(bound: number): PasswordWork {
  const open = slotsFor(bound);
  let busy = 0;
  const run = async <T>(work: () => Promise<T>, standing: Standing): Promise<T> => {
    if (busy >= open[standing]) {
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
    hash: (password, standing) => run(() => hashPassword(password), standing),
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

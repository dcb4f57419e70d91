/**
 * The paging extension of long lists (contract/common.ts): keyset pages over
 * a list's own order, and opaque, tamper-evident cursors.
 *
 * A cursor is the position of the last row of a page (the list's `seq`,
 * newest first, so the next page is every row with a smaller `seq`) and an
 * HMAC-SHA-256 over that position and the list's scope: which list, who
 * reads it and with which filters. A cursor altered, made up, or presented
 * with other filters or by another caller fails the check and is a 400
 * `invalid_cursor`. Rows added while someone pages get a larger `seq` than
 * any cursor already issued, so following `next` visits every row that was
 * there exactly once, in the unpaged order.
 *
 * The key is shared by every process and instance of the service (kept in
 * its database), so a cursor issued by one is honoured by all. The `Link`
 * header that carries the cursor is written by http/link-header.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../errors.ts';
import type { Db } from './database.ts';
import { serviceKey } from './service-keys.ts';

const VERSION = 1;
const MAC_BYTES = 16;
const CURSOR_BYTES = 1 + 8 + MAC_BYTES;

/** A position in a list: the `seq` of the last row of the previous page. */
export type Position = bigint;

export interface PageRequest {
  readonly limit: number;
  /** Rows strictly before this position (older); null for the first page. */
  readonly after: Position | null;
}

export interface Page<T> {
  readonly rows: T[];
  /** The position after which the next page starts; null on the last page. */
  readonly next: Position | null;
}

/**
 * What a cursor is bound to: the list, the caller and the filters, written
 * the same way whatever order the query named them in (lists sorted, each
 * value once).
 */
export function listScope(list: string, viewerId: string, filters: Readonly<Record<string, unknown>>): string {
  const canonical = Object.keys(filters)
    .filter((name) => filters[name] !== undefined)
    .sort()
    .map((name) => {
      const value = filters[name];
      return [name, Array.isArray(value) ? [...new Set(value.map(String))].sort() : String(value)];
    });
  return JSON.stringify([list, viewerId, canonical]);
}

function mac(key: Uint8Array, scope: string, position: Buffer): Buffer {
  return createHmac('sha256', key)
    .update(`cursor:v${VERSION}\n`)
    .update(position)
    .update(scope)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function signCursor(key: Uint8Array, scope: string, position: Position): string {
  const bytes = Buffer.alloc(CURSOR_BYTES);
  bytes.writeUInt8(VERSION, 0);
  bytes.writeBigInt64BE(position, 1);
  mac(key, scope, bytes.subarray(0, 9)).copy(bytes, 9);
  return bytes.toString('base64url');
}

const invalidCursor = () =>
  new HttpError(
    400,
    'invalid_cursor',
    'The cursor was not issued for this list: it was altered, or it belongs to other filters or another caller. Start again from the first page (without cursor).',
    [{ path: 'query.cursor', message: 'is not a cursor of this list' }],
  );

/** The position a cursor names, or a 400 `invalid_cursor` when it does not check out for this scope. */
export function readCursor(key: Uint8Array, scope: string, cursor: string): Position {
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.length !== CURSOR_BYTES || bytes.readUInt8(0) !== VERSION || bytes.toString('base64url') !== cursor) {
    throw invalidCursor();
  }
  if (!timingSafeEqual(mac(key, scope, bytes.subarray(0, 9)), bytes.subarray(9))) throw invalidCursor();
  return bytes.readBigInt64BE(1);
}

/**
 * Rows read with `limit + 1` (the extra row only tells that there is a next
 * page) cut to the page, with the position of its last row when more follow.
 */
export function toPage<T>(rows: readonly T[], limit: number, positionOf: (row: T) => Position): Page<T> {
  if (rows.length <= limit) return { rows: [...rows], next: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: last === undefined ? null : positionOf(last) };
}

/**
 * A cursor of a list merged from several keyset streams (search: comments and
 * notes, each by score and seq): one number a stream part, any finite
 * double, under the same HMAC over the list's scope as the one-position
 * cursor, with a version of its own so neither is read as the other.
 */
const POSITIONS_VERSION = 2;

export function signPositions(key: Uint8Array, scope: string, values: readonly number[]): string {
  const bytes = Buffer.alloc(1 + 8 * values.length + MAC_BYTES);
  bytes.writeUInt8(POSITIONS_VERSION, 0);
  values.forEach((value, i) => {
    bytes.writeDoubleBE(value, 1 + 8 * i);
  });
  const body = 1 + 8 * values.length;
  mac(key, scope, bytes.subarray(0, body)).copy(bytes, body);
  return bytes.toString('base64url');
}

/** The `count` numbers a cursor of `signPositions` names, or a 400 `invalid_cursor`. */
export function readPositions(key: Uint8Array, scope: string, cursor: string, count: number): number[] {
  const bytes = Buffer.from(cursor, 'base64url');
  const body = 1 + 8 * count;
  if (
    bytes.length !== body + MAC_BYTES ||
    bytes.readUInt8(0) !== POSITIONS_VERSION ||
    bytes.toString('base64url') !== cursor
  ) {
    throw invalidCursor();
  }
  if (!timingSafeEqual(mac(key, scope, bytes.subarray(0, body)), bytes.subarray(body))) throw invalidCursor();
  const values = Array.from({ length: count }, (_, i) => bytes.readDoubleBE(1 + 8 * i));
  if (!values.every(Number.isFinite)) throw invalidCursor();
  return values;
}

/** A `seq` as the database hands it back (a number on SQLite, a string or bigint on PostgreSQL). */
export function positionOf(seq: number | string | bigint): Position {
  return BigInt(seq);
}

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The key that signs cursors, read once per process from the database every instance shares. */
export function cursorKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serviceKey(db.q, 'paging-cursor');
    // A failed read (the database was away) is not kept: the next request reads again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** A list as answered: its rows, and the cursor of the next page when it was paged and more follow. */
export interface Listed<T> {
  readonly rows: T[];
  readonly next: string | null;
}

/**
 * Reads a list whole (no `limit`, as the interface gives it) or one page of
 * it: checks the cursor against the list's scope, reads the page and signs
 * the cursor of the next.
 */
export async function readList<T>(
  db: Db,
  scope: string,
  paging: { readonly limit?: number | undefined; readonly cursor?: string | undefined },
  read: { whole: () => Promise<T[]>; page: (request: PageRequest) => Promise<Page<T>> },
): Promise<Listed<T>> {
  if (paging.limit === undefined) return { rows: await read.whole(), next: null };
  const key = await cursorKey(db);
  const after = paging.cursor === undefined ? null : readCursor(key, scope, paging.cursor);
  const page = await read.page({ limit: paging.limit, after });
  return { rows: page.rows, next: page.next === null ? null : signCursor(key, scope, page.next) };
}

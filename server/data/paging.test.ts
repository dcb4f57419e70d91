import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { listScope, readCursor, signCursor, toPage } from './paging.ts';

const key = randomBytes(32);
const scope = listScope('comments', 'usr-1', { studentId: 'stu-1' });

function refusal(read: () => unknown): HttpError {
  try {
    read();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('the cursor was accepted');
}

describe('a cursor', () => {
  it('names the position it was issued for, for the same list, caller and filters', () => {
    expect(readCursor(key, scope, signCursor(key, scope, 123_456_789n))).toBe(123_456_789n);
    // The same filters named in another order, a category list in another order: the same scope.
    expect(listScope('notes', 'u', { category: ['user', 'lesson'], studentId: 's' })).toBe(
      listScope('notes', 'u', { studentId: 's', category: ['lesson', 'user', 'lesson'], lessonId: undefined }),
    );
  });

  it('is refused with 400 invalid_cursor when altered, made up, or used elsewhere', () => {
    const cursor = signCursor(key, scope, 42n);
    const bytes = Buffer.from(cursor, 'base64url');
    bytes.writeBigInt64BE(41n, 1);
    const moved = bytes.toString('base64url');
    for (const [what, presented, inScope, withKey] of [
      ['another position under the old signature', moved, scope, key],
      ['made up', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', scope, key],
      ['cut short', cursor.slice(0, -2), scope, key],
      ['other filters', cursor, listScope('comments', 'usr-1', { studentId: 'stu-2' }), key],
      ['no filters', cursor, listScope('comments', 'usr-1', {}), key],
      ['another caller', cursor, listScope('comments', 'usr-2', { studentId: 'stu-1' }), key],
      ['another list', cursor, listScope('notes', 'usr-1', { studentId: 'stu-1' }), key],
      ['another key (another service)', cursor, scope, randomBytes(32)],
    ] as const) {
      const error = refusal(() => readCursor(withKey, inScope, presented));
      expect(error.status, what).toBe(400);
      expect(error.toBody().error.code, what).toBe('invalid_cursor');
      expect(error.toBody().error.issues?.[0]?.path, what).toBe('query.cursor');
    }
  });
});

describe('a page', () => {
  const rows = [9, 8, 7, 6, 5].map((seq) => ({ seq: BigInt(seq) }));
  it('holds `limit` rows and the position of its last when more follow', () => {
    expect(toPage(rows, 3, (row) => row.seq)).toEqual({ rows: rows.slice(0, 3), next: 7n });
    expect(toPage(rows, 5, (row) => row.seq)).toEqual({ rows, next: null });
  });
});

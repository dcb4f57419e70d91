/**
 * The paging extension over real HTTP, on the comment list and the note
 * list: `limit` pages, the next page named in `Link`, every row once in the
 * unpaged order even while rows are added, and a forged or stale cursor
 * refused with 400. A cursor holds on another instance on the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema } from '../../contract/comments.ts';
import { errorBodySchema } from '../../contract/common.ts';
import { noteListSchema } from '../../contract/notes.ts';
import { testEngine } from '../../testkit/engine.ts';
import { loadWorld, type World } from '../../testkit/fixtures.ts';
import { call, startService, type TestService } from '../../testkit/harness.ts';
import { openDatabase } from './database.ts';

let dir: string | undefined;
let service: TestService;
let world: World;

beforeAll(async () => {
  // On SQLite a file, so a second instance can open the same database (PostgreSQL has its URL).
  dir = testEngine === 'sqlite' ? mkdtempSync(join(tmpdir(), 'paging-')) : undefined;
  service = await startService(dir ? { database: join(dir, 'platform.sqlite') } : {});
  world = await loadWorld(service.url);
  // Enough comments and notes about one student to page through.
  for (let i = 0; i < 9; i++) await addRow('/edu/v1/student/comment', `Paging comment ${i}`);
  for (let i = 0; i < 11; i++) {
    const reply = await call(service.url, 'PUT', '/edu/v1/note', {
      token: world.trainer.token,
      body: {
        studentId: world.student.studentId,
        lessonId: world.klass.lessonIds[i % world.klass.lessonIds.length],
        text: `Paging note ${i}`,
      },
    });
    expect(reply.status).toBe(201);
  }
});
afterAll(async () => {
  await service.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const next = (headers: Headers): string | null => {
  const link = headers.get('link');
  if (link === null) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  if (!match?.[1]) throw new Error(`not a next link: ${link}`);
  return match[1];
};

interface Listing {
  readonly ids: string[];
  readonly pages: number[];
}

/** Follows `next` from `first` to the last page; the ids in the order met and each page's size. */
async function follow(
  base: string,
  first: string,
  token: string,
  idsOf: (body: unknown) => string[],
  between?: (page: number) => Promise<void>,
): Promise<Listing> {
  const ids: string[] = [];
  const pages: number[] = [];
  let path: string | null = first;
  while (path !== null) {
    const reply = await call(base, 'GET', path, { token });
    expect(reply.status, path).toBe(200);
    const page = idsOf(reply.body);
    ids.push(...page);
    pages.push(page.length);
    path = next(reply.headers);
    if (pages.length > 100) throw new Error('the pages never end');
    await between?.(pages.length);
  }
  return { ids, pages };
}

const commentIds = (body: unknown) => commentListSchema.parse(body).map((c) => c.commentId);
const noteIds = (body: unknown) => noteListSchema.parse(body).map((n) => n.noteId);

async function whole(path: string, token: string, idsOf: (body: unknown) => string[]): Promise<string[]> {
  const reply = await call(service.url, 'GET', path, { token });
  expect(reply.status).toBe(200);
  // Without limit: the interface's whole array, and no next page.
  expect(reply.headers.get('link')).toBeNull();
  return idsOf(reply.body);
}

describe.each([
  { list: 'comments', path: '/edu/v1/student/comment', idsOf: commentIds },
  { list: 'notes', path: '/edu/v1/note/list', idsOf: noteIds },
])('paging the $list list', ({ path, idsOf }) => {
  const filtered = () => `${path}?studentId=${world.student.studentId}`;

  it('visits every row once, in the unpaged order, a page of `limit` at a time', async () => {
    const all = await whole(filtered(), world.trainer.token, idsOf);
    expect(all.length).toBeGreaterThan(8);
    const paged = await follow(service.url, `${filtered()}&limit=4`, world.trainer.token, idsOf);
    expect(paged.ids).toEqual(all);
    expect(paged.pages.slice(0, -1).every((size) => size === 4)).toBe(true);
    expect(paged.pages.length).toBe(Math.ceil(all.length / 4));
    // A limit as large as the list: one page, no link.
    const one = await follow(service.url, `${filtered()}&limit=1000`, world.trainer.token, idsOf);
    expect(one).toEqual({ ids: all, pages: [all.length] });
  });

  it('still visits every row that was there exactly once while rows are added', async () => {
    const before = await whole(filtered(), world.trainer.token, idsOf);
    const added: string[] = [];
    const paged = await follow(service.url, `${filtered()}&limit=3`, world.trainer.token, idsOf, async (page) => {
      if (page > 2) return;
      // Between pages, two new rows at the top of the list (newest first).
      for (let i = 0; i < 2; i++) added.push(await addRow(path, `Added while paging ${page}.${i}`));
    });
    expect(paged.ids).toEqual(before);
    expect(await whole(filtered(), world.trainer.token, idsOf)).toEqual([...added.reverse(), ...before]);
  });

  it('refuses a bad limit, and a cursor without limit, with 400 and the error body', async () => {
    for (const limit of ['0', '1001', '-1', '1.5', 'ten', '', '99999999999']) {
      const reply = await call(service.url, 'GET', `${filtered()}&limit=${limit}`, { token: world.trainer.token });
      expect(reply.status, limit).toBe(400);
      const { error } = errorBodySchema.parse(reply.body);
      expect(error.code, limit).toBe('invalid_input');
      expect(
        error.issues?.map((issue) => issue.path),
        limit,
      ).toContain('query.limit');
    }
    const first = await call(service.url, 'GET', `${filtered()}&limit=2`, { token: world.trainer.token });
    const cursor = new URLSearchParams(next(first.headers)?.split('?')[1]).get('cursor');
    const reply = await call(service.url, 'GET', `${filtered()}&cursor=${cursor}`, { token: world.trainer.token });
    expect(reply.status).toBe(400);
    expect(errorBodySchema.parse(reply.body).error.issues?.map((issue) => issue.path)).toContain('query.limit');
  });

  it('refuses a forged or altered cursor, one of other filters and one of another viewer, with 400 invalid_cursor', async () => {
    const first = await call(service.url, 'GET', `${filtered()}&limit=2`, { token: world.trainer.token });
    const link = next(first.headers);
    if (!link) throw new Error('the first page has no next');
    const cursor = new URLSearchParams(link.split('?')[1]).get('cursor') ?? '';
    const flipped = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    const refusals: [string, string, string][] = [
      ['made up', `${filtered()}&limit=2&cursor=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, world.trainer.token],
      ['altered', `${filtered()}&limit=2&cursor=${flipped}`, world.trainer.token],
      ['not a cursor at all', `${filtered()}&limit=2&cursor=${encodeURIComponent('../../etc')}`, world.trainer.token],
      ['other filters', `${path}?classId=${world.klass.classId}&limit=2&cursor=${cursor}`, world.trainer.token],
      ['no filters', `${path}?limit=2&cursor=${cursor}`, world.trainer.token],
      ['another viewer', link, world.otherTrainer.token],
    ];
    for (const [what, target, token] of refusals) {
      const reply = await call(service.url, 'GET', target, { token });
      expect(reply.status, what).toBe(400);
      const { error } = errorBodySchema.parse(reply.body);
      expect(
        error.issues?.map((issue) => issue.path),
        what,
      ).toContain('query.cursor');
      if (what !== 'not a cursor at all') expect(error.code, what).toBe('invalid_cursor');
    }
    // Another page size with the same cursor is the same list: accepted.
    const wider = await call(service.url, 'GET', `${filtered()}&limit=3&cursor=${cursor}`, {
      token: world.trainer.token,
    });
    expect(wider.status).toBe(200);
  });
});

describe('a cursor', () => {
  it('ties to the filters’ meaning, not their spelling: categories in another order are the same list', async () => {
    const filters = `studentId=${world.student.studentId}&category=lesson,course`;
    const first = await call(service.url, 'GET', `/edu/v1/note/list?${filters}&limit=2`, {
      token: world.trainer.token,
    });
    const cursor = new URLSearchParams(next(first.headers)?.split('?')[1]).get('cursor');
    const reordered = `studentId=${world.student.studentId}&category=course,lesson,course`;
    const reply = await call(service.url, 'GET', `/edu/v1/note/list?${reordered}&limit=2&cursor=${cursor}`, {
      token: world.trainer.token,
    });
    expect(reply.status).toBe(200);
    expect(noteIds(reply.body).some((id) => noteIds(first.body).includes(id))).toBe(false);
  });

  it('issued by one instance is followed on another instance on the same database', async () => {
    const db = await openDatabase(
      service.databaseUrl ? { url: service.databaseUrl, poolSize: 2 } : { file: join(dir ?? '', 'platform.sqlite') },
    );
    const other = await startService({ db });
    try {
      const path = `/edu/v1/student/comment?studentId=${world.student.studentId}`;
      const all = await whole(path, world.trainer.token, commentIds);
      const first = await call(service.url, 'GET', `${path}&limit=5`, { token: world.trainer.token });
      const link = next(first.headers);
      if (!link) throw new Error('the first page has no next');
      const rest = await follow(other.url, link, world.trainer.token, commentIds);
      expect([...commentIds(first.body), ...rest.ids]).toEqual(all);
    } finally {
      await other.close();
      await db.close();
    }
  });
});

/** Adds a row to the list at `path` about the world's student; its id. */
async function addRow(path: string, text: string): Promise<string> {
  if (path.startsWith('/edu/v1/note')) {
    const reply = await call<{ noteId: string }>(service.url, 'PUT', '/edu/v1/note', {
      token: world.trainer.token,
      body: { studentId: world.student.studentId, lessonId: world.klass.lessonIds[0], text },
    });
    expect(reply.status).toBe(201);
    return reply.body.noteId;
  }
  const reply = await call<{ commentId: string }>(service.url, 'POST', '/edu/v1/student/comment', {
    token: world.trainer.token,
    body: { studentId: world.student.studentId, classId: world.klass.classId, text },
  });
  expect(reply.status).toBe(201);
  return reply.body.commentId;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema, commentSchema } from '../../../contract/comments.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import { noteListSchema, noteSchema } from '../../../contract/notes.ts';
import { type SearchResult, searchResultListSchema } from '../../../contract/search.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { addCoTrainer, loadWorld, removeCoTrainer, spareTrainer, type World } from '../../../testkit/fixtures.ts';
import { call, type Reply, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
let notesService: TestService;
let world: World;
/** A second trainer of the world's class, whose entries the trainer reads but did not write. */
let coTrainer: { userId: string; token: string };

beforeAll(async () => {
  service = await startService();
  notesService = await startService({ db: service.db, bases: ['notes'] });
  world = await loadWorld(service.url);
  const spare = spareTrainer(world);
  await addCoTrainer(service, world.klass.classId, spare.userId);
  coTrainer = { userId: spare.userId, token: await signIn(service.url, spare.userId) };
});
afterAll(async () => {
  await notesService.close();
  await service.close();
});

const searchReply = (token: string, query: Record<string, string>) =>
  call(service.url, 'GET', `/edu/v1/search?${new URLSearchParams(query)}`, { token });

async function search(token: string, query: Record<string, string>): Promise<SearchResult[]> {
  const reply = await searchReply(token, query);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return searchResultListSchema.parse(reply.body);
}

/** Every result of a search, following the Link header page by page. */
async function searchAll(token: string, query: Record<string, string>): Promise<SearchResult[]> {
  const found: SearchResult[] = [];
  let path: string | null = `/edu/v1/search?${new URLSearchParams({ limit: '1000', ...query })}`;
  while (path) {
    const reply: Reply = await call(service.url, 'GET', path, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    found.push(...searchResultListSchema.parse(reply.body));
    path = /<([^>]+)>; rel="next"/.exec(reply.headers.get('link') ?? '')?.[1] ?? null;
  }
  return found;
}

const ids = (results: readonly SearchResult[]) => results.map((r) => r.id);
const marked = (result: SearchResult | undefined) =>
  (result?.matches ?? []).map((m) => result?.text.slice(m.start, m.end));

const comment = async (token: string, text: string, extra: Record<string, string> = {}) => {
  const reply = await call(service.url, 'POST', '/edu/v1/student/comment', {
    token,
    body: { studentId: world.student.studentId, classId: world.klass.classId, text, ...extra },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return commentSchema.parse(reply.body);
};
const note = async (token: string, body: Record<string, string>) => {
  const reply = await call(notesService.url, 'PUT', '/edu/v1/note', { token, body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return noteSchema.parse(reply.body);
};

describe('matching', () => {
  /** The demo's trainer, who wrote the demo's entries with accents. */
  let demoTrainer: string;
  beforeAll(async () => {
    demoTrainer = await signIn(service.url, demoIds.users.trainer);
  });

  it('finds a word whatever its case and accents, and marks where it stands', async () => {
    const found = await search(demoTrainer, { q: 'TRES' });
    const unicode = found.find((r) => r.id === demoIds.comments.unicode);
    expect(unicode?.kind).toBe('comment');
    expect(marked(unicode)).toEqual(['Très']);
    const cafe = (await search(demoTrainer, { q: 'naive CAFÉ' })).find((r) => r.id === demoIds.comments.unicode);
    expect(marked(cafe)).toEqual(['naïve', 'café']);
  });

  it('finds notes too, and a word by its beginning only with a star', async () => {
    const zoe = await searchAll(demoTrainer, { q: 'zoe' });
    expect(ids(zoe)).toContain(demoIds.notes.unicode);
    expect(zoe.find((r) => r.id === demoIds.notes.unicode)?.kind).toBe('note');
    expect(ids(await searchAll(demoTrainer, { q: 'sen' }))).not.toContain(demoIds.notes.unicode);
    const prefix = (await searchAll(demoTrainer, { q: 'sen*' })).find((r) => r.id === demoIds.notes.unicode);
    expect(marked(prefix)).toEqual(['señor']);
  });

  it('needs every word', async () => {
    expect(ids(await search(demoTrainer, { q: 'naive cafe' }))).toContain(demoIds.comments.unicode);
    expect(ids(await search(demoTrainer, { q: 'naive zoe' }))).toEqual([]);
  });

  it('answers the result with its student, author, class and time', async () => {
    const written = await comment(world.trainer.token, 'Platypus drill went well', {
      lessonId: world.klass.lessonIds[0] ?? '',
    });
    const [result] = await search(world.trainer.token, { q: 'platypus' });
    expect(result).toEqual({
      kind: 'comment',
      id: written.commentId,
      student: written.student,
      studentId: world.student.studentId,
      classId: world.klass.classId,
      courseId: world.klass.courseId,
      lessonId: world.klass.lessonIds[0],
      author: written.author,
      createdAt: written.createdAt,
      text: 'Platypus drill went well',
      matches: [{ start: 0, end: 8 }],
    });
  });
});

describe('filters', () => {
  let mine: string;
  let theirs: string;
  let inLesson: string;
  let aNote: string;
  let otherStudent: string;

  beforeAll(async () => {
    mine = (await comment(world.trainer.token, 'Quokka mine')).commentId;
    theirs = (await comment(coTrainer.token, 'Quokka theirs')).commentId;
    inLesson = (await comment(world.trainer.token, 'Quokka lesson', { lessonId: world.klass.lessonIds[1] ?? '' }))
      .commentId;
    aNote = (
      await note(world.trainer.token, {
        text: 'Quokka note',
        studentId: world.student.studentId,
        lessonId: world.klass.lessonIds[0] ?? '',
      })
    ).noteId;
    // An entry in a second class of the trainer, about another student.
    await addCoTrainer(service, world.foreignClass.classId, world.trainer.userId);
    const reply = await call(service.url, 'POST', '/edu/v1/student/comment', {
      token: world.trainer.token,
      body: { studentId: world.foreignClass.studentId, classId: world.foreignClass.classId, text: 'Quokka elsewhere' },
    });
    otherStudent = commentSchema.parse(reply.body).commentId;
  });

  const quokka = async (filters: Record<string, string>) =>
    ids(await searchAll(world.trainer.token, { q: 'quokka', ...filters })).sort();

  it('without filters finds all of them, and the co-trainer finds those of the shared class', async () => {
    expect(await quokka({})).toEqual([mine, theirs, inLesson, aNote, otherStudent].sort());
    expect(ids(await searchAll(coTrainer.token, { q: 'quokka' })).sort()).toEqual(
      [mine, theirs, inLesson, aNote].sort(),
    );
  });

  it('narrows by kind, author, class, course, lesson, enrollment and person', async () => {
    expect(await quokka({ kind: 'note' })).toEqual([aNote]);
    expect(await quokka({ kind: 'comment' })).toEqual([mine, theirs, inLesson, otherStudent].sort());
    expect(await quokka({ author: 'me' })).toEqual([mine, inLesson, aNote, otherStudent].sort());
    expect(await quokka({ author: 'others' })).toEqual([theirs]);
    expect(await quokka({ classId: world.klass.classId })).toEqual([mine, theirs, inLesson, aNote].sort());
    const sameCourse = world.foreignClass.courseId === world.klass.courseId ? [otherStudent] : [];
    expect(await quokka({ courseId: world.klass.courseId })).toEqual(
      [mine, theirs, inLesson, aNote, ...sameCourse].sort(),
    );
    expect(await quokka({ classId: world.foreignClass.classId })).toEqual([otherStudent]);
    expect(await quokka({ lessonId: world.klass.lessonIds[1] ?? '' })).toEqual([inLesson]);
    expect(await quokka({ studentId: world.student.studentId })).toEqual([mine, theirs, inLesson, aNote].sort());
    expect(await quokka({ userId: world.student.userId })).toEqual([mine, theirs, inLesson, aNote].sort());
    expect(await quokka({ kind: 'comment', author: 'me', lessonId: world.klass.lessonIds[1] ?? '' })).toEqual([
      inLesson,
    ]);
  });

  it('narrows by the day written, both ends included', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await quokka({ from: today, to: today })).toHaveLength(5);
    expect(await quokka({ to: yesterday })).toEqual([]);
    // The demo's entries are older: a range before today finds them and none of today's.
    const old = ids(await searchAll(world.trainer.token, { q: 'safety', to: yesterday }));
    expect(old.length).toBeGreaterThan(0);
    expect(ids(await searchAll(world.trainer.token, { q: 'safety', from: today }))).toEqual([]);
  });

  it('without words finds what the filters alone name, newest first, with nothing marked', async () => {
    const about = await searchAll(world.trainer.token, { studentId: world.student.studentId, author: 'me' });
    const found = ids(about);
    expect(found).toEqual(expect.arrayContaining([mine, inLesson, aNote]));
    expect(found).not.toContain(theirs);
    expect(found).not.toContain(otherStudent);
    expect(
      about.every((r) => r.student.userId === world.student.userId && r.author.userId === world.trainer.userId),
    ).toBe(true);
    const times = about.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(about.every((r) => r.matches.length === 0)).toBe(true);
    const lesson = ids(
      await searchAll(world.trainer.token, { lessonId: world.klass.lessonIds[1] ?? '', kind: 'comment' }),
    );
    expect(lesson).toContain(inLesson);
    expect(lesson).not.toContain(mine);
  });

  it('finds nothing for ids that name nothing, as the lists do', async () => {
    expect(await quokka({ classId: 'cls-unknown' })).toEqual([]);
    expect(await quokka({ userId: 'usr-unknown' })).toEqual([]);
    expect(await quokka({ lessonId: 'les-unknown' })).toEqual([]);
  });
});

describe('order and paging', () => {
  it.each(['relevance', 'newest'])('pages by %s return every result once, in the order of one page', async (order) => {
    const whole = await search(world.trainer.token, { q: 'the', order, limit: '1000' });
    expect(whole.length).toBeGreaterThan(5);
    const paged = await searchAll(world.trainer.token, { q: 'the', order, limit: '2' });
    expect(ids(paged)).toEqual(ids(whole));
    if (order === 'newest') {
      const times = whole.map((r) => r.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    }
  });

  it('puts the entry with the word more often first by relevance', async () => {
    const once = await comment(world.trainer.token, 'Wallaby seen once among many other words in a long sentence here');
    const twice = await comment(world.trainer.token, 'Wallaby wallaby');
    await comment(world.trainer.token, 'Wallaby third, written last, with a few other words');
    const found = await search(world.trainer.token, { q: 'wallaby' });
    expect(found[0]?.id).toBe(twice.commentId);
    expect(ids(found)).toContain(once.commentId);
    const newest = await search(world.trainer.token, { q: 'wallaby', order: 'newest' });
    expect(newest.map((r) => r.text.split(' ')[1])).toEqual(['third,', 'wallaby', 'seen']);
  });

  it('answers 20 results without limit, and names the next page; the same page asked again names it too', async () => {
    const first = await searchReply(world.trainer.token, { q: 'the' });
    expect(searchResultListSchema.parse(first.body)).toHaveLength(20);
    const link = first.headers.get('link');
    expect(link).toMatch(/rel="next"/);
    const again = await searchReply(world.trainer.token, { q: 'the' });
    expect(again.headers.get('link')).toBe(link);
    expect(again.body).toEqual(first.body);
  });

  it('refuses a cursor of another search', async () => {
    const first = await searchReply(world.trainer.token, { q: 'the', limit: '2' });
    const cursor = new URL(`http://x${/<([^>]+)>/.exec(first.headers.get('link') ?? '')?.[1]}`).searchParams.get(
      'cursor',
    );
    const reply = await searchReply(world.trainer.token, { q: 'safety', limit: '2', cursor: cursor ?? '' });
    expect(reply.status).toBe(400);
    expect(errorBodySchema.parse(reply.body).error.code).toBe('invalid_cursor');
  });
});

describe('current at the next request', () => {
  it('finds a comment at the next search after it is written', async () => {
    expect(await search(world.trainer.token, { q: 'numbat' })).toEqual([]);
    const written = await comment(world.trainer.token, 'Numbat count correct');
    expect(ids(await search(world.trainer.token, { q: 'numbat' }))).toEqual([written.commentId]);
  });

  it('no longer finds a deleted note', async () => {
    const written = await note(world.trainer.token, {
      text: 'Wombat remark',
      studentId: world.student.studentId,
      lessonId: world.klass.lessonIds[0] ?? '',
    });
    expect(ids(await search(world.trainer.token, { q: 'wombat' }))).toEqual([written.noteId]);
    const removed = await call(notesService.url, 'POST', '/edu/v1/note/remove', {
      token: world.trainer.token,
      body: { noteId: written.noteId },
    });
    expect(removed.status).toBe(200);
    expect(await search(world.trainer.token, { q: 'wombat' })).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['an empty q', { q: '   ' }, 'query.q'],
    ['q of punctuation only', { q: '?!*' }, 'query.q'],
    ['q too long', { q: 'a'.repeat(201) }, 'query.q'],
    ['an unknown kind', { q: 'the', kind: 'badge' }, 'query.kind'],
    ['an unknown author', { q: 'the', author: 'anyone' }, 'query.author'],
    ['an unknown order', { q: 'the', order: 'oldest' }, 'query.order'],
    ['relevance without words', { studentId: 'stu-1', order: 'relevance' }, 'query.order'],
    ['a date that is none', { q: 'the', from: '2026-13-01' }, 'query.from'],
    ['from after to', { q: 'the', from: '2026-02-02', to: '2026-02-01' }, 'query.from'],
    ['a cursor without limit', { q: 'the', cursor: 'abc' }, 'query.limit'],
    ['an unknown parameter', { q: 'the', colour: 'red' }, 'query.colour'],
  ])('answers 400 for %s', async (_, query, path) => {
    const reply = await searchReply(world.trainer.token, query);
    expect(reply.status).toBe(400);
    const body = errorBodySchema.parse(reply.body);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.issues?.map((i) => i.path)).toContain(path);
  });

  it('answers 400 for a cursor it did not issue, 401 without a token', async () => {
    const reply = await searchReply(world.trainer.token, { q: 'the', limit: '2', cursor: 'AAAAAAAAAAAAAAAA' });
    expect(reply.status).toBe(400);
    expect(errorBodySchema.parse(reply.body).error.code).toBe('invalid_cursor');
    const anonymous = await call(service.url, 'GET', '/edu/v1/search?q=the');
    expect(anonymous.status).toBe(401);
    errorBodySchema.parse(anonymous.body);
  });
});

/** The words of a text, folded as search folds them (lower case, accents off). */
const wordsOf = (text: string) =>
  new Set(
    (
      text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? []
    ).map((w) => w),
  );

describe('the read rule of the lists', () => {
  const people = Object.entries(demoIds.users);
  const words = ['safety', 'checklist', 'the', 'lab', 'student', 'tres', 'uber', 'drill'];

  it.each(people)('finds for %s exactly the readable entries holding the word', async (_, userId) => {
    const token = await signIn(service.url, userId);
    const comments = commentListSchema.parse(
      (await call(service.url, 'GET', '/edu/v1/student/comment', { token })).body,
    );
    const notes = noteListSchema.parse((await call(notesService.url, 'GET', '/edu/v1/note/list', { token })).body);
    const readable = [
      ...comments.map((c) => ({ id: c.commentId, text: c.text })),
      ...notes.map((n) => ({ id: n.noteId, text: n.text })),
    ];
    for (const word of words) {
      const expected = readable
        .filter((entry) => wordsOf(entry.text).has(word))
        .map((entry) => entry.id)
        .sort();
      const found = ids(await searchAll(token, { q: word })).sort();
      expect(found, `${userId} searching "${word}"`).toEqual(expected);
    }
  });

  it.each(people)('finds for %s without words every readable entry, newest first', async (_, userId) => {
    const token = await signIn(service.url, userId);
    const comments = commentListSchema.parse(
      (await call(service.url, 'GET', '/edu/v1/student/comment', { token })).body,
    );
    const notes = noteListSchema.parse((await call(notesService.url, 'GET', '/edu/v1/note/list', { token })).body);
    const readable = [...comments.map((c) => c.commentId), ...notes.map((n) => n.noteId)].sort();
    const all = await searchAll(token, {});
    expect(ids(all).sort()).toEqual(readable);
    const times = all.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it.each(['relevance', 'newest'])(
    'finds by %s what its author wrote in a class they no longer train, and the class’s trainer finds it too',
    async (order) => {
      const word = `quokka${order}`;
      // The co-trainer writes while they train the class, then is taken off it (and put back afterwards).
      const token = coTrainer.token;
      const theirs = await comment(token, `${word} spotted near the hangar`);
      const trainers = await comment(world.trainer.token, `${word} seen by the class's trainer`);
      expect(ids(await search(token, { q: word, order })).sort()).toEqual(
        [theirs.commentId, trainers.commentId].sort(),
      );
      await removeCoTrainer(service, world.klass.classId, coTrainer.userId);
      try {
        // Theirs through their authorship alone; the trainer's no longer.
        expect(ids(await search(token, { q: word, order }))).toEqual([theirs.commentId]);
        expect(ids(await search(world.trainer.token, { q: word, order })).sort()).toEqual(
          [theirs.commentId, trainers.commentId].sort(),
        );
      } finally {
        await addCoTrainer(service, world.klass.classId, coTrainer.userId);
      }
    },
  );

  it('is tried on people who read something and people who read nothing', async () => {
    const counts = await Promise.all(
      people.map(async ([, userId]) => {
        const token = await signIn(service.url, userId);
        return (await searchAll(token, { q: 'the' })).length;
      }),
    );
    expect(counts.some((n) => n > 0)).toBe(true);
    expect(counts.some((n) => n === 0)).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { commentSchema } from '../../../contract/comments.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import { noteListSchema, noteSchema } from '../../../contract/notes.ts';
import { rosterSchema } from '../../../contract/roster.ts';
import { friendListSchema } from '../../../contract/users.ts';
import { addCoTrainer, loadWorld, spareTrainer, type World } from '../../../testkit/fixtures.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
let notesService: TestService;
let world: World;
/** A session of the trainer through an app without the training scope: may write course and user notes. */
let plainToken: string;

beforeAll(async () => {
  service = await startService();
  // The notes' own base address: a second listener on the same database.
  notesService = await startService({ db: service.db, bases: ['notes'] });
  world = await loadWorld(service.url);
  plainToken = await signIn(service.url, world.trainer.userId, 'sandbox-no-training');
});
afterAll(async () => {
  await notesService.close();
  await service.close();
});

/** An error body as a caller reads it, the id the caller sent masked and the per-request id left out. */
const masked = (body: unknown, id: string) => {
  const { requestId: _requestId, ...error } = errorBodySchema.parse(body).error;
  return JSON.stringify(error).replaceAll(id, '<id>');
};
const put = (token: string, body: unknown) => call(notesService.url, 'PUT', '/edu/v1/note', { token, body });
const get = (token: string, noteId: string) =>
  call(notesService.url, 'GET', `/edu/v1/note?noteId=${encodeURIComponent(noteId)}`, { token });
const list = (token: string, query = '') => call(notesService.url, 'GET', `/edu/v1/note/list${query}`, { token });
const remove = (token: string, noteId: string) =>
  call(notesService.url, 'POST', '/edu/v1/note/remove', { token, body: { noteId } });

describe('the notes base address', () => {
  it('serves notes and nothing else', async () => {
    const notes = await list(world.trainer.token);
    expect(notes.status).toBe(200);
    const comments = await call(notesService.url, 'GET', '/edu/v1/student/comment', { token: world.trainer.token });
    expect(comments.status).toBe(404);
  });
});

describe('no cache keeps a note', () => {
  it('every note answer is Cache-Control: no-store: list, read, create and remove', async () => {
    const created = await put(world.trainer.token, {
      text: 'Private to the trainers of the class',
      studentId: world.student.studentId,
      lessonId: world.klass.lessonIds[0],
    });
    const { noteId } = noteSchema.parse(created.body);
    const replies = {
      create: created,
      list: await list(world.trainer.token),
      read: await get(world.trainer.token, noteId),
      remove: await remove(world.trainer.token, noteId),
    };
    for (const [what, reply] of Object.entries(replies)) {
      expect(reply.status, what).toBeLessThan(300);
      expect(reply.headers.get('cache-control'), what).toBe('no-store');
    }
  });
});

describe('creating a note adds the metadata the service can derive', () => {
  it('a lesson note: the student gives user, class and course', async () => {
    const lessonId = world.klass.lessonIds[0] as string;
    const reply = await put(world.trainer.token, {
      text: 'Needs work on radio calls',
      studentId: world.student.studentId,
      lessonId,
    });
    expect(reply.status).toBe(201);
    const note = noteSchema.parse(reply.body);
    expect(note).toMatchObject({
      text: 'Needs work on radio calls',
      studentId: world.student.studentId,
      lessonId,
      userId: world.student.userId,
      classId: world.klass.classId,
      courseId: world.klass.courseId,
    });
    expect(noteSchema.parse((await get(world.trainer.token, note.noteId)).body)).toEqual(note);
  });

  it('a course note: a student across a course has no lesson', async () => {
    const reply = await put(plainToken, { text: 'Course-wide remark', studentId: world.student.studentId });
    expect(reply.status).toBe(201);
    const note = noteSchema.parse(reply.body);
    expect(note.lessonId).toBeNull();
    expect(note.courseId).toBe(world.klass.courseId);
    expect(note.classId).toBe(world.klass.classId);
  });

  it('a user note: only the user is set', async () => {
    const reply = await put(plainToken, { text: 'Met at the range', userId: world.student.userId });
    expect(reply.status).toBe(201);
    expect(noteSchema.parse(reply.body)).toMatchObject({
      userId: world.student.userId,
      classId: null,
      studentId: null,
      courseId: null,
      lessonId: null,
    });
  });

  it('requires student and lesson from the training dashboard', async () => {
    const reply = await put(world.trainer.token, { text: 'No lesson', studentId: world.student.studentId });
    expect(reply.status).toBe(400);
    const { error } = errorBodySchema.parse(reply.body);
    expect(error.issues?.map((i) => i.path)).toEqual(['body.lessonId']);
  });

  it('refuses ids that disagree with what the service derives', async () => {
    const reply = await put(world.trainer.token, {
      text: 'Mismatch',
      studentId: world.student.studentId,
      lessonId: world.klass.lessonIds[0],
      classId: world.foreignClass.classId,
    });
    expect(reply.status).toBe(400);
    expect(errorBodySchema.parse(reply.body).error.issues?.[0]?.path).toBe('body.classId');
  });

  it('treats a student of a class the author does not teach as unknown, revealing nothing about them', async () => {
    const reply = await put(world.trainer.token, {
      text: 'Not mine',
      studentId: world.foreignClass.studentId,
      lessonId: world.foreignClass.lessonIds[0],
      userId: 'usr-guess',
    });
    expect(reply.status).toBe(404);
    expect(JSON.stringify(reply.body)).not.toContain('usr-');
  });

  it('answers a non-trainer’s student note exactly as one about a student who does not exist (404)', async () => {
    // A student of the class, writing about a classmate through an app without the training scope.
    const classmate = world.users
      .flatMap((u) => u.enrollments.map((e) => ({ ...e, userId: u.userId })))
      .find((e) => e.classId === world.klass.classId && e.userId !== world.student.userId);
    if (!classmate) throw new Error('no classmate');
    const studentToken = await signIn(service.url, world.student.userId, 'sandbox-no-training');
    const real = await put(studentToken, { text: 'About a classmate', studentId: classmate.studentId });
    const unknown = await put(studentToken, { text: 'About a classmate', studentId: 'stu-does-not-exist' });
    expect(real.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(masked(real.body, classmate.studentId)).toBe(masked(unknown.body, 'stu-does-not-exist'));
  });

  it('answers a user note about someone the author may not see exactly as one about nobody (404)', async () => {
    // Someone who is neither the trainer's student, co-trainer, trainer nor friend.
    const roster = rosterSchema.parse(
      (await call(service.url, 'GET', '/edu/v1/trainer/roster', { token: world.trainer.token })).body,
    );
    const friends = friendListSchema.parse(
      (await call(service.url, 'GET', '/user/v1/my/friends', { token: world.trainer.token })).body,
    );
    const known = new Set([
      world.trainer.userId,
      ...roster.classes.flatMap((c) => c.students.map((st) => st.userId)),
      ...friends.map((f) => f.userId),
    ]);
    const stranger = world.users.find(
      (u) => !known.has(u.userId) && u.enrollments.some((e) => e.classId === world.foreignClass.classId),
    );
    if (!stranger) throw new Error('no stranger');
    const hidden = await put(plainToken, { text: 'Who is this?', userId: stranger.userId });
    const nobody = await put(plainToken, { text: 'Who is this?', userId: 'usr-does-not-exist' });
    expect(hidden.status).toBe(404);
    expect(nobody.status).toBe(404);
    expect(masked(hidden.body, stranger.userId)).toBe(masked(nobody.body, 'usr-does-not-exist'));
    // Someone the author may see is written about: their own student, a friend, themselves.
    for (const userId of [world.student.userId, friends[0]?.userId ?? '', world.trainer.userId]) {
      expect((await put(plainToken, { text: 'A remark', userId })).status, userId).toBe(201);
    }
  });

  it('refuses a lesson of another course than the student’s, naming the lesson', async () => {
    expect(world.foreignClass.courseId).not.toBe(world.klass.courseId);
    const reply = await put(world.trainer.token, {
      text: 'Wrong lesson',
      studentId: world.student.studentId,
      lessonId: world.foreignClass.lessonIds[0],
    });
    expect(reply.status).toBe(400);
    const { error } = errorBodySchema.parse(reply.body);
    expect(error.issues?.map((i) => i.path)).toEqual(['body.lessonId']);
    expect(error.issues?.[0]?.message).toContain(world.klass.courseId);
  });

  it('answers 404 for unknown ids and 400 for a blank text', async () => {
    expect((await put(world.trainer.token, { text: 'x', studentId: 'stu-none', lessonId: 'les-none' })).status).toBe(
      404,
    );
    expect((await put(plainToken, { text: 'x', userId: 'usr-none' })).status).toBe(404);
    const blank = await put(world.trainer.token, {
      text: ' ',
      studentId: world.student.studentId,
      lessonId: world.klass.lessonIds[0],
    });
    expect(blank.status).toBe(400);
    expect(errorBodySchema.parse(blank.body).error.issues?.[0]?.path).toBe('body.text');
  });
});

describe('listing, reading and deleting', () => {
  it('filters by each parameter on its own, on notes it must leave out', async () => {
    // A trainer of two classes (two courses), one person they teach in both, and a classmate of theirs.
    const teacher = world.users.find((u) => new Set(u.teaches.map((t) => t.courseId)).size >= 2);
    if (!teacher) throw new Error('no trainer of two courses');
    const token = await signIn(service.url, teacher.userId);
    const plain = await signIn(service.url, teacher.userId, 'sandbox-no-training');
    const roster = rosterSchema.parse((await call(service.url, 'GET', '/edu/v1/trainer/roster', { token })).body);
    const enrollments = roster.classes.flatMap((c) =>
      c.students.map((st) => ({
        ...st,
        classId: c.classId,
        courseId: c.courseId,
        lessonIds: c.lessons.map((l) => l.lessonId),
      })),
    );
    const twice = enrollments.find(
      (e) => e.lessonIds.length >= 2 && enrollments.some((o) => o.userId === e.userId && o.classId !== e.classId),
    );
    if (!twice) throw new Error('nobody in two of the trainer’s classes');
    const other = enrollments.find((o) => o.userId === twice.userId && o.classId !== twice.classId);
    const classmate = enrollments.find((o) => o.classId === twice.classId && o.userId !== twice.userId);
    if (!other?.lessonIds[0] || !classmate) throw new Error('no second class or classmate');
    const [lessonA, lessonB] = twice.lessonIds as [string, string];
    const made = async (token: string, body: Record<string, string>) =>
      noteSchema.parse((await put(token, { text: 'filter me', ...body })).body).noteId;
    const n = {
      lessonA: await made(token, { studentId: twice.studentId, lessonId: lessonA }),
      lessonB: await made(token, { studentId: twice.studentId, lessonId: lessonB }),
      classmateA: await made(token, { studentId: classmate.studentId, lessonId: lessonA }),
      otherClass: await made(token, { studentId: other.studentId, lessonId: other.lessonIds[0] }),
      course: await made(plain, { studentId: twice.studentId }),
      user: await made(plain, { userId: twice.userId }),
      classmateUser: await made(plain, { userId: classmate.userId }),
    };
    const everything = noteListSchema.parse((await list(token)).body).map((note) => note.noteId);
    expect(everything).toEqual(expect.arrayContaining(Object.values(n)));

    const cases: [string, (keyof typeof n)[], (keyof typeof n)[], (note: z.infer<typeof noteSchema>) => boolean][] = [
      [
        `studentId=${twice.studentId}`,
        ['lessonA', 'lessonB', 'course'],
        ['classmateA', 'otherClass', 'user'],
        (x) => x.studentId === twice.studentId,
      ],
      [
        `userId=${twice.userId}`,
        ['lessonA', 'lessonB', 'otherClass', 'course', 'user'],
        ['classmateA', 'classmateUser'],
        (x) => x.userId === twice.userId,
      ],
      [
        `classId=${twice.classId}`,
        ['lessonA', 'lessonB', 'classmateA', 'course'],
        ['otherClass', 'user'],
        (x) => x.classId === twice.classId,
      ],
      [
        `courseId=${other.courseId}`,
        ['otherClass'],
        ['lessonA', 'course', 'user'],
        (x) => x.courseId === other.courseId,
      ],
      [`lessonId=${lessonA}`, ['lessonA', 'classmateA'], ['lessonB', 'course', 'user'], (x) => x.lessonId === lessonA],
      ['category=lesson', ['lessonA', 'otherClass'], ['course', 'user'], (x) => x.lessonId !== null],
      ['category=course', ['course'], ['lessonA', 'user'], (x) => x.studentId !== null && x.lessonId === null],
      [
        'category=user',
        ['user', 'classmateUser'],
        ['lessonA', 'course'],
        (x) => x.studentId === null && x.classId === null,
      ],
      ['category=course,user', ['course', 'user'], ['lessonA', 'otherClass'], (x) => x.lessonId === null],
    ];
    for (const [query, kept, left, matches] of cases) {
      const reply = await list(token, `?${query}`);
      expect(reply.status, query).toBe(200);
      const notes = noteListSchema.parse(reply.body);
      const ids = notes.map((note) => note.noteId);
      expect(ids, query).toEqual(expect.arrayContaining(kept.map((k) => n[k])));
      for (const k of left) expect(ids, `${query} keeps ${k}`).not.toContain(n[k]);
      expect(notes.every(matches), query).toBe(true);
    }
    // Filters combine with AND.
    const both = noteListSchema.parse((await list(token, `?studentId=${twice.studentId}&lessonId=${lessonA}`)).body);
    expect(both.map((note) => note.noteId)).toContain(n.lessonA);
    expect(both.map((note) => note.noteId)).not.toContain(n.lessonB);
    expect(both.map((note) => note.noteId)).not.toContain(n.classmateA);

    const bad = await list(token, '?category=everything');
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).error.issues?.[0]?.path).toMatch(/^query\.category/);
  });

  it('lets a co-trainer of the class read a note another trainer wrote, but not delete it', async () => {
    const note = noteSchema.parse(
      (
        await put(world.trainer.token, {
          text: 'for the co-trainer',
          studentId: world.student.studentId,
          lessonId: world.klass.lessonIds[0],
        })
      ).body,
    );
    const co = spareTrainer(world);
    const coToken = await signIn(service.url, co.userId);
    expect((await get(coToken, note.noteId)).status).toBe(404);
    await addCoTrainer(service, world.klass.classId, co.userId);
    const read = await get(coToken, note.noteId);
    expect(read.status).toBe(200);
    expect(noteSchema.parse(read.body)).toEqual(note);
    // The co-trainer reads who wrote it: the one who may delete it.
    expect(noteSchema.parse(read.body).author?.userId).toBe(world.trainer.userId);
    expect(noteListSchema.parse((await list(coToken)).body).map((x) => x.noteId)).toContain(note.noteId);
    const refused = await remove(coToken, note.noteId);
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('forbidden');
    // Still there for its author.
    expect((await get(world.trainer.token, note.noteId)).status).toBe(200);
  });

  it('lets trainers of the class read a note but only its author delete it', async () => {
    const note = noteSchema.parse(
      (
        await put(world.trainer.token, {
          text: 'private',
          studentId: world.student.studentId,
          lessonId: world.klass.lessonIds[0],
        })
      ).body,
    );
    // Another trainer of no class of the note: cannot see it at all.
    expect((await get(world.otherTrainer.token, note.noteId)).status).toBe(404);
    expect(
      noteListSchema.parse((await list(world.otherTrainer.token)).body).some((n) => n.noteId === note.noteId),
    ).toBe(false);
    expect((await remove(world.otherTrainer.token, note.noteId)).status).toBe(404);
    // The student the note is about cannot read it either.
    const studentToken = await signIn(service.url, world.student.userId);
    expect((await get(studentToken, note.noteId)).status).toBe(404);

    const removed = await remove(world.trainer.token, note.noteId);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect((await get(world.trainer.token, note.noteId)).status).toBe(404);
    expect((await remove(world.trainer.token, note.noteId)).status).toBe(404);
  });

  it('keeps user notes private to their author', async () => {
    const note = noteSchema.parse((await put(plainToken, { text: 'mine only', userId: world.student.userId })).body);
    expect((await get(world.otherTrainer.token, note.noteId)).status).toBe(404);
  });

  it('needs a user token and a noteId', async () => {
    expect((await call(notesService.url, 'GET', '/edu/v1/note/list')).status).toBe(401);
    const missing = await call(notesService.url, 'GET', '/edu/v1/note', { token: world.trainer.token });
    expect(missing.status).toBe(400);
    expect(errorBodySchema.parse(missing.body).error.issues?.[0]?.path).toBe('query.noteId');
  });
});

describe('notes as the platform’s SDKs send them (DXNoteClient: lessondId, null for an id it does not have)', () => {
  const [lessonA, lessonB] = [() => world.klass.lessonIds[0] as string, () => world.klass.lessonIds[1] as string];

  it('creates a lesson note from lessondId and nulls, as from lessonId and absent ids', async () => {
    const reply = await put(world.trainer.token, {
      text: 'Sent as the SDK sends it',
      lessondId: lessonA(),
      userId: null,
      classId: null,
      studentId: world.student.studentId,
      courseId: null,
    });
    expect(reply.status).toBe(201);
    expect(noteSchema.parse(reply.body)).toMatchObject({
      lessonId: lessonA(),
      studentId: world.student.studentId,
      userId: world.student.userId,
      classId: world.klass.classId,
      courseId: world.klass.courseId,
    });
  });

  it('creates a user note whose other ids are null, and still needs a student or a user', async () => {
    const reply = await put(plainToken, {
      text: 'About a user, SDK-style',
      lessondId: null,
      lessonId: null,
      userId: world.student.userId,
      classId: null,
      studentId: null,
      courseId: null,
    });
    expect(reply.status).toBe(201);
    expect(noteSchema.parse(reply.body)).toMatchObject({
      userId: world.student.userId,
      studentId: null,
      lessonId: null,
    });

    const nobody = await put(plainToken, { text: 'About nobody', userId: null, studentId: null });
    expect(nobody.status).toBe(400);
    expect(errorBodySchema.parse(nobody.body).error.issues?.map((i) => i.path)).toEqual(['body.studentId']);
  });

  it('takes lessonId and lessondId together when they agree, and refuses two lessons at once', async () => {
    const base = { text: 'Two spellings', studentId: world.student.studentId };
    const same = await put(world.trainer.token, { ...base, lessonId: lessonA(), lessondId: lessonA() });
    expect(same.status).toBe(201);
    expect(noteSchema.parse(same.body).lessonId).toBe(lessonA());
    const two = await put(world.trainer.token, { ...base, lessonId: lessonA(), lessondId: lessonB() });
    expect(two.status).toBe(400);
    expect(errorBodySchema.parse(two.body).error.issues?.map((i) => i.path)).toEqual(['body.lessondId']);
  });

  it('lists by lessondId exactly as by lessonId, and refuses two different lessons', async () => {
    const made = async (lessonId: string) =>
      noteSchema.parse(
        (await put(world.trainer.token, { text: 'list me', studentId: world.student.studentId, lessonId })).body,
      ).noteId;
    const inA = await made(lessonA());
    const inB = await made(lessonB());
    const ids = async (query: string) => {
      const reply = await list(world.trainer.token, query);
      expect(reply.status, query).toBe(200);
      return noteListSchema.parse(reply.body);
    };
    const bySdk = await ids(`?lessondId=${lessonA()}`);
    expect(bySdk.map((note) => note.noteId)).toContain(inA);
    expect(bySdk.map((note) => note.noteId)).not.toContain(inB);
    expect(bySdk.every((note) => note.lessonId === lessonA())).toBe(true);
    expect(bySdk).toEqual(await ids(`?lessonId=${lessonA()}`));
    expect(bySdk).toEqual(await ids(`?lessonId=${lessonA()}&lessondId=${lessonA()}`));

    const two = await list(world.trainer.token, `?lessonId=${lessonA()}&lessondId=${lessonB()}`);
    expect(two.status).toBe(400);
    expect(errorBodySchema.parse(two.body).error.issues?.map((i) => i.path)).toEqual(['query.lessondId']);
  });
});

describe('when and by whom a note was written (extension)', () => {
  const interfaceFields = ['noteId', 'text', 'classId', 'userId', 'studentId', 'courseId', 'lessonId'];

  it('is on the created note, on a read of it and in the list: the time it was written and its writer', async () => {
    // The service keeps whole seconds: the window opens at the start of this second.
    const before = Math.floor(Date.now() / 1000) * 1000;
    const reply = await put(world.trainer.token, {
      text: 'Dated note',
      studentId: world.student.studentId,
      lessonId: world.klass.lessonIds[0],
    });
    const after = Date.now();
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body as object).sort()).toEqual([...interfaceFields, 'createdAt', 'author'].sort());
    const created = noteSchema.parse(reply.body);
    // The interface's userId is still the person the note is about, not its writer.
    expect(created.userId).toBe(world.student.userId);
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    const at = Date.parse(created.createdAt ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    // The writer as a comment names its author: the same user summary.
    const comment = await call(service.url, 'POST', '/edu/v1/student/comment', {
      token: world.trainer.token,
      body: { studentId: world.student.studentId, classId: world.klass.classId, text: 'By the same writer.' },
    });
    expect(created.author).toEqual(commentSchema.parse(comment.body).author);
    expect(created.author?.userId).toBe(world.trainer.userId);

    // Read later, it still says when it was written, not when it was read.
    service.advanceClock(5);
    expect(noteSchema.parse((await get(world.trainer.token, created.noteId)).body)).toEqual(created);
    const listed = noteListSchema
      .parse((await list(world.trainer.token, `?studentId=${world.student.studentId}`)).body)
      .find((n) => n.noteId === created.noteId);
    expect(listed).toEqual(created);
  });

  it('names the writer of a note about a user, written through an app without the training scope', async () => {
    const reply = await put(plainToken, { text: 'About a user, dated', userId: world.student.userId });
    expect(reply.status).toBe(201);
    const created = noteSchema.parse(reply.body);
    expect(created.author?.userId).toBe(world.trainer.userId);
    expect(created.userId).toBe(world.student.userId);
  });
});

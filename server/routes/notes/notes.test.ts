import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import { noteListSchema, noteSchema } from '../../../contract/notes.ts';
import { call, signIn, startService, type TestService } from '../../test/harness.ts';
import { loadWorld, type World } from '../../test/world.ts';

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
  it('lists by category and filters', async () => {
    const lessonId = world.klass.lessonIds[0] as string;
    await put(world.trainer.token, { text: 'lesson one', studentId: world.student.studentId, lessonId });
    const lessonNotes = noteListSchema.parse((await list(world.trainer.token, '?category=lesson')).body);
    expect(lessonNotes.length).toBeGreaterThan(0);
    expect(lessonNotes.every((n) => n.lessonId !== null && n.studentId !== null)).toBe(true);
    const userNotes = noteListSchema.parse((await list(world.trainer.token, '?category=user')).body);
    expect(userNotes.every((n) => n.studentId === null && n.classId === null)).toBe(true);
    const both = noteListSchema.parse((await list(world.trainer.token, '?category=lesson,course')).body);
    expect(both.every((n) => n.studentId !== null)).toBe(true);
    const byStudent = noteListSchema.parse(
      (await list(world.trainer.token, `?studentId=${world.student.studentId}`)).body,
    );
    expect(byStudent.every((n) => n.studentId === world.student.studentId)).toBe(true);
    const bad = await list(world.trainer.token, '?category=everything');
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).error.issues?.[0]?.path).toMatch(/^query\.category/);
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

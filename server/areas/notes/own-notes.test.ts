/**
 * What a person who trains no one may do with notes (docs/interface-decisions.md):
 * keep notes about themselves, through the training dashboard's app too,
 * which nobody else reads; never write about someone they do not train.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import { noteListSchema, noteSchema } from '../../../contract/notes.ts';
import { createAnonymousResponseSchema } from '../../../contract/users.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
let trainee: string;
let trainer: string;
const { users, apps, students, lessons } = demoIds;

beforeAll(async () => {
  service = await startService();
  trainee = await signIn(service.url, users.student);
  trainer = await signIn(service.url, users.trainer);
});
afterAll(() => service.close());

const put = (token: string, body: unknown) => call(service.url, 'PUT', '/edu/v1/note', { token, body });
const list = (token: string) => call(service.url, 'GET', '/edu/v1/note/list?category=lesson,course,user', { token });

describe('notes about yourself', () => {
  it('a trainee keeps them through the training dashboard: writes, lists, reads and deletes their own', async () => {
    const created = await put(trainee, { text: 'Revise subnetting before Friday', userId: users.student });
    expect(created.status).toBe(201);
    const note = noteSchema.parse(created.body);
    expect(note).toMatchObject({ userId: users.student, studentId: null, classId: null, lessonId: null });

    const mine = noteListSchema.parse((await list(trainee)).body);
    expect(mine.map((n) => n.noteId)).toEqual([note.noteId]);
    expect((await call(service.url, 'GET', `/edu/v1/note?noteId=${note.noteId}`, { token: trainee })).status).toBe(200);
    // The trainers of the trainee's classes do not read it.
    expect((await call(service.url, 'GET', `/edu/v1/note?noteId=${note.noteId}`, { token: trainer })).status).toBe(404);
    const removed = await call(service.url, 'POST', '/edu/v1/note/remove', {
      token: trainee,
      body: { noteId: note.noteId },
    });
    expect(removed.body).toEqual({ success: true });
  });

  it('an anonymous person keeps them too', async () => {
    const anonymous = createAnonymousResponseSchema.parse(
      (
        await call(service.url, 'PUT', '/user/v1/my/profile', {
          headers: { 'X-Client-Id': apps.training },
          body: {
            handle: '@anon-notes',
            userType: 'adult',
            accountType: 'Adult',
            country: 'US',
            profilePic: null,
            coverPhoto: null,
            userId: 'anon-notes',
            anonymous: true,
          },
        })
      ).body,
    );
    const created = await put(anonymous.session.token, { text: 'Trying it out', userId: anonymous.profile.userId });
    expect(created.status).toBe(201);
  });

  it('a trainer keeps them through the training dashboard, where notes about others need a student and a lesson', async () => {
    expect((await put(trainer, { text: 'Order new headsets', userId: users.trainer })).status).toBe(201);
    const aboutStudent = await put(trainer, { text: 'Needs a user note', userId: users.student });
    expect(aboutStudent.status).toBe(400);
    expect(errorBodySchema.parse(aboutStudent.body).error.issues?.map((i) => i.path)).toEqual([
      'body.studentId',
      'body.lessonId',
    ]);
  });
});

describe('notes about someone else', () => {
  it('need a student and a lesson through the training dashboard, which a trainee cannot name', async () => {
    const aboutClassmate = await put(trainee, { text: 'About a classmate', userId: users.studentNoPicture });
    expect(aboutClassmate.status).toBe(400);
    expect(errorBodySchema.parse(aboutClassmate.body).error.issues?.map((i) => i.path)).toEqual([
      'body.studentId',
      'body.lessonId',
    ]);
    const asStudent = await put(trainee, {
      text: 'About a classmate',
      studentId: students.noPictureCyber,
      lessonId: lessons.cyber[0],
    });
    expect(asStudent.status).toBe(404);
  });

  it('through another app: about someone they may see (a friend), never about anyone else', async () => {
    const plainTrainee = await signIn(service.url, users.student, apps.noTraining);
    // Sam Patel is the trainee's friend; Marcus Webb is neither friend nor trainer of theirs.
    expect((await put(plainTrainee, { text: 'Lend Sam the notes', userId: users.studentNoPicture })).status).toBe(201);
    const stranger = await put(plainTrainee, { text: 'Who is this', userId: users.trainer2 });
    expect(stranger.status).toBe(404);
    expect(errorBodySchema.parse(stranger.body).error.code).toBe('not_found');
  });
});

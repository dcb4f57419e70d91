/**
 * The audience extension is held to the rule the service enforces: for every
 * person of the sandbox, reading what was written succeeds exactly when the
 * audience named them beforehand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Audience, audienceSchema } from '../../../contract/audience.ts';
import { commentListSchema, commentSchema } from '../../../contract/comments.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import { noteSchema } from '../../../contract/notes.ts';
import { sandboxUserListSchema } from '../../../contract/sandbox.ts';
import { createAnonymousResponseSchema } from '../../../contract/users.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
/** A token of every sandbox person, through the training dashboard's app. */
const tokens = new Map<string, string>();
const { users, classes, students, lessons, apps } = demoIds;

beforeAll(async () => {
  service = await startService();
  const people = sandboxUserListSchema.parse((await call(service.url, 'GET', '/sandbox/v1/users')).body);
  for (const person of people) tokens.set(person.userId, await signIn(service.url, person.userId));
});
afterAll(() => service.close());

const token = (userId: string) => {
  const found = tokens.get(userId);
  if (!found) throw new Error(`no token for ${userId}`);
  return found;
};
const audience = (as: string, query: string) => call(service.url, 'GET', `/edu/v1/audience?${query}`, { token: as });
const named = (a: Audience) =>
  new Set([a.author.userId, ...(a.classTrainers?.trainers.map((trainer) => trainer.userId) ?? [])]);

/** Who among every sandbox person (plus `extra` tokens) can read it now. */
async function whoCanRead(read: (token: string) => Promise<boolean>, extra: Map<string, string> = new Map()) {
  const can = new Set<string>();
  for (const [userId, t] of [...tokens, ...extra]) if (await read(t)) can.add(userId);
  return can;
}
const canReadNote = (noteId: string) => async (t: string) =>
  (await call(service.url, 'GET', `/edu/v1/note?noteId=${noteId}`, { token: t })).status === 200;

describe('the audience of a comment', () => {
  it('names the author and the trainers of the class, and exactly they can read the comment once saved', async () => {
    const reply = await audience(token(users.trainer), `kind=comment&classId=${classes.cyberA}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const found = audienceSchema.parse(reply.body);
    expect(found.author.userId).toBe(users.trainer);
    expect(found.classTrainers?.classId).toBe(classes.cyberA);
    expect(found.classTrainers?.className).toBe('Cyber Systems Ops 26-A');
    expect(named(found)).toEqual(new Set([users.trainer, users.civilianTrainer]));

    const comment = commentSchema.parse(
      (
        await call(service.url, 'POST', '/edu/v1/student/comment', {
          token: token(users.trainer),
          body: { classId: classes.cyberA, studentId: students.studentCyber, text: 'Audience check' },
        })
      ).body,
    );
    const readers = await whoCanRead(async (t) => {
      const listed = await call(service.url, 'GET', `/edu/v1/student/comment?classId=${classes.cyberA}`, { token: t });
      return (
        listed.status === 200 && commentListSchema.parse(listed.body).some((c) => c.commentId === comment.commentId)
      );
    });
    expect(readers).toEqual(named(found));
  });

  it('is refused where adding the comment would be: another trainer’s class, a trainee, an app without the scope', async () => {
    // A class the caller does not train answers as one that does not exist, as the student list does.
    const unknown = await audience(token(users.trainer2), 'kind=comment&classId=cls-no-such-class');
    const foreign = await audience(token(users.trainer2), `kind=comment&classId=${classes.cyberA}`);
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    const codeOf = (body: unknown) => errorBodySchema.parse(body).error.code;
    expect(codeOf(foreign.body)).toBe('not_found');
    expect(codeOf(unknown.body)).toBe('not_found');
    const students = await call(service.url, 'GET', `/edu/v1/student/list?classId=${classes.cyberA}`, {
      token: token(users.trainer2),
    });
    expect(students.status).toBe(foreign.status);
    // Nothing about the class's trainers leaks in the refusal.
    expect(JSON.stringify(foreign.body)).not.toContain('Okafor');

    const trainee = await audience(token(users.student), `kind=comment&classId=${classes.cyberA}`);
    expect(trainee.status).toBe(404);

    const plain = await signIn(service.url, users.trainer, apps.noTraining);
    const noScope = await audience(plain, `kind=comment&classId=${classes.cyberA}`);
    expect(noScope.status).toBe(403);
    expect(errorBodySchema.parse(noScope.body).error.code).toBe('missing_scope');
  });

  it('checks the ids as adding does, naming the query parameters', async () => {
    const missingClass = await audience(token(users.trainer), 'kind=comment');
    expect(missingClass.status).toBe(400);
    expect(errorBodySchema.parse(missingClass.body).error.issues?.[0]?.path).toBe('query.classId');

    const otherClassStudent = await audience(
      token(users.trainer),
      `kind=comment&classId=${classes.cyberA}&studentId=${students.studentNetwork}`,
    );
    expect(otherClassStudent.status).toBe(400);
    expect(errorBodySchema.parse(otherClassStudent.body).error.issues?.[0]?.path).toBe('query.studentId');

    const wrongLesson = await audience(
      token(users.trainer),
      `kind=comment&classId=${classes.cyberA}&lessonId=${lessons.network[0]}`,
    );
    expect(wrongLesson.status).toBe(400);
    expect(errorBodySchema.parse(wrongLesson.body).error.issues?.[0]?.path).toBe('query.lessonId');

    // A student of a class the caller does not train is answered as an unknown one: 404, same words.
    const foreignStudent = await audience(
      token(users.trainer2),
      `kind=comment&classId=${classes.aircraftA}&studentId=${students.studentCyber}`,
    );
    const unknownStudent = await audience(
      token(users.trainer2),
      `kind=comment&classId=${classes.aircraftA}&studentId=stu-nobody`,
    );
    expect([foreignStudent.status, unknownStudent.status]).toEqual([404, 404]);
    expect(errorBodySchema.parse(foreignStudent.body).error.message).toBe(
      errorBodySchema.parse(unknownStudent.body).error.message.replace('stu-nobody', students.studentCyber),
    );
    const noKind = await audience(token(users.trainer), `classId=${classes.cyberA}`);
    expect(noKind.status).toBe(400);
    expect(errorBodySchema.parse(noKind.body).error.issues?.[0]?.path).toBe('query.kind');
  });
});

describe('the audience of a note', () => {
  it('for a lesson note: the author and the trainers of the student’s class, and exactly they read it', async () => {
    const query = `kind=note&studentId=${students.studentCyber}&lessonId=${lessons.cyber[2]}`;
    // Linda Chen, the other trainer of the class, asks: she is the author now.
    const found = audienceSchema.parse((await audience(token(users.civilianTrainer), query)).body);
    expect(found.author.userId).toBe(users.civilianTrainer);
    expect(found.classTrainers?.classId).toBe(classes.cyberA);
    expect(named(found)).toEqual(new Set([users.trainer, users.civilianTrainer]));

    const note = noteSchema.parse(
      (
        await call(service.url, 'PUT', '/edu/v1/note', {
          token: token(users.civilianTrainer),
          body: { text: 'Audience check', studentId: students.studentCyber, lessonId: lessons.cyber[2] },
        })
      ).body,
    );
    expect(await whoCanRead(canReadNote(note.noteId))).toEqual(named(found));
  });

  it('for a note about yourself: only you, whoever you are — a trainee, a trainer, an anonymous person', async () => {
    const anonymous = createAnonymousResponseSchema.parse(
      (
        await call(service.url, 'PUT', '/user/v1/my/profile', {
          headers: { 'X-Client-Id': apps.training },
          body: {
            handle: '@anon-audience',
            userType: 'adult',
            accountType: 'Adult',
            country: 'US',
            profilePic: null,
            coverPhoto: null,
            userId: 'anon-audience',
            anonymous: true,
          },
        })
      ).body,
    );
    const extra = new Map([[anonymous.profile.userId, anonymous.session.token]]);
    for (const [userId, t] of [
      [users.student, token(users.student)],
      [users.trainer, token(users.trainer)],
      [anonymous.profile.userId, anonymous.session.token],
    ] as const) {
      const found = audienceSchema.parse((await audience(t, `kind=note&userId=${userId}`)).body);
      expect(found.classTrainers).toBeNull();
      expect(named(found)).toEqual(new Set([userId]));
      const note = noteSchema.parse(
        (await call(service.url, 'PUT', '/edu/v1/note', { token: t, body: { text: 'My own note', userId } })).body,
      );
      expect(await whoCanRead(canReadNote(note.noteId), extra)).toEqual(named(found));
    }
  });

  it('is refused as creating would be: a student you do not train, someone else through the dashboard, no lesson', async () => {
    const foreign = await audience(
      token(users.trainer2),
      `kind=note&studentId=${students.studentCyber}&lessonId=${lessons.cyber[0]}`,
    );
    expect(foreign.status).toBe(404);

    // Through the training dashboard, a note about someone else needs a student and a lesson, as on create.
    const aboutOther = await audience(token(users.student), `kind=note&userId=${users.studentNoPicture}`);
    expect(aboutOther.status).toBe(400);
    expect(errorBodySchema.parse(aboutOther.body).error.issues?.map((issue) => issue.path)).toEqual([
      'query.studentId',
      'query.lessonId',
    ]);

    const noLesson = await audience(token(users.trainer), `kind=note&studentId=${students.studentCyber}`);
    expect(noLesson.status).toBe(400);
    expect(errorBodySchema.parse(noLesson.body).error.issues?.[0]?.path).toBe('query.lessonId');

    const nobody = await audience(token(users.trainer), 'kind=note');
    expect(nobody.status).toBe(400);
    expect(errorBodySchema.parse(nobody.body).error.issues?.[0]?.path).toBe('query.studentId');
  });

  it('needs a user token', async () => {
    const reply = await call(service.url, 'GET', `/edu/v1/audience?kind=note&userId=${users.student}`);
    expect(reply.status).toBe(401);
  });
});

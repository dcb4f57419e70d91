import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema, commentSchema } from '../../../contract/comments.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { addCoTrainer, loadWorld, spareTrainer, type World } from '../../../testkit/fixtures.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
let world: World;

beforeAll(async () => {
  service = await startService();
  world = await loadWorld(service.url);
});
afterAll(() => service.close());

const post = (token: string | undefined, body: unknown) =>
  call(service.url, 'POST', '/edu/v1/student/comment', { ...(token ? { token } : {}), body });
const list = (token: string, query = '') => call(service.url, 'GET', `/edu/v1/student/comment${query}`, { token });

describe('adding a comment', () => {
  it('returns the comment with the student, the author, the course of the class and the lesson', async () => {
    const lessonId = world.klass.lessonIds[0];
    const reply = await post(world.trainer.token, {
      studentId: world.student.studentId,
      classId: world.klass.classId,
      text: 'Strong pre-flight checklist today.',
      lessonId,
    });
    // Created: 201, as every create of the service.
    expect(reply.status).toBe(201);
    // Comments embed names and handles: profile data no cache may keep.
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const comment = commentSchema.parse(reply.body);
    expect(comment.text).toBe('Strong pre-flight checklist today.');
    expect(comment.student.userId).toBe(world.student.userId);
    expect(comment.author.userId).toBe(world.trainer.userId);
    expect(comment.class).toBe(world.klass.classId);
    expect(comment.course).toBe(world.klass.courseId);
    expect(comment.lesson).toBe(lessonId);
  });

  it('leaves the lesson empty when the comment is about no particular lesson', async () => {
    const reply = await post(world.trainer.token, {
      studentId: world.student.studentId,
      classId: world.klass.classId,
      text: 'General progress is steady.',
    });
    expect(reply.status).toBe(201);
    expect(commentSchema.parse(reply.body).lesson).toBe('');
  });

  it('stores SQL and script text verbatim and returns it unchanged', async () => {
    const text = `<script>alert("x")</script> Robert'); DROP TABLE comments;-- 🚀 naïve`;
    const reply = await post(world.trainer.token, {
      studentId: world.student.studentId,
      classId: world.klass.classId,
      text,
    });
    expect(reply.status).toBe(201);
    const { commentId } = commentSchema.parse(reply.body);
    const listed = commentListSchema.parse(
      (await list(world.trainer.token, `?studentId=${world.student.studentId}`)).body,
    );
    expect(listed.find((c) => c.commentId === commentId)?.text).toBe(text);
  });

  it('is refused to a trainer who does not teach the class exactly as for a class that does not exist', async () => {
    const answer = async (classId: string) => {
      const reply = await post(world.otherTrainer.token, {
        studentId: world.student.studentId,
        classId,
        text: 'Not my class.',
      });
      const { error } = errorBodySchema.parse(reply.body);
      return { status: reply.status, code: error.code, message: error.message.replace(classId, '<id>') };
    };
    const notMine = await answer(world.klass.classId);
    expect(notMine).toEqual({ status: 404, code: 'not_found', message: expect.any(String) });
    // No existence oracle: the same answer as an unknown class id, as the student list gives.
    expect(await answer('cls-no-such-class')).toEqual(notMine);
  });

  it('refuses a student of another class the trainer teaches, and a lesson of another course', async () => {
    // Dana trains both of Jordan's classes, so she may know he is enrolled in the other one.
    const wrongStudent = await post(await signIn(service.url, demoIds.users.trainer), {
      studentId: demoIds.students.studentNetwork,
      classId: demoIds.classes.cyberA,
      text: 'Wrong class',
    });
    expect(wrongStudent.status).toBe(400);
    expect(errorBodySchema.parse(wrongStudent.body).error.issues?.[0]?.path).toBe('body.studentId');

    // A lesson that exists, of another course than the class's.
    expect(world.foreignClass.courseId).not.toBe(world.klass.courseId);
    const foreignLesson = world.foreignClass.lessonIds[0];
    if (!foreignLesson || world.klass.lessonIds.includes(foreignLesson)) throw new Error('no lesson of another course');
    const wrongLesson = await post(world.trainer.token, {
      studentId: world.student.studentId,
      classId: world.klass.classId,
      text: 'Wrong lesson',
      lessonId: foreignLesson,
    });
    expect(wrongLesson.status).toBe(400);
    expect(errorBodySchema.parse(wrongLesson.body).error.issues?.map((i) => i.path)).toEqual(['body.lessonId']);
  });

  it('answers 404 for an unknown student, class or lesson', async () => {
    for (const body of [
      { studentId: 'stu-nobody', classId: world.klass.classId, text: 'x' },
      { studentId: world.student.studentId, classId: 'cls-nowhere', text: 'x' },
      { studentId: world.student.studentId, classId: world.klass.classId, text: 'x', lessonId: 'les-none' },
    ]) {
      const reply = await post(world.trainer.token, body);
      expect(reply.status).toBe(404);
      expect(errorBodySchema.parse(reply.body).error.code).toBe('not_found');
    }
  });

  it('answers a student of a class the trainer does not teach exactly as an unknown one', async () => {
    const foreign = await post(world.trainer.token, {
      studentId: world.foreignClass.studentId,
      classId: world.klass.classId,
      text: 'Whose student is this?',
    });
    const unknown = await post(world.trainer.token, {
      studentId: 'stu-nobody',
      classId: world.klass.classId,
      text: 'Whose student is this?',
    });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    const [seen, absent] = [foreign, unknown].map((reply) => errorBodySchema.parse(reply.body).error);
    expect({ ...seen, requestId: undefined }).toEqual({
      ...absent,
      requestId: undefined,
      message: absent?.message.replace('stu-nobody', world.foreignClass.studentId),
    });
  });

  it('names each missing or mistyped field', async () => {
    const reply = await post(world.trainer.token, { studentId: 7, text: '   ' });
    expect(reply.status).toBe(400);
    const paths = errorBodySchema.parse(reply.body).error.issues?.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['body.studentId', 'body.classId', 'body.text']));
  });
});

describe('reading comments', () => {
  it('restricts by student, class, course and lesson, newest first', async () => {
    const lessonId = world.klass.lessonIds[1] ?? world.klass.lessonIds[0];
    const first = commentSchema.parse(
      (
        await post(world.trainer.token, {
          studentId: world.student.studentId,
          classId: world.klass.classId,
          text: 'first',
          lessonId,
        })
      ).body,
    );
    const second = commentSchema.parse(
      (
        await post(world.trainer.token, {
          studentId: world.student.studentId,
          classId: world.klass.classId,
          text: 'second',
          lessonId,
        })
      ).body,
    );
    const byLesson = commentListSchema.parse(
      (await list(world.trainer.token, `?studentId=${world.student.studentId}&lessonId=${lessonId}`)).body,
    );
    expect(byLesson.every((c) => c.lesson === lessonId && c.student.userId === world.student.userId)).toBe(true);
    const ids = byLesson.map((c) => c.commentId);
    expect(ids.indexOf(second.commentId)).toBeLessThan(ids.indexOf(first.commentId));

    const byClass = commentListSchema.parse((await list(world.trainer.token, `?classId=${world.klass.classId}`)).body);
    expect(byClass.length).toBeGreaterThan(0);
    expect(byClass.every((c) => c.class === world.klass.classId)).toBe(true);
    const byCourse = commentListSchema.parse(
      (await list(world.trainer.token, `?courseId=${world.klass.courseId}`)).body,
    );
    expect(byCourse.every((c) => c.course === world.klass.courseId)).toBe(true);
  });

  it('shows a trainer only comments on classes they teach', async () => {
    const foreign = commentListSchema.parse(
      (await list(world.trainer.token, `?classId=${world.foreignClass.classId}`)).body,
    );
    expect(foreign).toEqual([]);
    const mine = commentListSchema.parse((await list(world.otherTrainer.token)).body);
    expect(mine.some((c) => c.class === world.klass.classId)).toBe(false);
  });

  it('lets a co-trainer of the class read a comment another trainer wrote', async () => {
    const written = commentSchema.parse(
      (
        await post(world.trainer.token, {
          studentId: world.student.studentId,
          classId: world.klass.classId,
          text: 'Read by the co-trainer',
        })
      ).body,
    );
    const co = spareTrainer(world);
    const coToken = await signIn(service.url, co.userId);
    const seen = async () =>
      commentListSchema
        .parse((await list(coToken, `?classId=${world.klass.classId}`)).body)
        .find((c) => c.commentId === written.commentId);
    // Not theirs to read until they train the class.
    expect(await seen()).toBeUndefined();
    await addCoTrainer(service, world.klass.classId, co.userId);
    const comment = await seen();
    expect(comment).toEqual(written);
    expect(comment?.author.userId).toBe(world.trainer.userId);
  });

  it('answers an empty list for a filter that matches nothing', async () => {
    const reply = await list(world.trainer.token, '?studentId=stu-nobody');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
  });

  it('refuses an unknown or repeated query parameter', async () => {
    const unknown = await list(world.trainer.token, '?studentID=x');
    expect(unknown.status).toBe(400);
    expect(errorBodySchema.parse(unknown.body).error.issues?.[0]?.path).toBe('query.studentID');
    const repeated = await list(world.trainer.token, '?classId=a&classId=b');
    expect(repeated.status).toBe(400);
  });
});

describe('authorization of comment routes', () => {
  it('needs a user token', async () => {
    const reply = await call(service.url, 'GET', '/edu/v1/student/comment');
    expect(reply.status).toBe(401);
    expect(errorBodySchema.parse(reply.body).error.code).toBe('unauthorized');
    const bad = await list('not-a-real-token');
    expect(bad.status).toBe(401);
    expect(errorBodySchema.parse(bad.body).error.code).toBe('invalid_token');
  });

  it('needs the training scope on the calling app, and says an administrator grants it', async () => {
    const token = await signIn(service.url, world.trainer.userId, 'sandbox-no-training');
    for (const reply of [
      await list(token),
      await post(token, { studentId: world.student.studentId, classId: world.klass.classId, text: 'x' }),
    ]) {
      expect(reply.status).toBe(403);
      const { error } = errorBodySchema.parse(reply.body);
      expect(error.code).toBe('missing_scope');
      expect(error.message).toMatch(/administrator/);
    }
  });

  it('refuses an expired token with token_expired', async () => {
    const token = await signIn(service.url, world.trainer.userId);
    service.advanceClock(service.settings.TOKEN_TTL_SECONDS + 1);
    try {
      const reply = await list(token);
      expect(reply.status).toBe(401);
      expect(errorBodySchema.parse(reply.body).error.code).toBe('token_expired');
    } finally {
      service.advanceClock(-(service.settings.TOKEN_TTL_SECONDS + 1));
    }
  });
});

describe('an anonymous account', () => {
  it('may not comment: 403 anonymous_not_allowed, the platform’s 4035', async () => {
    const created = await call<{ session: { token: string } }>(service.url, 'PUT', '/user/v1/my/profile', {
      headers: { clientId: 'sandbox-trainer-dashboard' },
      body: {
        handle: '@anon-commenter',
        userType: 'adult',
        accountType: 'Adult',
        country: 'US',
        profilePic: null,
        coverPhoto: null,
        userId: 'anon-commenter',
        anonymous: true,
      },
    });
    expect(created.status).toBe(201);
    const reply = await post(created.body.session.token, {
      studentId: world.student.studentId,
      classId: world.klass.classId,
      text: 'Not mine to write.',
    });
    expect(reply.status).toBe(403);
    expect(errorBodySchema.parse(reply.body).error.code).toBe('anonymous_not_allowed');
    expect(reply.headers.get('errorcode')).toBe('4035');
  });
});

describe('a comment as the platform’s SDKs send it (DXStudentClient: null for no lesson)', () => {
  it('takes lessonId null as no lesson', async () => {
    const reply = await post(world.trainer.token, {
      studentId: world.student.studentId,
      classId: world.klass.classId,
      text: 'No particular lesson, said with null.',
      lessonId: null,
    });
    expect(reply.status).toBe(201);
    const comment = commentSchema.parse(reply.body);
    expect(comment.lesson).toBe('');
    // Filed as a comment about no lesson: the lesson filter does not find it.
    const lessonId = world.klass.lessonIds[0] as string;
    const inLesson = commentListSchema.parse(
      (await list(world.trainer.token, `?lessonId=${lessonId}&studentId=${world.student.studentId}`)).body,
    );
    expect(inLesson.map((c) => c.commentId)).not.toContain(comment.commentId);
    // Only an optional id may be null: the student and the class are still required.
    const noStudent = await post(world.trainer.token, { studentId: null, classId: world.klass.classId, text: 'x' });
    expect(noStudent.status).toBe(400);
    expect(errorBodySchema.parse(noStudent.body).error.issues?.map((i) => i.path)).toEqual(['body.studentId']);
  });
});

describe('when a comment was written (extension)', () => {
  const interfaceFields = ['commentId', 'student', 'author', 'course', 'lesson', 'class', 'text'];

  it('is on the created comment and on later reads: the time it was written, in UTC, beside the interface’s fields', async () => {
    // The service keeps whole seconds: the window opens at the start of this second.
    const before = Math.floor(Date.now() / 1000) * 1000;
    const reply = await post(world.trainer.token, {
      studentId: world.student.studentId,
      classId: world.klass.classId,
      text: 'Dated comment.',
    });
    const after = Date.now();
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body as object).sort()).toEqual([...interfaceFields, 'createdAt'].sort());
    const created = commentSchema.parse(reply.body);
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    const at = Date.parse(created.createdAt ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    expect(created.author.userId).toBe(world.trainer.userId);

    // Read later, it still says when it was written, not when it was read.
    service.advanceClock(5);
    const listed = commentListSchema
      .parse((await list(world.trainer.token, `?studentId=${world.student.studentId}`)).body)
      .find((c) => c.commentId === created.commentId);
    expect(listed?.createdAt).toBe(created.createdAt);
  });
});

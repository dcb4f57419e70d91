/**
 * The roster the platform's SDKs read (DXSDK-Swift's class, student, lesson
 * and course clients), over real HTTP on the demo dataset: the shapes of its
 * models, `page`/`limit` paging, and what a caller may see (the classes they
 * train, those classes' students, courses and lessons; 404 for the rest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import {
  type Class,
  classListSchema,
  classStudentListSchema,
  courseListSchema,
  courseSchema,
  lessonListSchema,
  lessonSchema,
  rosterPaging,
  trainerRosterSchema,
} from '../../../contract/roster.ts';
import { courses as catalogCourses } from '../../../sandbox/catalog.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';
import { bump } from '../../data/versions.ts';

const { users, classes, courses, lessons, students } = demoIds;

let service: TestService;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  service = await startService();
  for (const userId of [users.trainer, users.trainer2, users.civilianTrainer, users.student, users.studentNoPicture]) {
    tokens[userId] = await signIn(service.url, userId);
  }
});
afterAll(() => service.close());

const get = (userId: string, path: string) => call(service.url, 'GET', path, { token: tokens[userId] as string });

async function expectNotFound(userId: string, path: string) {
  const reply = await get(userId, path);
  expect(reply.status).toBe(404);
  expect(errorBodySchema.parse(reply.body).error.code).toBe('not_found');
}

const courseNamed = (courseId: string) => {
  const course = catalogCourses.find((c) => c.id === courseId);
  if (!course) throw new Error(`no course ${courseId} in the catalog`);
  return course;
};

/** Every doc of a list, read `limit` at a time until a page says there is no next one. */
async function allPages<T>(
  userId: string,
  path: string,
  limit: number,
  parse: (body: unknown) => { docs: T[]; hasNextPage?: boolean | undefined },
) {
  const docs: T[] = [];
  for (let page = 1; ; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const reply = await get(userId, `${path}${separator}page=${page}&limit=${limit}`);
    expect(reply.status).toBe(200);
    const body = parse(reply.body);
    expect(body.docs.length).toBeLessThanOrEqual(limit);
    docs.push(...body.docs);
    if (!body.hasNextPage) return { docs, pages: page };
  }
}

describe('GET /edu/v1/class/list', () => {
  it('answers the classes the caller trains as DXClass, with their course and a join code', async () => {
    const reply = await get(users.trainer, '/edu/v1/class/list');
    expect(reply.status).toBe(200);
    const list = classListSchema.parse(reply.body);
    const byId = new Map(list.docs.map((c) => [c.groupId, c]));
    expect([...byId.keys()].sort()).toEqual([classes.cyberA, classes.networkA].sort());
    expect(byId.get(classes.cyberA)).toMatchObject({
      name: 'Cyber Systems Ops 26-A',
      course: { courseId: courses.cyber, name: courseNamed(courses.cyber).name },
    });
    expect(byId.get(classes.networkA)?.course?.courseId).toBe(courses.network);
    for (const klass of list.docs) {
      expect(klass.joinCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      // The trainer is enrolled in neither class.
      expect(klass.studentId).toBeUndefined();
    }
    expect(new Set(list.docs.map((c) => c.joinCode)).size).toBe(2);
    expect(list).toMatchObject({
      totalDocs: 2,
      page: 1,
      limit: rosterPaging.defaultLimit,
      totalPages: 1,
      hasPrevPage: false,
      hasNextPage: false,
      prevPage: null,
      nextPage: null,
    });
  });

  it('gives a class the same join code on every read, whoever asks', async () => {
    const codeOf = async (userId: string) =>
      classListSchema
        .parse((await get(userId, '/edu/v1/class/list?limit=1000')).body)
        .docs.find((c) => c.groupId === classes.cyberA)?.joinCode;
    const first = await codeOf(users.trainer);
    expect(first).toBeDefined();
    expect(await codeOf(users.civilianTrainer)).toBe(first);
  });

  it('shows another trainer only their own class', async () => {
    const list = classListSchema.parse((await get(users.trainer2, '/edu/v1/class/list')).body);
    expect(list.docs.map((c) => c.groupId)).toEqual([classes.aircraftA]);
  });

  it('is empty for someone who trains no class, even one enrolled in classes', async () => {
    const list = classListSchema.parse((await get(users.student, '/edu/v1/class/list')).body);
    expect(list.docs).toEqual([]);
    expect(list).toMatchObject({ totalDocs: 0, totalPages: 1, hasNextPage: false });
  });

  it('pages with page and limit, and answers no docs past the last page', async () => {
    const whole = classListSchema.parse((await get(users.trainer, '/edu/v1/class/list')).body).docs;
    const first = classListSchema.parse((await get(users.trainer, '/edu/v1/class/list?page=1&limit=1')).body);
    const second = classListSchema.parse((await get(users.trainer, '/edu/v1/class/list?page=2&limit=1')).body);
    const past = classListSchema.parse((await get(users.trainer, '/edu/v1/class/list?page=3&limit=1')).body);
    expect([...first.docs, ...second.docs]).toEqual(whole);
    expect(first).toMatchObject({ totalDocs: 2, totalPages: 2, hasNextPage: true, nextPage: 2, prevPage: null });
    expect(second).toMatchObject({ page: 2, hasPrevPage: true, prevPage: 1, hasNextPage: false, nextPage: null });
    expect(past.docs).toEqual([]);
    expect(past).toMatchObject({ page: 3, totalDocs: 2, hasNextPage: false, prevPage: 2 });
  });

  it('works through an app without the training scope: the roster is the signed-in user’s own data', async () => {
    const token = await signIn(service.url, users.trainer, demoIds.apps.noTraining);
    const reply = await call(service.url, 'GET', '/edu/v1/class/list', { token });
    expect(reply.status).toBe(200);
    expect(classListSchema.parse(reply.body).docs).toHaveLength(2);
  });

  it('refuses a caller without a user token', async () => {
    const reply = await call(service.url, 'GET', '/edu/v1/class/list');
    expect(reply.status).toBe(401);
    errorBodySchema.parse(reply.body);
  });
});

describe('paging parameters', () => {
  const lists = [
    '/edu/v1/class/list?',
    '/edu/v1/course/list?',
    `/edu/v1/student/list?classId=${classes.cyberA}&`,
    `/edu/v1/lesson/course?courseId=${courses.cyber}&`,
  ];
  const bad = [
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', 'two'],
    ['page', ''],
    ['page', String(rosterPaging.maxPage + 1)],
    ['limit', '0'],
    ['limit', String(rosterPaging.maxLimit + 1)],
    ['limit', '1e2'],
    ['limit', ' 5'],
  ] as const;

  it.each(lists)('are refused with 400 naming the parameter when not a whole number in range: %s', async (list) => {
    for (const [name, value] of bad) {
      const reply = await get(users.trainer, `${list}${name}=${encodeURIComponent(value)}`);
      expect(reply.status, `${name}=${value}`).toBe(400);
      const { error } = errorBodySchema.parse(reply.body);
      expect(error.code).toBe('invalid_input');
      expect(error.issues?.map((issue) => issue.path)).toEqual([`query.${name}`]);
    }
  });

  it('accept the largest limit and page', async () => {
    const reply = await get(
      users.trainer,
      `/edu/v1/class/list?limit=${rosterPaging.maxLimit}&page=${rosterPaging.maxPage}`,
    );
    expect(reply.status).toBe(200);
    expect(classListSchema.parse(reply.body).docs).toEqual([]);
  });
});

describe('every roster answer', () => {
  it('says no-store, first answered and answered again from the kept answer alike', async () => {
    for (const path of [
      '/edu/v1/class/list',
      `/edu/v1/course?courseId=${courses.cyber}`,
      `/edu/v1/course/list`,
      `/edu/v1/lesson/course?courseId=${courses.cyber}`,
      `/edu/v1/lesson?lessonId=${lessons.cyber[0]}`,
      `/edu/v1/student/list?classId=${classes.cyberA}`,
    ]) {
      for (const round of ['first', 'again']) {
        const reply = await get(users.trainer, path);
        expect(reply.status, path).toBe(200);
        expect(reply.headers.get('cache-control'), `${path} ${round}`).toBe('no-store');
      }
    }
  });
});

describe('GET /edu/v1/student/list', () => {
  const path = `/edu/v1/student/list?classId=${classes.cyberA}`;

  it('answers the students of a class the caller trains as profiles, each with its enrollment', async () => {
    const reply = await get(users.trainer, `${path}&limit=1000`);
    expect(reply.status).toBe(200);
    // Profiles: no cache may keep them.
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const list = classStudentListSchema.parse(reply.body);
    const enrolled = await service.db.q
      .selectFrom('students')
      .select('student_id')
      .where('class_id', '=', classes.cyberA)
      .execute();
    expect(list.docs.map((s) => s.studentId).sort()).toEqual(enrolled.map((row) => row.student_id).sort());
    expect(list.totalDocs).toBe(enrolled.length);
    expect(list.docs.find((s) => s.studentId === students.studentCyber)).toMatchObject({
      userId: users.student,
      handle: '@jlee',
      firstName: 'Jordan',
      lastName: 'Lee',
      anonymous: false,
    });
    expect(list.docs.find((s) => s.studentId === students.noPictureCyber)).toMatchObject({
      userId: users.studentNoPicture,
      profilePic: null,
      coverPhoto: null,
    });
  });

  it('tells each student’s rank, grade, AFSC and duty title where the service knows them, and leaves out the rest', async () => {
    const list = classStudentListSchema.parse((await get(users.trainer, `${path}&limit=1000`)).body);
    const jordan = list.docs.find((s) => s.studentId === students.studentCyber);
    expect(jordan).toMatchObject({
      displayRank: 'A1C',
      militaryGrade: 'E-3',
      organizationRoles: { afsc: '3D0X2' },
      displayDutyTitle: 'Cyber Systems Operations Apprentice',
    });
    expect(jordan).not.toHaveProperty('civilianGrade');
    // Sam Patel has no duty title: the field is absent, not empty.
    const sam = list.docs.find((s) => s.studentId === students.noPictureCyber);
    expect(sam).toMatchObject({ displayRank: 'Amn', militaryGrade: 'E-2', organizationRoles: { afsc: '3D0X2' } });
    expect(sam).not.toHaveProperty('displayDutyTitle');
  });

  it('gives a civilian their civilian grade, and no AFSC when they have none', async () => {
    const change = (values: {
      display_rank: string | null;
      military_grade: string | null;
      civilian_grade: string | null;
      afsc: string;
    }) =>
      service.db.transaction(async (tx) => {
        await tx.updateTable('users').set(values).where('user_id', '=', users.studentNoPicture).execute();
        await bump(tx, 'users');
      });
    await change({ display_rank: null, military_grade: null, civilian_grade: 'GS-7', afsc: '' });
    try {
      const list = classStudentListSchema.parse((await get(users.trainer, `${path}&limit=1000`)).body);
      const sam = list.docs.find((s) => s.studentId === students.noPictureCyber);
      expect(sam?.civilianGrade).toBe('GS-7');
      for (const absent of ['displayRank', 'militaryGrade', 'organizationRoles', 'displayDutyTitle']) {
        expect(sam).not.toHaveProperty(absent);
      }
    } finally {
      await change({ display_rank: 'Amn', military_grade: 'E-2', civilian_grade: null, afsc: '3D0X2' });
    }
  });

  it('pages through every student once', async () => {
    const whole = classStudentListSchema.parse((await get(users.trainer, `${path}&limit=1000`)).body).docs;
    const paged = await allPages(users.trainer, path, 3, (body) => classStudentListSchema.parse(body));
    expect(paged.docs).toEqual(whole);
    expect(paged.pages).toBe(Math.ceil(whole.length / 3));
  });

  it('answers a class the caller does not train exactly as an unknown class: 404', async () => {
    await expectNotFound(users.trainer2, path);
    await expectNotFound(users.trainer, `/edu/v1/student/list?classId=${classes.aircraftA}`);
    await expectNotFound(users.trainer, '/edu/v1/student/list?classId=cls-no-such-class');
    // A student of the class does not list their classmates.
    await expectNotFound(users.student, path);
  });

  it('needs the class', async () => {
    const reply = await get(users.trainer, '/edu/v1/student/list');
    expect(reply.status).toBe(400);
    expect(errorBodySchema.parse(reply.body).error.issues?.map((issue) => issue.path)).toEqual(['query.classId']);
  });
});

describe('GET /edu/v1/trainer/roster (extension)', () => {
  it('is the platform’s lists in one answer: each class’s students and lessons, and each student as their list gives them', async () => {
    const roster = trainerRosterSchema.parse((await get(users.trainer, '/edu/v1/trainer/roster')).body);
    const listed = classListSchema.parse((await get(users.trainer, '/edu/v1/class/list?limit=1000')).body).docs;
    expect(roster.classes.map((c) => c.classId).sort()).toEqual(listed.map((c) => c.groupId).sort());
    const people = new Map(roster.people.map((p) => [p.userId, p]));
    expect(people.size).toBe(roster.people.length);
    for (const klass of roster.classes) {
      const students = classStudentListSchema.parse(
        (await get(users.trainer, `/edu/v1/student/list?classId=${klass.classId}&limit=1000`)).body,
      ).docs;
      expect(klass.students.map((s) => s.studentId)).toEqual(students.map((s) => s.studentId));
      for (const { studentId: _enrollment, ...student } of students)
        expect(people.get(student.userId)).toEqual(student);
      const lessons = lessonListSchema.parse(
        (await get(users.trainer, `/edu/v1/lesson/course?courseId=${klass.courseId}&limit=1000`)).body,
      ).docs;
      expect(klass.lessons).toEqual(lessons.map((l) => ({ lessonId: l.lessonId, name: l.name })));
    }
    // Jordan Lee is in two of Dana's classes, and named once.
    expect(roster.people.filter((p) => p.userId === users.student)).toEqual([
      expect.objectContaining({ displayRank: 'A1C', organizationRoles: { afsc: '3D0X2' } }),
    ]);
  });

  it('names nobody for someone who trains no class', async () => {
    const roster = trainerRosterSchema.parse((await get(users.student, '/edu/v1/trainer/roster')).body);
    expect(roster).toEqual({ classes: [], people: [] });
  });
});

describe('courses and lessons', () => {
  it('lists the courses of the classes the caller trains, each once', async () => {
    const trainer = courseListSchema.parse((await get(users.trainer, '/edu/v1/course/list')).body);
    expect(trainer.docs.map((c) => c.courseId).sort()).toEqual([courses.cyber, courses.network].sort());
    expect(trainer.docs.find((c) => c.courseId === courses.network)?.name).toBe(courseNamed(courses.network).name);
    // Two classes of one course: the course once.
    const civilian = courseListSchema.parse((await get(users.civilianTrainer, '/edu/v1/course/list')).body);
    expect(civilian.docs.map((c) => c.courseId)).toEqual([courses.cyber]);
    expect(civilian.totalDocs).toBe(1);
    const student = courseListSchema.parse((await get(users.student, '/edu/v1/course/list')).body);
    expect(student.docs).toEqual([]);
  });

  it('pages the course list', async () => {
    const whole = courseListSchema.parse((await get(users.trainer, '/edu/v1/course/list')).body).docs;
    const paged = await allPages(users.trainer, '/edu/v1/course/list', 1, (body) => courseListSchema.parse(body));
    expect(paged.docs).toEqual(whole);
    expect(paged.pages).toBe(2);
  });

  it('answers one course of the caller’s classes as DXCourse, and 404 for any other', async () => {
    const reply = await get(users.trainer, `/edu/v1/course?courseId=${courses.cyber}`);
    expect(reply.status).toBe(200);
    expect(courseSchema.parse(reply.body)).toEqual({ courseId: courses.cyber, name: courseNamed(courses.cyber).name });
    await expectNotFound(users.trainer, `/edu/v1/course?courseId=${courses.aircraft}`);
    await expectNotFound(users.trainer, '/edu/v1/course?courseId=crs-no-such-course');
    await expectNotFound(users.student, `/edu/v1/course?courseId=${courses.cyber}`);
  });

  it('lists a course’s lessons in course order as DXLesson, named as the catalog names them', async () => {
    const reply = await get(users.trainer, `/edu/v1/lesson/course?courseId=${courses.cyber}`);
    expect(reply.status).toBe(200);
    const list = lessonListSchema.parse(reply.body);
    expect(list.docs.map((l) => l.lessonId)).toEqual(lessons.cyber);
    expect(list.docs.map((l) => l.name)).toEqual(courseNamed(courses.cyber).lessons.map((l) => l.name));
    for (const lesson of list.docs) {
      expect(lesson).toEqual({
        lessonId: lesson.lessonId,
        courseId: courses.cyber,
        name: lesson.name,
        childLessons: [],
        locked: false,
      });
    }
    expect(list.totalDocs).toBe(lessons.cyber.length);
  });

  it('pages a course’s lessons', async () => {
    const paged = await allPages(users.trainer, `/edu/v1/lesson/course?courseId=${courses.cyber}`, 2, (body) =>
      lessonListSchema.parse(body),
    );
    expect(paged.docs.map((l) => l.lessonId)).toEqual(lessons.cyber);
    expect(paged.pages).toBe(Math.ceil(lessons.cyber.length / 2));
  });

  it('answers the lessons of a course the caller trains no class of exactly as an unknown course: 404', async () => {
    await expectNotFound(users.trainer, `/edu/v1/lesson/course?courseId=${courses.aircraft}`);
    await expectNotFound(users.trainer, '/edu/v1/lesson/course?courseId=crs-no-such-course');
    await expectNotFound(users.student, `/edu/v1/lesson/course?courseId=${courses.cyber}`);
  });

  it('answers one lesson of the caller’s courses, and 404 for any other', async () => {
    const lessonId = lessons.network[2];
    const reply = await get(users.trainer, `/edu/v1/lesson?lessonId=${lessonId}`);
    expect(reply.status).toBe(200);
    expect(lessonSchema.parse(reply.body)).toEqual({
      lessonId,
      courseId: courses.network,
      name: courseNamed(courses.network).lessons[2]?.name,
      childLessons: [],
      locked: false,
    });
    await expectNotFound(users.trainer, `/edu/v1/lesson?lessonId=${lessons.aircraft[0]}`);
    await expectNotFound(users.trainer, '/edu/v1/lesson?lessonId=les-no-such-lesson');
    await expectNotFound(users.trainer2, `/edu/v1/lesson?lessonId=${lessonId}`);
  });
});

/**
 * No route writes classes, trainers or enrollments (the interface has none), so these tests change
 * them in the database, as an administrator's import would: first without bumping the data version,
 * which the kept answer does not see (it was reused, paged by `page` and `limit` too), then with it.
 */
describe('kept answers', () => {
  const bumpClasses = () => service.db.transaction((tx) => bump(tx, 'classes'));

  it('are reused, and dropped when the caller becomes a trainer of a class: it is listed, with their own enrollment', async () => {
    const path = '/edu/v1/class/list?page=1&limit=10';
    const listed = async (): Promise<Class[]> =>
      classListSchema.parse((await get(users.studentNoPicture, path)).body).docs;
    expect(await listed()).toEqual([]);
    await service.db.q
      .insertInto('class_trainers')
      .values({ class_id: classes.cyberA, user_id: users.studentNoPicture })
      .execute();
    expect(await listed()).toEqual([]);
    await bumpClasses();
    const after = await listed();
    expect(after.map((c) => [c.groupId, c.studentId])).toEqual([[classes.cyberA, students.noPictureCyber]]);
    expect((await get(users.studentNoPicture, `/edu/v1/student/list?classId=${classes.cyberA}`)).status).toBe(200);
  });

  it('are reused, and dropped when a class gains a student', async () => {
    const path = `/edu/v1/student/list?classId=${classes.networkA}&limit=1000`;
    const read = async () => classStudentListSchema.parse((await get(users.trainer, path)).body);
    const before = await read();
    expect(before.docs.some((s) => s.userId === users.studentNoPicture)).toBe(false);
    await service.db.q
      .insertInto('students')
      .values({ student_id: 'stu-roster-test', user_id: users.studentNoPicture, class_id: classes.networkA })
      .execute();
    expect(await read()).toEqual(before);
    await bumpClasses();
    const after = await read();
    expect(after.totalDocs).toBe(before.docs.length + 1);
    expect(after.docs.find((s) => s.studentId === 'stu-roster-test')?.userId).toBe(users.studentNoPicture);
  });
});

/**
 * The class activity extension over real HTTP: each student's counts and
 * newest dates are exactly what the lists `?classId=` give the same trainer,
 * counted again at once after a write, and a class is answered only to who
 * may read in it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClassActivityCounts, classActivitySchema } from '../../../contract/class-activity.ts';
import { commentListSchema, commentSchema } from '../../../contract/comments.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import { noteListSchema, noteSchema } from '../../../contract/notes.ts';
import { classStudentListSchema } from '../../../contract/roster.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, type Reply, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
let dana: string;
let linda: string;
let marcus: string;
const { users, students, classes } = demoIds;

beforeAll(async () => {
  service = await startService();
  [dana, linda, marcus] = await Promise.all([
    signIn(service.url, users.trainer),
    signIn(service.url, users.civilianTrainer),
    signIn(service.url, users.trainer2),
  ]);
});
afterAll(() => service.close());

const activity = (token: string, classId: string) =>
  call(service.url, 'GET', `/edu/v1/class/activity?classId=${encodeURIComponent(classId)}`, { token });
const readActivity = async (token: string, classId: string): Promise<ClassActivityCounts> => {
  const reply = await activity(token, classId);
  expect(reply.status).toBe(200);
  return classActivitySchema.parse(reply.body);
};
const errorOf = (reply: Reply) => errorBodySchema.parse(reply.body).error;

type Counted = Record<
  string,
  { comments: number; notes: number; latestComment: string | null; latestNote: string | null }
>;

const later = (a: string | null, b: string | undefined) => (b !== undefined && (a === null || b > a) ? b : a);

/** What the interface's own lists give this trainer about the class, counted as the classes page counts them. */
async function throughTheLists(token: string, classId: string): Promise<Counted> {
  const get = async (path: string) => {
    const reply = await call(service.url, 'GET', path, { token });
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const comments = commentListSchema.parse(await get(`/edu/v1/student/comment?classId=${classId}`));
  const notes = noteListSchema.parse(await get(`/edu/v1/note/list?classId=${classId}`));
  const members = classStudentListSchema.parse(await get(`/edu/v1/student/list?classId=${classId}&limit=1000`)).docs;
  const userOf = new Map(members.map((m) => [m.studentId, m.userId]));
  const counted: Counted = {};
  const of = (userId: string) => {
    counted[userId] ??= { comments: 0, notes: 0, latestComment: null, latestNote: null };
    return counted[userId];
  };
  for (const c of comments) {
    const person = of(c.student.userId);
    person.comments += 1;
    person.latestComment = later(person.latestComment, c.createdAt);
  }
  for (const n of notes) {
    const userId = n.studentId ? userOf.get(n.studentId) : undefined;
    if (!userId) continue;
    const person = of(userId);
    person.notes += 1;
    person.latestNote = later(person.latestNote, n.createdAt);
  }
  return counted;
}

const asCounted = (answer: ClassActivityCounts): Counted =>
  Object.fromEntries(
    answer.students.map((s) => [
      s.userId,
      {
        comments: s.comments.count,
        notes: s.notes.count,
        latestComment: s.comments.latest,
        latestNote: s.notes.latest,
      },
    ]),
  );

describe('each student’s counts in a class', () => {
  it('are what the lists give the same trainer, for every class of the demo’s trainers', async () => {
    for (const [token, classId] of [
      [dana, classes.cyberA],
      [dana, classes.networkA],
      [linda, classes.cyberB],
      [marcus, classes.aircraftA],
    ] as const) {
      const answer = await readActivity(token, classId);
      expect(answer.classId).toBe(classId);
      expect(asCounted(answer)).toEqual(await throughTheLists(token, classId));
    }
    // The demo's student has comments and notes in cyberA, so the comparison compared something.
    const jordan = (await readActivity(dana, classes.cyberA)).students.find((s) => s.userId === users.student);
    expect(jordan?.comments.count).toBeGreaterThan(0);
    expect(jordan?.notes.count).toBeGreaterThan(0);
  });

  it('count a new comment at once, with its date as the newest, and no longer a withdrawn one', async () => {
    const before = (await readActivity(dana, classes.cyberA)).students.find((s) => s.userId === users.studentNoPicture);
    const written = await call(service.url, 'POST', '/edu/v1/student/comment', {
      token: dana,
      body: { studentId: students.noPictureCyber, classId: classes.cyberA, text: 'Counted at once' },
    });
    expect(written.status).toBe(201);
    const comment = commentSchema.parse(written.body);
    const after = (await readActivity(dana, classes.cyberA)).students.find((s) => s.userId === users.studentNoPicture);
    expect(after?.comments.count).toBe((before?.comments.count ?? 0) + 1);
    expect(after?.comments.latest).toBe(comment.createdAt);

    const withdrawn = await call(service.url, 'POST', '/edu/v1/student/comment/withdraw', {
      token: dana,
      body: { commentId: comment.commentId },
    });
    expect(withdrawn.status).toBe(200);
    const again = (await readActivity(dana, classes.cyberA)).students.find((s) => s.userId === users.studentNoPicture);
    expect(again?.comments.count ?? 0).toBe(before?.comments.count ?? 0);
  });

  it('keep the newest date truthful when the newest note is removed', async () => {
    const note = async (text: string) => {
      const reply = await call(service.url, 'PUT', '/edu/v1/note', {
        token: dana,
        body: { text, studentId: students.noPictureCyber, lessonId: demoIds.lessons.cyber[0] },
      });
      expect(reply.status).toBe(201);
      return noteSchema.parse(reply.body);
    };
    const samOf = async () =>
      (await readActivity(dana, classes.cyberA)).students.find((s) => s.userId === users.studentNoPicture);
    const before = await samOf();
    const older = await note('The older of two');
    service.advanceClock(60);
    const newer = await note('The newer of two');
    expect((await samOf())?.notes).toEqual({ count: (before?.notes.count ?? 0) + 2, latest: newer.createdAt });
    const removed = await call(service.url, 'POST', '/edu/v1/note/remove', {
      token: dana,
      body: { noteId: newer.noteId },
    });
    expect(removed.status).toBeLessThan(300);
    expect((await samOf())?.notes).toEqual({ count: (before?.notes.count ?? 0) + 1, latest: older.createdAt });
  });

  it('are kept equal to a count over every entry, through every write above', async () => {
    const recount = (table: 'comments' | 'notes', counted: string) =>
      sql<{
        class_id: string;
        student_id: string;
        count: number;
        latest: number;
      }>`SELECT class_id, student_id, COUNT(*) AS count, MAX(created_at) AS latest FROM ${sql.table(table)} WHERE ${sql.raw(counted)} GROUP BY class_id, student_id ORDER BY class_id, student_id`.execute(
        service.db.q,
      );
    const kept = (table: 'comment_counts' | 'note_counts') =>
      sql<{
        class_id: string;
        student_id: string;
        count: number;
        latest: number;
      }>`SELECT class_id, student_id, count, latest FROM ${sql.table(table)} ORDER BY class_id, student_id`.execute(
        service.db.q,
      );
    const plain = (rows: readonly { class_id: string; student_id: string; count: number; latest: number }[]) =>
      rows.map((r) => [r.class_id, r.student_id, Number(r.count), Number(r.latest)]);
    const comments = plain((await recount('comments', 'withdrawn_at IS NULL')).rows);
    expect(comments.length).toBeGreaterThan(0);
    expect(plain((await kept('comment_counts')).rows)).toEqual(comments);
    expect(plain((await kept('note_counts')).rows)).toEqual(
      plain((await recount('notes', 'class_id IS NOT NULL AND student_id IS NOT NULL')).rows),
    );
  });

  it('are not found for a class the trainer neither trains nor wrote in, as for an unknown one', async () => {
    for (const classId of [classes.cyberA, 'cls-no-such-class']) {
      const reply = await activity(marcus, classId);
      expect(reply.status).toBe(404);
      expect(errorOf(reply).code).toBe('not_found');
    }
  });

  it('answer a missing, empty or unknown parameter with the one error body', async () => {
    for (const path of [
      '/edu/v1/class/activity',
      '/edu/v1/class/activity?classId=',
      '/edu/v1/class/activity?classId=x&page=2',
    ]) {
      const reply = await call(service.url, 'GET', path, { token: dana });
      expect(reply.status).toBe(400);
      expect(errorOf(reply).code).toBe('invalid_input');
    }
    const anonymous = await call(service.url, 'GET', `/edu/v1/class/activity?classId=${classes.cyberA}`);
    expect(anonymous.status).toBe(401);
  });
});

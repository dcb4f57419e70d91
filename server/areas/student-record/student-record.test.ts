/**
 * The student record extension over real HTTP: it holds exactly what the
 * interface's own reads give the same trainer about the person (comments
 * through each enrollment, notes of every kind), merged newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceSchema } from '../../../contract/audience.ts';
import { commentListSchema, commentSchema } from '../../../contract/comments.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import { noteListSchema, noteSchema } from '../../../contract/notes.ts';
import { classStudentListSchema } from '../../../contract/roster.ts';
import { type StudentRecord, studentRecordSchema } from '../../../contract/student-record.ts';
import { demoIds } from '../../../sandbox/demo-ids.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
let dana: string;
let linda: string;
let marcus: string;
const { users, students, classes, lessons, notes } = demoIds;

beforeAll(async () => {
  service = await startService();
  dana = await signIn(service.url, users.trainer);
  linda = await signIn(service.url, users.civilianTrainer);
  marcus = await signIn(service.url, users.trainer2);
});
afterAll(() => service.close());

const record = (token: string, userId: string) =>
  call(service.url, 'GET', `/edu/v1/trainer/students/${encodeURIComponent(userId)}/record`, { token });
const readRecord = async (token: string, userId: string): Promise<StudentRecord> => {
  const reply = await record(token, userId);
  expect(reply.status).toBe(200);
  return studentRecordSchema.parse(reply.body);
};
const ids = (r: StudentRecord) => ({
  comments: r.entries.flatMap((e) => (e.kind === 'comment' ? [e.comment.commentId] : [])).sort(),
  notes: r.entries.flatMap((e) => (e.kind === 'note' ? [e.note.noteId] : [])).sort(),
});

/** What the interface's own routes give this trainer about the person. */
async function throughTheInterface(token: string, userId: string, studentIds: readonly string[]) {
  const comments: string[] = [];
  for (const studentId of studentIds) {
    const listed = commentListSchema.parse(
      (await call(service.url, 'GET', `/edu/v1/student/comment?studentId=${studentId}`, { token })).body,
    );
    comments.push(...listed.map((c) => c.commentId));
  }
  const listedNotes = noteListSchema.parse(
    (await call(service.url, 'GET', `/edu/v1/note/list?userId=${userId}&category=lesson,course,user`, { token })).body,
  );
  return { comments: comments.sort(), notes: listedNotes.map((n) => n.noteId).sort() };
}

describe('a student’s record', () => {
  it('holds every comment and note the trainer may read about the person, across both enrollments', async () => {
    const found = await readRecord(dana, users.student);
    expect(found.student.userId).toBe(users.student);
    expect(ids(found)).toEqual(
      await throughTheInterface(dana, users.student, [students.studentCyber, students.studentNetwork]),
    );
    // Both classes and all three kinds of note are there (the demo has each).
    const classesSeen = new Set(found.entries.flatMap((e) => (e.kind === 'comment' ? [e.comment.class] : [])));
    expect(classesSeen).toEqual(new Set([classes.cyberA, classes.networkA]));
    expect(ids(found).notes).toEqual(expect.arrayContaining([notes.lesson, notes.course, notes.user]));
    for (const entry of found.entries) {
      if (entry.kind === 'comment') expect(entry.comment.student.userId).toBe(users.student);
      else if (entry.kind === 'note') expect(entry.note.userId).toBe(users.student);
    }
  });

  it('is in time order, newest first, with comments and notes interleaved', async () => {
    const found = await readRecord(dana, users.student);
    const times = found.entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const kinds = found.entries.map((e) => e.kind);
    // Not all comments then all notes: the demo's notes fall between its comments.
    expect(kinds.indexOf('note')).toBeLessThan(kinds.lastIndexOf('comment'));
  });

  it('puts what was just written on top, a note written after a comment above it, with its author', async () => {
    const comment = commentSchema.parse(
      (
        await call(service.url, 'POST', '/edu/v1/student/comment', {
          token: dana,
          body: { classId: classes.networkA, studentId: students.studentNetwork, text: 'Fresh comment' },
        })
      ).body,
    );
    service.advanceClock(5);
    const note = noteSchema.parse(
      (
        await call(service.url, 'PUT', '/edu/v1/note', {
          token: dana,
          body: { text: 'Fresh note', studentId: students.studentNetwork, lessonId: lessons.network[1] },
        })
      ).body,
    );
    const [first, second] = (await readRecord(dana, users.student)).entries;
    expect(first?.kind === 'note' && first.note.noteId).toBe(note.noteId);
    expect(first?.kind === 'note' && first.author.userId).toBe(users.trainer);
    expect(second?.kind === 'comment' && second.comment.commentId).toBe(comment.commentId);
    expect(Date.parse(first?.createdAt ?? '') - Date.parse(second?.createdAt ?? '')).toBeGreaterThanOrEqual(5000);
    // The embedded comment and note are the ones their lists answer: the same time and writer as the entry.
    if (first?.kind !== 'note' || second?.kind !== 'comment') throw new Error('the record is not note, then comment');
    expect(first.note).toEqual(note);
    expect(first.note.createdAt).toBe(first.createdAt);
    expect(first.note.author).toEqual(first.author);
    expect(second.comment).toEqual(comment);
    expect(second.comment.createdAt).toBe(second.createdAt);
  });

  it('shows another trainer of one class only that class’s part, and never the first trainer’s user notes', async () => {
    const found = await readRecord(linda, users.student);
    expect(ids(found)).toEqual(
      await throughTheInterface(linda, users.student, [students.studentCyber, students.studentNetwork]),
    );
    expect(found.entries.length).toBeGreaterThan(0);
    for (const entry of found.entries) {
      if (entry.kind === 'comment') expect(entry.comment.class).toBe(classes.cyberA);
      else if (entry.kind === 'note') expect(entry.note.classId).toBe(classes.cyberA);
    }
    expect(ids(found).notes).not.toContain(notes.user);
    expect(ids(found).notes).not.toContain(notes.course);
  });

  it('names the classes the trainer shares with the person, each with its trainers as the audience names them', async () => {
    const found = await readRecord(dana, users.student);
    expect(found.sharedClasses.map((c) => [c.classId, c.studentId])).toEqual([
      [classes.cyberA, students.studentCyber],
      [classes.networkA, students.studentNetwork],
    ]);
    for (const shared of found.sharedClasses) {
      const said = audienceSchema.parse(
        (
          await call(
            service.url,
            'GET',
            `/edu/v1/audience?kind=comment&classId=${shared.classId}&studentId=${shared.studentId}`,
            { token: dana },
          )
        ).body,
      );
      expect(shared.className).toBe(said.classTrainers?.className);
      expect(shared.trainers).toEqual(said.classTrainers?.trainers);
    }
    // Linda Chen co-trains Cyber Systems Ops 26-A, not Cyber Transport 26-A.
    const [cyber, network] = found.sharedClasses;
    expect(cyber?.trainers.map((t) => t.userId).sort()).toEqual([users.trainer, users.civilianTrainer].sort());
    expect(network?.trainers.map((t) => t.userId)).toEqual([users.trainer]);
    expect(cyber?.courseName).toBeTruthy();
  });

  it('gives a trainer of the person’s class the rank, grade, AFSC and duty title their class list gives', async () => {
    const found = await readRecord(dana, users.student);
    const listed = classStudentListSchema
      .parse(
        (await call(service.url, 'GET', `/edu/v1/student/list?classId=${classes.cyberA}&limit=1000`, { token: dana }))
          .body,
      )
      .docs.find((s) => s.userId === users.student);
    expect(found.student).toMatchObject({ displayRank: 'A1C', organizationRoles: { afsc: '3D0X2' } });
    const { studentId: _enrollment, ...asListed } = listed ?? {};
    expect(found.student).toEqual(asListed);
  });

  it('shows another trainer only the classes they train with the person', async () => {
    const found = await readRecord(linda, users.student);
    expect(found.sharedClasses.map((c) => c.classId)).toEqual([classes.cyberA]);
  });

  it('is "not found" for someone the trainer does not train, exactly as for an unknown person', async () => {
    const notMine = await record(marcus, users.student);
    const unknown = await record(marcus, 'usr-nobody');
    expect(notMine.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(notMine.body).error.code).toBe('not_found');
    expect(JSON.stringify(notMine.body)).not.toContain('Jordan');
  });

  it('needs the training scope and a user token', async () => {
    const plain = await signIn(service.url, users.trainer, demoIds.apps.noTraining);
    const noScope = await record(plain, users.student);
    expect(noScope.status).toBe(403);
    expect(errorBodySchema.parse(noScope.body).error.code).toBe('missing_scope');
    expect((await call(service.url, 'GET', `/edu/v1/trainer/students/${users.student}/record`)).status).toBe(401);
  });

  it('is sent with no-store: it names people', async () => {
    expect((await record(dana, users.student)).headers.get('cache-control')).toBe('no-store');
  });
});

/**
 * Corrections that keep the record's history (extension), on the engine of
 * the test project: a comment or a note corrected in place keeps its id and
 * first date, its earlier wordings are read by whoever may read it and by
 * nobody else, search follows the new words, and a withdrawn comment leaves
 * the lists and search but stays in the student's record as a mark without
 * its text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { type Comment, commentListSchema, commentSchema } from '../../../contract/comments.ts';
import { errorBodySchema, limits } from '../../../contract/common.ts';
import { entryVersionListSchema, withdrawnCommentSchema } from '../../../contract/corrections.ts';
import { type Note, noteListSchema, noteSchema } from '../../../contract/notes.ts';
import { searchResultListSchema } from '../../../contract/search.ts';
import { studentRecordSchema } from '../../../contract/student-record.ts';
import { createAnonymousResponseSchema } from '../../../contract/users.ts';
import { addCoTrainer, loadWorld, spareTrainer, type World } from '../../../testkit/fixtures.ts';
import { call, type Reply, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
let world: World;
/** A co-trainer of the world's class: reads what the trainer writes there, wrote none of it. */
let coTrainer: string;
let anonymousToken: string;

beforeAll(async () => {
  service = await startService();
  world = await loadWorld(service.url);
  const spare = spareTrainer(world);
  await addCoTrainer(service, world.klass.classId, spare.userId);
  coTrainer = await signIn(service.url, spare.userId);
  anonymousToken = createAnonymousResponseSchema.parse(
    (
      await call(service.url, 'PUT', '/user/v1/my/profile', {
        headers: { 'X-Client-Id': 'sandbox-trainer-dashboard' },
        body: {
          handle: '@anon-corrections',
          userType: 'adult',
          accountType: 'Adult',
          country: 'US',
          profilePic: null,
          coverPhoto: null,
          userId: 'anon-corrections',
          anonymous: true,
        },
      })
    ).body,
  ).session.token;
});
afterAll(() => service.close());

const errorOf = (reply: Reply) => errorBodySchema.parse(reply.body).error;
const post = (path: string, token: string, body: unknown) => call(service.url, 'POST', path, { token, body });
const get = (path: string, token: string) => call(service.url, 'GET', path, { token });

async function writeComment(text: string): Promise<Comment> {
  const reply = await post('/edu/v1/student/comment', world.trainer.token, {
    studentId: world.student.studentId,
    classId: world.klass.classId,
    text,
  });
  expect(reply.status).toBe(201);
  return commentSchema.parse(reply.body);
}
async function writeNote(text: string): Promise<Note> {
  const reply = await call(service.url, 'PUT', '/edu/v1/note', {
    token: world.trainer.token,
    body: { text, studentId: world.student.studentId, lessonId: world.klass.lessonIds[0] },
  });
  expect(reply.status).toBe(201);
  return noteSchema.parse(reply.body);
}
const correctComment = (token: string, commentId: string, text: unknown) =>
  post('/edu/v1/student/comment/correct', token, { commentId, text });
const correctNote = (token: string, noteId: string, text: unknown) =>
  post('/edu/v1/note/correct', token, { noteId, text });
const withdraw = (token: string, commentId: string) => post('/edu/v1/student/comment/withdraw', token, { commentId });
const commentVersions = (token: string, commentId: string) =>
  get(`/edu/v1/student/comment/versions?commentId=${encodeURIComponent(commentId)}`, token);
const noteVersions = (token: string, noteId: string) =>
  get(`/edu/v1/note/versions?noteId=${encodeURIComponent(noteId)}`, token);
const comments = async (token: string) =>
  commentListSchema.parse((await get(`/edu/v1/student/comment?classId=${world.klass.classId}`, token)).body);
const search = async (token: string, words: string) =>
  searchResultListSchema.parse((await get(`/edu/v1/search?q=${encodeURIComponent(words)}`, token)).body);
const record = async (token: string) =>
  studentRecordSchema.parse((await get(`/edu/v1/trainer/students/${world.student.userId}/record`, token)).body);

describe('correcting a comment', () => {
  it('keeps its id and first date, marks it edited, and keeps the earlier wording for its readers, newest first', async () => {
    const written = await writeComment('Radio calls hesitent under load');
    // Read through the list first, so a kept answer of it would show if a correction did not drop it.
    expect((await comments(world.trainer.token)).find((c) => c.commentId === written.commentId)?.text).toBe(
      written.text,
    );
    service.advanceClock(60);
    const first = await correctComment(world.trainer.token, written.commentId, 'Radio calls hesitant under load');
    expect(first.status).toBe(200);
    const corrected = commentSchema.parse(first.body);
    expect(corrected).toMatchObject({
      commentId: written.commentId,
      createdAt: written.createdAt,
      text: 'Radio calls hesitant under load',
    });
    expect(Date.parse(corrected.editedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(written.createdAt ?? '') + 60_000);
    service.advanceClock(60);
    const second = commentSchema.parse(
      (await correctComment(world.trainer.token, written.commentId, 'Radio calls hesitant under heavy load')).body,
    );

    const listed = (await comments(coTrainer)).find((c) => c.commentId === written.commentId);
    expect(listed).toEqual(second);
    expect(listed?.createdAt).toBe(written.createdAt);

    const versions = await commentVersions(coTrainer, written.commentId);
    expect(versions.status).toBe(200);
    expect(entryVersionListSchema.parse(versions.body)).toEqual([
      { text: 'Radio calls hesitant under load', writtenAt: corrected.editedAt, replacedAt: second.editedAt },
      { text: 'Radio calls hesitent under load', writtenAt: written.createdAt, replacedAt: corrected.editedAt },
    ]);
  });

  it('answers an entry never corrected with no earlier wording and no editedAt', async () => {
    const written = await writeComment('Good checklist discipline');
    expect(written.editedAt).toBeUndefined();
    expect(entryVersionListSchema.parse((await commentVersions(world.trainer.token, written.commentId)).body)).toEqual(
      [],
    );
  });

  it('changes nothing when the text is the same: no version, no edited mark', async () => {
    const written = await writeComment('Same words twice');
    const again = commentSchema.parse(
      (await correctComment(world.trainer.token, written.commentId, written.text)).body,
    );
    expect(again.editedAt).toBeUndefined();
    expect(entryVersionListSchema.parse((await commentVersions(world.trainer.token, written.commentId)).body)).toEqual(
      [],
    );
  });

  it('is for the author only: a co-trainer who reads it gets 403, a trainer who may not read it 404 as for an unknown id', async () => {
    const written = await writeComment('Only mine to correct');
    const byCoTrainer = await correctComment(coTrainer, written.commentId, 'Changed by someone else');
    expect(byCoTrainer.status).toBe(403);
    expect(errorOf(byCoTrainer).code).toBe('forbidden');
    const byStranger = await correctComment(world.otherTrainer.token, written.commentId, 'Changed by a stranger');
    const unknown = await correctComment(world.otherTrainer.token, 'cmt-no-such-comment', 'Anything');
    expect(byStranger.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(errorOf(byStranger).message.replace(written.commentId, '<id>')).toBe(
      errorOf(unknown).message.replace('cmt-no-such-comment', '<id>'),
    );
    // The versions likewise: read by the co-trainer, unknown to the stranger.
    expect((await commentVersions(coTrainer, written.commentId)).status).toBe(200);
    expect((await commentVersions(world.otherTrainer.token, written.commentId)).status).toBe(404);
    expect((await comments(world.trainer.token)).find((c) => c.commentId === written.commentId)?.text).toBe(
      'Only mine to correct',
    );
  });

  it('refuses an anonymous account as creating a comment does', async () => {
    const written = await writeComment('Not for anonymous hands');
    const reply = await correctComment(anonymousToken, written.commentId, 'Anonymous edit');
    expect(reply.status).toBe(403);
    expect(errorOf(reply).code).toBe('anonymous_not_allowed');
  });

  it('checks the text as creating does: blank, too long, missing; and refuses malformed JSON and unknown fields', async () => {
    const written = await writeComment('Checked like a new one');
    const tooLong = await correctComment(world.trainer.token, written.commentId, 'x'.repeat(limits.commentText + 1));
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong).issues?.map((issue) => issue.path)).toEqual(['body.text']);
    expect((await correctComment(world.trainer.token, written.commentId, '   ')).status).toBe(400);
    expect((await correctComment(world.trainer.token, written.commentId, 42)).status).toBe(400);
    const malformed = await call(service.url, 'POST', '/edu/v1/student/comment/correct', {
      token: world.trainer.token,
      body: '{"commentId": "x", "text": ',
    });
    expect(malformed.status).toBe(400);
    const unknownField = await post('/edu/v1/student/comment/correct', world.trainer.token, {
      commentId: written.commentId,
      text: 'fine',
      createdAt: '2020-01-01T00:00:00.000Z',
    });
    expect(unknownField.status).toBe(400);
    // Nothing of these reached the comment.
    expect((await comments(world.trainer.token)).find((c) => c.commentId === written.commentId)?.text).toBe(
      'Checked like a new one',
    );
  });

  it('is found by search by its new words and no longer by its old ones', async () => {
    const written = await writeComment('Struggles with crosswind landings');
    expect((await search(world.trainer.token, 'crosswind')).map((r) => r.id)).toContain(written.commentId);
    await correctComment(world.trainer.token, written.commentId, 'Struggles with nighttime approaches');
    expect((await search(world.trainer.token, 'crosswind')).map((r) => r.id)).not.toContain(written.commentId);
    const found = await search(world.trainer.token, 'nighttime');
    expect(found.find((r) => r.id === written.commentId)?.text).toBe('Struggles with nighttime approaches');
  });
});

describe('withdrawing a comment', () => {
  it('takes it out of the lists and search, and leaves its readers a mark in the record without the text', async () => {
    const written = await writeComment('Wrong student: fuel planning weak');
    await correctComment(world.trainer.token, written.commentId, 'Wrong student: fuel planning very weak');
    expect((await search(coTrainer, 'fuel planning')).map((r) => r.id)).toContain(written.commentId);
    await record(coTrainer);
    service.advanceClock(120);

    const reply = await withdraw(world.trainer.token, written.commentId);
    expect(reply.status).toBe(200);
    const { withdrawnAt } = withdrawnCommentSchema.parse(reply.body);
    expect(Date.parse(withdrawnAt)).toBeGreaterThan(Date.parse(written.createdAt ?? ''));

    for (const token of [world.trainer.token, coTrainer]) {
      expect((await comments(token)).map((c) => c.commentId)).not.toContain(written.commentId);
      expect((await search(token, 'fuel planning')).map((r) => r.id)).not.toContain(written.commentId);
      const entries = (await record(token)).entries;
      const mark = entries.find((e) => e.kind === 'withdrawn' && e.commentId === written.commentId);
      expect(mark).toEqual({
        kind: 'withdrawn',
        createdAt: written.createdAt,
        withdrawnAt,
        commentId: written.commentId,
        author: written.author,
        class: written.class,
        course: written.course,
        lesson: written.lesson,
      });
      expect(JSON.stringify(entries)).not.toContain('fuel planning');
      expect(entries.some((e) => e.kind === 'comment' && e.comment.commentId === written.commentId)).toBe(false);
    }
    // Its earlier wordings went with it.
    expect((await commentVersions(world.trainer.token, written.commentId)).status).toBe(404);
  });

  it('shows the mark only to whoever read the comment', async () => {
    const written = await writeComment('Withdrawn where strangers cannot see');
    expect((await withdraw(world.trainer.token, written.commentId)).status).toBe(200);
    const strangers = await get(`/edu/v1/trainer/students/${world.student.userId}/record`, world.otherTrainer.token);
    const entries = strangers.status === 200 ? studentRecordSchema.parse(strangers.body).entries : [];
    expect(entries.some((e) => e.kind === 'withdrawn' && e.commentId === written.commentId)).toBe(false);
  });

  it('answers 409 to a second withdrawal and to a correction of a withdrawn comment, and changes nothing', async () => {
    const written = await writeComment('Withdraw me once');
    const first = withdrawnCommentSchema.parse((await withdraw(world.trainer.token, written.commentId)).body);
    service.advanceClock(30);
    const twice = await withdraw(world.trainer.token, written.commentId);
    expect(twice.status).toBe(409);
    expect(errorOf(twice).message).toContain('withdrawn');
    const corrected = await correctComment(world.trainer.token, written.commentId, 'Back again');
    expect(corrected.status).toBe(409);
    const mark = (await record(world.trainer.token)).entries.find(
      (e) => e.kind === 'withdrawn' && e.commentId === written.commentId,
    );
    expect(mark && 'withdrawnAt' in mark ? mark.withdrawnAt : undefined).toBe(first.withdrawnAt);
  });

  it('is for the author only, and unknown ids and strangers get 404', async () => {
    const written = await writeComment('Not yours to withdraw');
    const byCoTrainer = await withdraw(coTrainer, written.commentId);
    expect(byCoTrainer.status).toBe(403);
    expect(errorOf(byCoTrainer).code).toBe('forbidden');
    expect((await withdraw(world.otherTrainer.token, written.commentId)).status).toBe(404);
    expect((await withdraw(world.trainer.token, 'cmt-no-such-comment')).status).toBe(404);
    expect((await withdraw(anonymousToken, written.commentId)).status).toBe(403);
    expect((await comments(coTrainer)).map((c) => c.commentId)).toContain(written.commentId);
  });
});

describe('correcting a note', () => {
  it('keeps its id and first date, marks it edited, and its readers read the earlier wording', async () => {
    const written = await writeNote('Needs to review the emergency checklist');
    service.advanceClock(90);
    const reply = await correctNote(world.trainer.token, written.noteId, 'Needs to review the emergency checklists');
    expect(reply.status).toBe(200);
    const corrected = noteSchema.parse(reply.body);
    expect(corrected).toMatchObject({ noteId: written.noteId, createdAt: written.createdAt });
    expect(corrected.editedAt).toBeDefined();
    const listed = noteListSchema
      .parse((await get(`/edu/v1/note/list?classId=${world.klass.classId}`, coTrainer)).body)
      .find((n) => n.noteId === written.noteId);
    expect(listed).toEqual(corrected);
    expect(entryVersionListSchema.parse((await noteVersions(coTrainer, written.noteId)).body)).toEqual([
      { text: written.text, writtenAt: written.createdAt, replacedAt: corrected.editedAt },
    ]);
    // Found by its new words only.
    expect((await search(world.trainer.token, 'checklists')).map((r) => r.id)).toContain(written.noteId);
    expect((await search(world.trainer.token, 'checklist')).map((r) => r.id)).not.toContain(written.noteId);
  });

  it('is for the author only; strangers and unknown ids get 404; the text is checked as on create', async () => {
    const written = await writeNote('A note only its author corrects');
    const byCoTrainer = await correctNote(coTrainer, written.noteId, 'Changed');
    expect(byCoTrainer.status).toBe(403);
    expect(errorOf(byCoTrainer).code).toBe('forbidden');
    expect((await correctNote(world.otherTrainer.token, written.noteId, 'Changed')).status).toBe(404);
    expect((await correctNote(world.trainer.token, 'note-no-such-note', 'Changed')).status).toBe(404);
    expect((await noteVersions(world.otherTrainer.token, written.noteId)).status).toBe(404);
    const tooLong = await correctNote(world.trainer.token, written.noteId, 'y'.repeat(limits.noteText + 1));
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong).issues?.map((issue) => issue.path)).toEqual(['body.text']);
    const malformed = await call(service.url, 'POST', '/edu/v1/note/correct', {
      token: world.trainer.token,
      body: '{"noteId":',
    });
    expect(malformed.status).toBe(400);
    const stored = noteSchema.parse(
      (await get(`/edu/v1/note?noteId=${encodeURIComponent(written.noteId)}`, world.trainer.token)).body,
    );
    expect(stored.text).toBe('A note only its author corrects');
    expect(stored.editedAt).toBeUndefined();
  });

  it('lets an anonymous account correct its own note', async () => {
    const me = z.object({ userId: z.string() }).parse((await get('/user/v1/my/profile', anonymousToken)).body);
    const created = await call(service.url, 'PUT', '/edu/v1/note', {
      token: anonymousToken,
      body: { text: 'My own notebook', userId: me.userId },
    });
    const { noteId } = noteSchema.parse(created.body);
    const reply = await correctNote(anonymousToken, noteId, 'My own notebook, corrected');
    expect(reply.status).toBe(200);
    expect(noteSchema.parse(reply.body).text).toBe('My own notebook, corrected');
  });
});

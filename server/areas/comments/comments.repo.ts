/** Comments and the class facts that decide who may write them. The only queries of the area. */

import { sql } from 'kysely';
import type { Comment, CommentFilters } from '../../../contract/comments.ts';
import { entry, readableBy } from '../../access/read-rule.ts';
import type { Queryable } from '../../data/database.ts';
import { type Page, type PageRequest, positionOf, toPage } from '../../data/paging.ts';
import { runPrepared } from '../../data/prepared.ts';
import { summariesOf } from '../profile/users.repo.ts';

export interface NewComment {
  readonly commentId: string;
  readonly studentId: string;
  readonly authorId: string;
  readonly classId: string;
  readonly courseId: string;
  readonly lessonId: string | null;
  readonly text: string;
  readonly createdAt: number;
}

const filterColumns = {
  studentId: 'c.student_id',
  classId: 'c.class_id',
  courseId: 'c.course_id',
  lessonId: 'c.lesson_id',
} as const;
const filterKeys = Object.keys(filterColumns) as (keyof typeof filterColumns)[];

export function commentsRepo(q: Queryable) {
  const rows = (viewerId: string) =>
    q
      .selectFrom('comments as c')
      .innerJoin('students as st', 'st.student_id', 'c.student_id')
      .select([
        'c.seq',
        'c.comment_id',
        'c.course_id',
        'c.lesson_id',
        'c.class_id',
        'c.text',
        'st.user_id as student_user_id',
        'c.author_id',
      ])
      // Readable by its author and by the trainers of its class: the one rule (audience/readers.repo).
      .where(readableBy(entry('c'), sql.val(viewerId)));
  type Row = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];

  /** Rows to comments; each person's summary is read once however many rows name them. */
  const toComments = async (list: Row[]): Promise<Comment[]> => {
    const people = await summariesOf(
      q,
      list.flatMap((row) => [row.student_user_id, row.author_id]),
    );
    return list.map((row) => ({
      commentId: row.comment_id,
      student: people.get(row.student_user_id) ?? missingPerson(row.student_user_id),
      author: people.get(row.author_id) ?? missingPerson(row.author_id),
      course: row.course_id,
      lesson: row.lesson_id ?? '',
      class: row.class_id,
      text: row.text,
    }));
  };

  /** The comments the viewer may read with these filters, newest first (the order of the list, and of its pages). */
  const filtered = (viewerId: string, filters: CommentFilters) => {
    let query = rows(viewerId);
    if (filters.studentId !== undefined) query = query.where('c.student_id', '=', filters.studentId);
    if (filters.classId !== undefined) query = query.where('c.class_id', '=', filters.classId);
    if (filters.courseId !== undefined) query = query.where('c.course_id', '=', filters.courseId);
    if (filters.lessonId !== undefined) query = query.where('c.lesson_id', '=', filters.lessonId);
    return query.orderBy('c.seq', 'desc');
  };

  return {
    /** Comments the viewer may read (classes they train, or their own), newest first. */
    async list(viewerId: string, filters: CommentFilters): Promise<Comment[]> {
      const given = filterKeys.filter((key) => filters[key] !== undefined);
      const params: Record<string, string> = { viewerId };
      for (const key of given) params[key] = filters[key] as string;
      // Compiled once per set of filters given (see db/prepared.ts).
      const found = await runPrepared(q, `comments:${given.join(',')}`, params, (p) => {
        let query = rows(p.viewerId as string);
        for (const key of given) query = query.where(filterColumns[key], '=', p[key] as string);
        return query.orderBy('c.seq', 'desc');
      });
      return toComments(found);
    },
    /** One page of that list: the rows older than `after` (keyset on seq), one more read to tell whether more follow. */
    async page(viewerId: string, filters: CommentFilters, request: PageRequest): Promise<Page<Comment>> {
      let query = filtered(viewerId, filters);
      if (request.after !== null) query = query.where('c.seq', '<', Number(request.after));
      const page = toPage(await query.limit(request.limit + 1).execute(), request.limit, (row) => positionOf(row.seq));
      return { rows: await toComments(page.rows), next: page.next };
    },
    /** The new comment as the API answers it: its row is known, only the two people's summaries are read. */
    async insert(comment: NewComment & { readonly studentUserId: string }): Promise<Comment> {
      const { studentUserId, ...row } = comment;
      await runPrepared(q, 'comment:insert', row, (p) =>
        q.insertInto('comments').values({
          comment_id: p.commentId,
          student_id: p.studentId,
          author_id: p.authorId,
          class_id: p.classId,
          course_id: p.courseId,
          lesson_id: p.lessonId,
          text: p.text,
          created_at: p.createdAt,
        }),
      );
      const people = await summariesOf(q, [studentUserId, comment.authorId]);
      return {
        commentId: comment.commentId,
        student: people.get(studentUserId) ?? missingPerson(studentUserId),
        author: people.get(comment.authorId) ?? missingPerson(comment.authorId),
        course: comment.courseId,
        lesson: comment.lessonId ?? '',
        class: comment.classId,
        text: comment.text,
      };
    },
    // The checks every comment passes, compiled once (see db/prepared.ts): a comment is written often.
    student: async (studentId: string) =>
      (
        await runPrepared(q, 'comment:student', { studentId }, (p) =>
          q.selectFrom('students').select(['student_id', 'user_id', 'class_id']).where('student_id', '=', p.studentId),
        )
      )[0],
    class: async (classId: string) =>
      (
        await runPrepared(q, 'comment:class', { classId }, (p) =>
          q.selectFrom('classes').select(['class_id', 'course_id']).where('class_id', '=', p.classId),
        )
      )[0],
    lesson: async (lessonId: string) =>
      (
        await runPrepared(q, 'comment:lesson', { lessonId }, (p) =>
          q.selectFrom('lessons').select(['lesson_id', 'course_id']).where('lesson_id', '=', p.lessonId),
        )
      )[0],
    teaches: (classId: string, userId: string) => teaches(q, classId, userId),
  };
}
export type CommentsRepo = ReturnType<typeof commentsRepo>;

/** Whether the user is a trainer of the class. */
export async function teaches(q: Queryable, classId: string, userId: string): Promise<boolean> {
  const rows = await runPrepared(q, 'class-trainer', { classId, userId }, (p) =>
    q.selectFrom('class_trainers').select('class_id').where('class_id', '=', p.classId).where('user_id', '=', p.userId),
  );
  return rows.length > 0;
}

/** Users are never deleted, so this stands for a row the foreign keys would have refused. */
function missingPerson(userId: string): Comment['student'] {
  throw new Error(`comment names user ${userId}, who does not exist`);
}

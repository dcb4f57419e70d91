/** Comments: the lists and the insert. The only queries of the area. */

import type { Comment, CommentFilters } from '../../../contract/comments.ts';
import { type CommentRow, peopleOf, readableComments, toComment } from '../../access/entries.ts';
import { summariesOf } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';
import { type Page, type PageRequest, positionOf, toPage } from '../../data/paging.ts';
import { runPrepared } from '../../data/prepared.ts';

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
  /** Rows to comments; each person's summary is read once however many rows name them. */
  const toComments = async (list: CommentRow[]): Promise<Comment[]> => {
    const people = await summariesOf(q, list.flatMap(peopleOf));
    return list.map((row) => toComment(row, people));
  };

  /** The comments the viewer may read with these filters, newest first (the order of the list, and of its pages). */
  const filtered = (viewerId: string, filters: CommentFilters) => {
    let query = readableComments(q, viewerId);
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
      // Compiled once per set of filters given (see data/prepared.ts).
      const found = await runPrepared(q, `comments:${given.join(',')}`, params, (p) => {
        let query = readableComments(q, p.viewerId as string);
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
      const written = {
        comment_id: comment.commentId,
        student_user_id: studentUserId,
        author_id: comment.authorId,
        course_id: comment.courseId,
        lesson_id: comment.lessonId,
        class_id: comment.classId,
        text: comment.text,
        created_at: comment.createdAt,
      };
      return toComment(written, await summariesOf(q, peopleOf(written)));
    },
  };
}

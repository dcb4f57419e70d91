/** Comments: the lists and the insert. The only queries of the area. */

import { type Comment, type CommentFilters, commentFiltersSchema } from '../../../contract/comments.ts';
import { type CommentRow, peopleOf, readableComments, toComment } from '../../access/entries.ts';
import { summariesOf } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';
import { filteredList } from '../../data/filtered-list.ts';
import type { Page, PageRequest } from '../../data/paging.ts';
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

/** The comments the viewer may read with the contract's filters, newest first: the whole list and its pages. */
const commentsList = filteredList({
  name: 'comments',
  filters: commentFiltersSchema,
  select: readableComments,
  columns: { studentId: 'c.student_id', classId: 'c.class_id', courseId: 'c.course_id', lessonId: 'c.lesson_id' },
  position: 'c.seq',
});

export function commentsRepo(q: Queryable) {
  /** Rows to comments; each person's summary is read once however many rows name them. */
  const toComments = async (list: CommentRow[]): Promise<Comment[]> => {
    const people = await summariesOf(q, list.flatMap(peopleOf));
    return list.map((row) => toComment(row, people));
  };

  return {
    /** Comments the viewer may read (classes they train, or their own), newest first. */
    async list(viewerId: string, filters: CommentFilters): Promise<Comment[]> {
      return toComments(await commentsList.whole(q, viewerId, filters));
    },
    async page(viewerId: string, filters: CommentFilters, request: PageRequest): Promise<Page<Comment>> {
      const page = await commentsList.page(q, viewerId, filters, request);
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

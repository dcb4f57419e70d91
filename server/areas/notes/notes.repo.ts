/** Notes and the facts their automatic metadata is derived from. The only queries of the area. */

import { sql } from 'kysely';
import type { Note, NoteCategory } from '../../../contract/notes.ts';
import { entry, readableBy } from '../../access/read-rule.ts';
import type { Queryable } from '../../data/database.ts';
import { type Page, type PageRequest, positionOf, toPage } from '../../data/paging.ts';
import { runPrepared } from '../../data/prepared.ts';
import { teaches } from '../comments/comments.repo.ts';

export interface StoredNote extends Note {
  readonly authorId: string;
}

export interface NoteListFilters {
  category?: NoteCategory[];
  studentId?: string;
  userId?: string;
  classId?: string;
  courseId?: string;
  lessonId?: string;
}

/** A note row's columns, as every read of notes selects them (the lists, a note, a student's record). */
export const noteColumns = [
  'n.seq',
  'n.note_id',
  'n.author_id',
  'n.text',
  'n.class_id',
  'n.user_id',
  'n.student_id',
  'n.course_id',
  'n.lesson_id',
] as const;

interface NoteRow {
  seq: number;
  note_id: string;
  author_id: string;
  text: string;
  class_id: string | null;
  user_id: string;
  student_id: string | null;
  course_id: string | null;
  lesson_id: string | null;
}

const toNote = (row: NoteRow): StoredNote => ({
  noteId: row.note_id,
  text: row.text,
  classId: row.class_id,
  userId: row.user_id,
  studentId: row.student_id,
  courseId: row.course_id,
  lessonId: row.lesson_id,
  authorId: row.author_id,
});

const filterColumns = {
  studentId: 'n.student_id',
  userId: 'n.user_id',
  classId: 'n.class_id',
  courseId: 'n.course_id',
  lessonId: 'n.lesson_id',
} as const;
const filterKeys = Object.keys(filterColumns) as (keyof typeof filterColumns)[];

export function notesRepo(q: Queryable) {
  /** Readable by its author, and by the trainers of its class: the one rule (audience/readers.repo). */
  const visible = (viewerId: string) =>
    q
      .selectFrom('notes as n')
      .select(noteColumns)
      .where(readableBy(entry('n'), sql.val(viewerId)));

  /** The notes the viewer may read with these filters, newest first (the order of the list, and of its pages). */
  const filtered = (viewerId: string, filters: NoteListFilters) => {
    let query = visible(viewerId);
    if (filters.studentId !== undefined) query = query.where('n.student_id', '=', filters.studentId);
    if (filters.userId !== undefined) query = query.where('n.user_id', '=', filters.userId);
    if (filters.classId !== undefined) query = query.where('n.class_id', '=', filters.classId);
    if (filters.courseId !== undefined) query = query.where('n.course_id', '=', filters.courseId);
    if (filters.lessonId !== undefined) query = query.where('n.lesson_id', '=', filters.lessonId);
    const categories = [...new Set(filters.category ?? [])].sort();
    if (categories.length > 0) query = query.where('n.category', 'in', categories);
    return query.orderBy('n.seq', 'desc');
  };

  return {
    async list(viewerId: string, filters: NoteListFilters): Promise<StoredNote[]> {
      const given = filterKeys.filter((key) => filters[key] !== undefined);
      const categories = [...new Set(filters.category ?? [])].sort();
      const params: Record<string, string> = { viewerId };
      for (const key of given) params[key] = filters[key] as string;
      categories.forEach((category, i) => {
        params[`category${i}`] = category;
      });
      // Compiled once per set of filters and number of categories given (see db/prepared.ts).
      const found = await runPrepared(q, `notes:${given.join(',')}:${categories.length}`, params, (p) => {
        let query = visible(p.viewerId as string);
        for (const key of given) query = query.where(filterColumns[key], '=', p[key] as string);
        if (categories.length > 0) {
          query = query.where(
            'n.category',
            'in',
            categories.map((_, i) => p[`category${i}`] as string),
          );
        }
        return query.orderBy('n.seq', 'desc');
      });
      return found.map(toNote);
    },
    /** One page of that list: the rows older than `after` (keyset on seq), one more read to tell whether more follow. */
    async page(viewerId: string, filters: NoteListFilters, request: PageRequest): Promise<Page<StoredNote>> {
      let query = filtered(viewerId, filters);
      if (request.after !== null) query = query.where('n.seq', '<', Number(request.after));
      const page = toPage(await query.limit(request.limit + 1).execute(), request.limit, (row) => positionOf(row.seq));
      return { rows: page.rows.map(toNote), next: page.next };
    },
    async findVisible(noteId: string, viewerId: string): Promise<StoredNote | undefined> {
      const row = await visible(viewerId).where('n.note_id', '=', noteId).executeTakeFirst();
      return row ? toNote(row) : undefined;
    },
    async insert(note: StoredNote & { category: NoteCategory; createdAt: number }): Promise<void> {
      await q
        .insertInto('notes')
        .values({
          note_id: note.noteId,
          author_id: note.authorId,
          text: note.text,
          user_id: note.userId,
          class_id: note.classId,
          student_id: note.studentId,
          course_id: note.courseId,
          lesson_id: note.lessonId,
          category: note.category,
          created_at: note.createdAt,
        })
        .execute();
    },
    /** Deletes the note if `authorId` wrote it; whether a row went. */
    async remove(noteId: string, authorId: string): Promise<boolean> {
      const result = await q
        .deleteFrom('notes')
        .where('note_id', '=', noteId)
        .where('author_id', '=', authorId)
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },
    student: (studentId: string) =>
      q
        .selectFrom('students as s')
        .innerJoin('classes as c', 'c.class_id', 's.class_id')
        .select(['s.user_id', 's.class_id', 'c.course_id'])
        .where('s.student_id', '=', studentId)
        .executeTakeFirst(),
    classCourse: async (classId: string) =>
      (await q.selectFrom('classes').select('course_id').where('class_id', '=', classId).executeTakeFirst())?.course_id,
    lessonCourse: async (lessonId: string) =>
      (await q.selectFrom('lessons').select('course_id').where('lesson_id', '=', lessonId).executeTakeFirst())
        ?.course_id,
    courseExists: async (courseId: string) =>
      (await q.selectFrom('courses').select('course_id').where('course_id', '=', courseId).executeTakeFirst()) !==
      undefined,
    teaches: (classId: string, userId: string) => teaches(q, classId, userId),
  };
}
export type NotesRepo = ReturnType<typeof notesRepo>;

/** Notes: the lists, a note, the insert and the delete. The only queries of the area. */

import type { Note, NoteCategory } from '../../../contract/notes.ts';
import { type NoteRow, readableNotes, toNote } from '../../access/entries.ts';
import type { Queryable } from '../../data/database.ts';
import { type Page, type PageRequest, positionOf, toPage } from '../../data/paging.ts';
import { runPrepared } from '../../data/prepared.ts';

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

/** A row with its author, whom only the service reads (who may delete the note). */
const toStored = (row: NoteRow): StoredNote => ({ ...toNote(row), authorId: row.author_id });

const filterColumns = {
  studentId: 'n.student_id',
  userId: 'n.user_id',
  classId: 'n.class_id',
  courseId: 'n.course_id',
  lessonId: 'n.lesson_id',
} as const;
const filterKeys = Object.keys(filterColumns) as (keyof typeof filterColumns)[];

export function notesRepo(q: Queryable) {
  /** The notes the viewer may read with these filters, newest first (the order of the list, and of its pages). */
  const filtered = (viewerId: string, filters: NoteListFilters) => {
    let query = readableNotes(q, viewerId);
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
      // Compiled once per set of filters and number of categories given (see data/prepared.ts).
      const found = await runPrepared(q, `notes:${given.join(',')}:${categories.length}`, params, (p) => {
        let query = readableNotes(q, p.viewerId as string);
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
      return found.map(toStored);
    },
    /** One page of that list: the rows older than `after` (keyset on seq), one more read to tell whether more follow. */
    async page(viewerId: string, filters: NoteListFilters, request: PageRequest): Promise<Page<StoredNote>> {
      let query = filtered(viewerId, filters);
      if (request.after !== null) query = query.where('n.seq', '<', Number(request.after));
      const page = toPage(await query.limit(request.limit + 1).execute(), request.limit, (row) => positionOf(row.seq));
      return { rows: page.rows.map(toStored), next: page.next };
    },
    async findVisible(noteId: string, viewerId: string): Promise<StoredNote | undefined> {
      const row = await readableNotes(q, viewerId).where('n.note_id', '=', noteId).executeTakeFirst();
      return row ? toStored(row) : undefined;
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
  };
}

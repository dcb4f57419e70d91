/** Notes: the lists, a note, the insert and the delete. The only queries of the area. */

import type { Note, NoteCategory } from '../../../contract/notes.ts';
import { type NoteRow, peopleOf, readableNotes, toNote } from '../../access/entries.ts';
import { summariesOf } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';
import { type Page, type PageRequest, positionOf, toPage } from '../../data/paging.ts';
import { runPrepared } from '../../data/prepared.ts';

export interface StoredNote extends Note {
  readonly authorId: string;
}

export interface NewNote {
  readonly noteId: string;
  readonly authorId: string;
  readonly text: string;
  readonly userId: string;
  readonly classId: string | null;
  readonly studentId: string | null;
  readonly courseId: string | null;
  readonly lessonId: string | null;
  readonly category: NoteCategory;
  readonly createdAt: number;
}

export interface NoteListFilters {
  category?: NoteCategory[];
  studentId?: string;
  userId?: string;
  classId?: string;
  courseId?: string;
  lessonId?: string;
}

const filterColumns = {
  studentId: 'n.student_id',
  userId: 'n.user_id',
  classId: 'n.class_id',
  courseId: 'n.course_id',
  lessonId: 'n.lesson_id',
} as const;
const filterKeys = Object.keys(filterColumns) as (keyof typeof filterColumns)[];

export function notesRepo(q: Queryable) {
  /** Rows to notes with their author's id (who may delete one); each writer's summary is read once. */
  const toStored = async (rows: Omit<NoteRow, 'seq'>[]): Promise<StoredNote[]> => {
    const people = await summariesOf(q, rows.flatMap(peopleOf));
    return rows.map((row) => ({ ...toNote(row, people), authorId: row.author_id }));
  };

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
      return toStored(found);
    },
    /** One page of that list: the rows older than `after` (keyset on seq), one more read to tell whether more follow. */
    async page(viewerId: string, filters: NoteListFilters, request: PageRequest): Promise<Page<StoredNote>> {
      let query = filtered(viewerId, filters);
      if (request.after !== null) query = query.where('n.seq', '<', Number(request.after));
      const page = toPage(await query.limit(request.limit + 1).execute(), request.limit, (row) => positionOf(row.seq));
      return { rows: await toStored(page.rows), next: page.next };
    },
    async findVisible(noteId: string, viewerId: string): Promise<StoredNote | undefined> {
      const row = await readableNotes(q, viewerId).where('n.note_id', '=', noteId).executeTakeFirst();
      return row ? (await toStored([row]))[0] : undefined;
    },
    /** The new note as the API answers it: its row is known, only the writer's summary is read. */
    async insert(note: NewNote): Promise<StoredNote> {
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
      const written = {
        note_id: note.noteId,
        author_id: note.authorId,
        text: note.text,
        class_id: note.classId,
        user_id: note.userId,
        student_id: note.studentId,
        course_id: note.courseId,
        lesson_id: note.lessonId,
        created_at: note.createdAt,
      };
      const [stored] = await toStored([written]);
      if (!stored) throw new Error('a note just written has no answer');
      return stored;
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

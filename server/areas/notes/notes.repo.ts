/** Notes: the lists, a note, the insert and the delete. The only queries of the area. */

import { type Note, type NoteCategory, noteFiltersSchema } from '../../../contract/notes.ts';
import { type NoteRow, peopleOf, readableNotes, toNote } from '../../access/entries.ts';
import { summariesOf } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';
import { filteredList, type ListFilters } from '../../data/filtered-list.ts';
import type { Page, PageRequest } from '../../data/paging.ts';

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

/** The notes the viewer may read with the contract's filters, newest first: the whole list and its pages. */
const notesList = filteredList({
  name: 'notes',
  filters: noteFiltersSchema,
  select: readableNotes,
  columns: {
    category: 'n.category',
    studentId: 'n.student_id',
    userId: 'n.user_id',
    classId: 'n.class_id',
    courseId: 'n.course_id',
    lessonId: 'n.lesson_id',
  },
  position: 'n.seq',
});
type NoteFilterValues = ListFilters<typeof noteFiltersSchema>;

export function notesRepo(q: Queryable) {
  /** Rows to notes with their author's id (who may delete one); each writer's summary is read once. */
  const toStored = async (rows: Omit<NoteRow, 'seq'>[]): Promise<StoredNote[]> => {
    const people = await summariesOf(q, rows.flatMap(peopleOf));
    return rows.map((row) => ({ ...toNote(row, people), authorId: row.author_id }));
  };

  return {
    async list(viewerId: string, filters: NoteFilterValues): Promise<StoredNote[]> {
      return toStored(await notesList.whole(q, viewerId, filters));
    },
    async page(viewerId: string, filters: NoteFilterValues, request: PageRequest): Promise<Page<StoredNote>> {
      const page = await notesList.page(q, viewerId, filters, request);
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
        edited_at: null,
      };
      const [stored] = await toStored([written]);
      if (!stored) throw new Error('a note just written has no answer');
      return stored;
    },
    /** Deletes the note if `authorId` wrote it, with its earlier wordings (corrections); whether a row went. */
    async remove(noteId: string, authorId: string): Promise<boolean> {
      const result = await q
        .deleteFrom('notes')
        .where('note_id', '=', noteId)
        .where('author_id', '=', authorId)
        .executeTakeFirst();
      if (result.numDeletedRows !== 1n) return false;
      await q.deleteFrom('entry_versions').where('kind', '=', 'note').where('entry_id', '=', noteId).execute();
      return true;
    },
  };
}

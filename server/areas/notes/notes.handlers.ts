/**
 * Section 4.4: notes. The service adds what it can derive (lesson -> course,
 * class -> course, student -> user, class and course) and refuses a body
 * whose ids disagree. A note is read by its author and the trainers of its
 * class, and deleted by its author only. Creating one never tells a caller
 * whether an id they may not see exists: a student of a class they do not
 * train, or a user they may not see, is answered as an unknown one (404).
 */
import { randomUUID } from 'node:crypto';
import { type CreateNoteBody, type ListNotesQuery, type Note, noteCategoryOf } from '../../../contract/notes.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { resolveNote } from '../../access/targets.ts';
import { type Listed, listScope, readList } from '../../data/paging.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../errors.ts';
import { notesRepo, type StoredNote } from './notes.repo.ts';

const publicNote = ({ authorId: _authorId, ...note }: StoredNote): Note => note;

export function noteHandlers(deps: Deps) {
  const reads = notesRepo(deps.db.q);
  return {
    /** The whole list, or one page of it (the paging extension) with the cursor of the next. */
    list(caller: UserCaller, query: ListNotesQuery): Promise<Listed<Note>> {
      const { limit, cursor, ...filters } = query;
      return readList(
        deps.db,
        listScope('notes', caller.userId, filters),
        { limit, cursor },
        {
          whole: async () => (await reads.list(caller.userId, filters)).map(publicNote),
          page: async (request) => {
            const page = await reads.page(caller.userId, filters, request);
            return { rows: page.rows.map(publicNote), next: page.next };
          },
        },
      );
    },
    async get(caller: UserCaller, noteId: string): Promise<Note> {
      const note = await reads.findVisible(noteId, caller.userId);
      if (!note) throw notFound(`Note "${noteId}"`);
      return publicNote(note);
    },
    /** The checks and the insert are one transaction: nothing is half written. */
    create(caller: UserCaller, body: CreateNoteBody): Promise<Note> {
      return deps.db.transaction(async (tx) => {
        const ids = await resolveNote(tx, caller, body);
        const created = await notesRepo(tx).insert({
          noteId: `note-${randomUUID()}`,
          text: body.text,
          ...ids,
          authorId: caller.userId,
          category: noteCategoryOf(ids),
          createdAt: deps.now(),
        });
        await bump(tx, 'notes');
        return publicNote(created);
      });
    },
    remove(caller: UserCaller, noteId: string): Promise<{ success: boolean }> {
      return deps.db.transaction(async (tx) => {
        const repo = notesRepo(tx);
        const note = await repo.findVisible(noteId, caller.userId);
        if (!note) throw notFound(`Note "${noteId}"`);
        if (note.authorId !== caller.userId) throw forbidden('Only the author of a note may delete it');
        // A concurrent delete of the same note (through another instance) finds nothing to remove: 404 here too.
        if (!(await repo.remove(noteId, caller.userId))) throw notFound(`Note "${noteId}"`);
        await bump(tx, 'notes', 'corrections');
        return { success: true };
      });
    },
  };
}

/**
 * Corrections: an entry found for its author (through the one read rule), the
 * text replaced with its earlier wording kept, a comment withdrawn, and an
 * entry's earlier wordings. The only queries of the area.
 */
import type { Comment } from '../../../contract/comments.ts';
import type { EntryVersion } from '../../../contract/corrections.ts';
import type { Note } from '../../../contract/notes.ts';
import {
  peopleOf,
  readableComments,
  readableCommentsWithWithdrawn,
  readableNotes,
  toComment,
  toNote,
  writtenAt,
} from '../../access/entries.ts';
import { summariesOf } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';

export type EntryKind = 'comment' | 'note';

/** What a correction needs to know of an entry the caller may read. */
export interface Correctable {
  readonly authorId: string;
  readonly text: string;
  /** When the current wording was written: the last correction, or the first date. */
  readonly wordedAt: number;
  readonly editedAt: number | null;
  /** Comments only: when the author withdrew it. */
  readonly withdrawnAt: number | null;
}

/** The replacement of an entry's wording, made only if nobody changed it since it was read. */
interface Replacement {
  readonly kind: EntryKind;
  readonly entryId: string;
  readonly was: Correctable;
  readonly text: string;
  readonly at: number;
}

const correctable = (row: {
  author_id: string;
  text: string;
  created_at: number;
  edited_at: number | null;
  withdrawn_at?: number | null;
}): Correctable => ({
  authorId: row.author_id,
  text: row.text,
  wordedAt: Number(row.edited_at ?? row.created_at),
  editedAt: row.edited_at === null ? null : Number(row.edited_at),
  withdrawnAt: row.withdrawn_at === null || row.withdrawn_at === undefined ? null : Number(row.withdrawn_at),
});

export function correctionsRepo(q: Queryable) {
  return {
    /** The comment if the viewer may read it, withdrawn or not. */
    async comment(commentId: string, viewerId: string): Promise<Correctable | undefined> {
      const row = await readableCommentsWithWithdrawn(q, viewerId)
        .where('c.comment_id', '=', commentId)
        .executeTakeFirst();
      return row ? correctable(row) : undefined;
    },
    async note(noteId: string, viewerId: string): Promise<Correctable | undefined> {
      const row = await readableNotes(q, viewerId).where('n.note_id', '=', noteId).executeTakeFirst();
      return row ? correctable(row) : undefined;
    },
    /**
     * Keeps the current wording as a version and writes the new one; false
     * when the entry changed since it was read (a concurrent correction or
     * withdrawal), so no version is kept of a wording that was not the last.
     */
    async replace({ kind, entryId, was, text, at }: Replacement): Promise<boolean> {
      // Compare and set: the wording read is still the one stored (and a comment still stands).
      const result =
        kind === 'comment'
          ? await q
              .updateTable('comments')
              .set({ text, edited_at: at })
              .where('comment_id', '=', entryId)
              .where('text', '=', was.text)
              .where('edited_at', was.editedAt === null ? 'is' : '=', was.editedAt)
              .where('withdrawn_at', 'is', null)
              .executeTakeFirst()
          : await q
              .updateTable('notes')
              .set({ text, edited_at: at })
              .where('note_id', '=', entryId)
              .where('text', '=', was.text)
              .where('edited_at', was.editedAt === null ? 'is' : '=', was.editedAt)
              .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      await q
        .insertInto('entry_versions')
        .values({ kind, entry_id: entryId, text: was.text, written_at: was.wordedAt, replaced_at: at })
        .execute();
      return true;
    },
    /**
     * Withdraws the comment: its text is erased with its earlier wordings,
     * its row stays for the record's mark. False when it was withdrawn meanwhile.
     */
    async withdraw(commentId: string, at: number): Promise<boolean> {
      const result = await q
        .updateTable('comments')
        .set({ withdrawn_at: at, text: '' })
        .where('comment_id', '=', commentId)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      await q.deleteFrom('entry_versions').where('kind', '=', 'comment').where('entry_id', '=', commentId).execute();
      return true;
    },
    /** The comment as the API answers it, if the viewer may read it (not withdrawn). */
    async readComment(commentId: string, viewerId: string): Promise<Comment | undefined> {
      const row = await readableComments(q, viewerId).where('c.comment_id', '=', commentId).executeTakeFirst();
      return row ? toComment(row, await summariesOf(q, peopleOf(row))) : undefined;
    },
    async readNote(noteId: string, viewerId: string): Promise<Note | undefined> {
      const row = await readableNotes(q, viewerId).where('n.note_id', '=', noteId).executeTakeFirst();
      return row ? toNote(row, await summariesOf(q, peopleOf(row))) : undefined;
    },
    /** The earlier wordings of an entry, newest first. */
    async versions(kind: EntryKind, entryId: string): Promise<EntryVersion[]> {
      const rows = await q
        .selectFrom('entry_versions')
        .select(['text', 'written_at', 'replaced_at'])
        .where('kind', '=', kind)
        .where('entry_id', '=', entryId)
        .orderBy('seq', 'desc')
        .execute();
      return rows.map((row) => ({
        text: row.text,
        writtenAt: writtenAt(Number(row.written_at)),
        replacedAt: writtenAt(Number(row.replaced_at)),
      }));
    },
  };
}

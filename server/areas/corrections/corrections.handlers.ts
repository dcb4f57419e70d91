/**
 * Corrections that keep the record's history (extension): the author of a
 * comment or a note corrects it in place, its earlier wordings stay readable
 * by whoever may read it, and the author of a comment may withdraw it. Who
 * may read is the one read rule (access/entries.ts): a caller who may not read
 * the entry is answered as for an unknown id (404); one who may read it but
 * did not write it, 403.
 */
import type { Comment } from '../../../contract/comments.ts';
import type { CorrectCommentBody, EntryVersion, WithdrawnComment } from '../../../contract/corrections.ts';
import type { CorrectNoteBody } from '../../../contract/note-corrections.ts';
import type { Note } from '../../../contract/notes.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { writtenAt } from '../../access/entries.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { anonymousNotAllowed, forbidden, HttpError, notFound } from '../../errors.ts';
import { type Correctable, correctionsRepo } from './corrections.repo.ts';

const withdrawn = (at: number) =>
  new HttpError(409, 'conflict', `The comment was withdrawn by its author on ${writtenAt(at).slice(0, 10)}`);
const changedMeanwhile = (what: string) =>
  new HttpError(409, 'conflict', `The ${what} was changed meanwhile; read it again and correct that`);

/** No anonymous account comments (as creating a comment answers), before any id is looked at. */
function mayComment(caller: UserCaller): void {
  if (caller.anonymous)
    throw anonymousNotAllowed('An anonymous account cannot comment on students, nor correct a comment');
}

function authorOnly(entry: Correctable | undefined, caller: UserCaller, what: 'comment' | 'note', id: string) {
  if (!entry) throw notFound(`${what === 'comment' ? 'Comment' : 'Note'} "${id}"`);
  if (entry.authorId !== caller.userId) throw forbidden(`Only the author of a ${what} may change it`);
  return entry;
}

export function correctionHandlers(deps: Deps) {
  const reads = correctionsRepo(deps.db.q);
  return {
    correctComment(caller: UserCaller, body: CorrectCommentBody): Promise<Comment> {
      mayComment(caller);
      return deps.db.transaction(async (tx) => {
        const repo = correctionsRepo(tx);
        const was = authorOnly(await repo.comment(body.commentId, caller.userId), caller, 'comment', body.commentId);
        if (was.withdrawnAt !== null) throw withdrawn(was.withdrawnAt);
        // The same wording again changes nothing: no version, no "edited" mark (a retried request is harmless).
        if (was.text !== body.text) {
          const replaced = await repo.replace({
            kind: 'comment',
            entryId: body.commentId,
            was,
            text: body.text,
            at: deps.now(),
          });
          if (!replaced) throw changedMeanwhile('comment');
          await bump(tx, 'comments', 'corrections');
        }
        const comment = await repo.readComment(body.commentId, caller.userId);
        if (!comment) throw new Error('a comment just corrected cannot be read by its author');
        return comment;
      });
    },
    withdrawComment(caller: UserCaller, commentId: string): Promise<WithdrawnComment> {
      mayComment(caller);
      return deps.db.transaction(async (tx) => {
        const repo = correctionsRepo(tx);
        const was = authorOnly(await repo.comment(commentId, caller.userId), caller, 'comment', commentId);
        if (was.withdrawnAt !== null) throw withdrawn(was.withdrawnAt);
        const at = deps.now();
        if (!(await repo.withdraw(commentId, at))) throw changedMeanwhile('comment');
        await bump(tx, 'comments', 'corrections');
        return { commentId, withdrawnAt: writtenAt(at) };
      });
    },
    correctNote(caller: UserCaller, body: CorrectNoteBody): Promise<Note> {
      return deps.db.transaction(async (tx) => {
        const repo = correctionsRepo(tx);
        const was = authorOnly(await repo.note(body.noteId, caller.userId), caller, 'note', body.noteId);
        if (was.text !== body.text) {
          const replaced = await repo.replace({
            kind: 'note',
            entryId: body.noteId,
            was,
            text: body.text,
            at: deps.now(),
          });
          if (!replaced) throw changedMeanwhile('note');
          await bump(tx, 'notes', 'corrections');
        }
        const note = await repo.readNote(body.noteId, caller.userId);
        if (!note) throw new Error('a note just corrected cannot be read by its author');
        return note;
      });
    },
    /** A withdrawn comment is read by nobody any more: 404, as for an unknown id (the record says it was withdrawn). */
    async commentVersions(caller: UserCaller, commentId: string): Promise<EntryVersion[]> {
      const comment = await reads.comment(commentId, caller.userId);
      if (!comment || comment.withdrawnAt !== null) throw notFound(`Comment "${commentId}"`);
      return reads.versions('comment', commentId);
    },
    async noteVersions(caller: UserCaller, noteId: string): Promise<EntryVersion[]> {
      if (!(await reads.note(noteId, caller.userId))) throw notFound(`Note "${noteId}"`);
      return reads.versions('note', noteId);
    },
  };
}

/**
 * Changing a note, as far as the interface allows: it has no update, so the
 * new text is saved as a new note about the same person and lesson, and then
 * the old note is deleted, once the writer has confirmed. If saving fails,
 * nothing has changed and the new text stays in the box; if deleting fails,
 * both notes exist and the person is told so, with the old one still there
 * to delete. Offered only to the note's writer, for the notes the training
 * dashboard can write again (a student in a lesson, or a note about yourself).
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { limits } from '../../../../contract/common';
import { type CreateNoteBody, type Note, noteTextSchema } from '../../../../contract/notes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextAreaField } from '../../../components/form-field';
import { LiveMessage } from '../../../components/states';
import { describeError } from '../../../lib/api/describe-error';
import { originOf } from '../../../lib/url/came-from';
import { useCreateNote, useRemoveNote } from '../api/note-queries';

/** The body that writes this note again with another text; null for a note the dashboard cannot write again. */
export function rewriteBody(note: Note, text: string, selfId: string): CreateNoteBody | null {
  if (note.studentId !== null && note.lessonId !== null)
    return { text, studentId: note.studentId, lessonId: note.lessonId };
  if (note.studentId === null && note.userId === selfId) return { text, userId: selfId };
  return null;
}

export function NoteEdit({ note, selfId }: { readonly note: Note; readonly selfId: string }) {
  const navigate = useNavigate();
  const origin = originOf(useLocation().state);
  const create = useCreateNote();
  const remove = useRemoveNote();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(note.text);
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' }>({ text: '', tone: 'info' });
  const [saved, setSaved] = useState<Note>();

  if (rewriteBody(note, '', selfId) === null) return null;
  if (!editing) {
    return (
      <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
        Edit
      </button>
    );
  }

  const check = () => {
    const parsed = noteTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(`Note ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
      return;
    }
    if (text === note.text) {
      setError('The text is unchanged.');
      return;
    }
    setError(undefined);
    setConfirming(true);
  };

  const replace = async () => {
    const body = rewriteBody(note, text, selfId);
    if (!body) return;
    let made: Note;
    try {
      made = await create.mutateAsync(body);
    } catch (failure) {
      setConfirming(false);
      const { title, detail } = describeError(failure, 'the note');
      setMessage({ text: `Nothing was changed. ${title}. ${detail} Your new text is kept; try again.`, tone: 'error' });
      return;
    }
    try {
      await remove.mutateAsync(note.noteId);
    } catch {
      setConfirming(false);
      setSaved(made);
      setMessage({
        text: 'Your new text is saved as a new note, but this note could not be deleted: both exist now. Delete this one when you can.',
        tone: 'error',
      });
      return;
    }
    navigate(`/notes/${encodeURIComponent(made.noteId)}`, {
      replace: true,
      // The changed note keeps the place it was opened from, for its "Back to …".
      state: {
        ...(origin ? { from: origin } : {}),
        message: 'Note changed: your new text was saved as a new note and the old one deleted.',
      },
    });
  };

  return (
    <div className="note-edit">
      {saved ? null : (
        <>
          <TextAreaField
            id="edit-note-text"
            label="New text"
            hint="The platform cannot change a note: saving writes this as a new note about the same person and lesson, then deletes this one."
            required
            rows={8}
            maxLength={limits.noteText}
            value={text}
            error={error}
            onChange={setText}
          />
          <div className="actions">
            <button type="button" className="button" onClick={check}>
              Save changes
            </button>
            <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
              Cancel editing
            </button>
          </div>
        </>
      )}
      <LiveMessage message={message.text} tone={message.tone} />
      {saved ? (
        <p>
          <Link to={`/notes/${encodeURIComponent(saved.noteId)}`}>Open the new note</Link>
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Replace this note?"
        confirmLabel="Save and delete the old note"
        pending={create.isPending || remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void replace()}
      >
        <p>
          Your new text is saved as a new note, then this note is deleted for everyone who can read it. If deleting
          fails, both notes stay and nothing is lost.
        </p>
      </ConfirmDialog>
    </div>
  );
}

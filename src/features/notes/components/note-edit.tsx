/**
 * Changing a note. Where the platform offers corrections (extension), the
 * note is corrected in place: it keeps its id and first date and shows when
 * it was edited; its earlier wording stays readable. Where it does not, as
 * far as the interface allows: it has no update, so the new text is saved as
 * a new note about the same person and lesson, and then the old note is
 * deleted, once the writer has confirmed what that does to the date. If
 * saving fails, nothing has changed and the new text stays in the box; if
 * deleting fails, both notes exist and the person is told so, with the old
 * one still there to delete. Offered only to the note's writer; without
 * corrections, only for the notes the training dashboard can write again (a
 * student in a lesson, or a note about yourself).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { limits } from '../../../../contract/common';
import { type CreateNoteBody, type Note, noteTextSchema } from '../../../../contract/notes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextAreaField } from '../../../components/form-field';
import { LiveMessage } from '../../../components/states';
import { describeError } from '../../../lib/api/describe-error';
import { extensions } from '../../../lib/api/extensions';
import { formatDay } from '../../../lib/format/plain-format';
import { originOf } from '../../../lib/url/came-from';
import { useCorrectNote } from '../api/note-corrections';
import { noteQueries, useCreateNote, useRemoveNote } from '../api/note-queries';

/** The body that writes this note again with another text; null for a note the dashboard cannot write again. */
export function rewriteBody(note: Note, text: string, selfId: string): CreateNoteBody | null {
  if (note.studentId !== null && note.lessonId !== null)
    return { text, studentId: note.studentId, lessonId: note.lessonId };
  if (note.studentId === null && note.userId === selfId) return { text, userId: selfId };
  return null;
}

export function NoteEdit({
  note,
  selfId,
  onCorrected,
}: {
  readonly note: Note;
  readonly selfId: string;
  /** Corrected in place: the page focuses the note, which says so. */
  readonly onCorrected?: () => void;
}) {
  const navigate = useNavigate();
  const origin = originOf(useLocation().state);
  const queryClient = useQueryClient();
  const create = useCreateNote();
  const remove = useRemoveNote();
  const correct = useCorrectNote();
  const corrections = useSyncExternalStore(extensions.subscribe, () => extensions.offered('corrections'));
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(note.text);
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' }>({ text: '', tone: 'info' });
  const [saved, setSaved] = useState<Note>();

  const rewritable = rewriteBody(note, '', selfId) !== null;
  if (!corrections && !rewritable) return null;
  if (!editing) {
    return (
      <>
        <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
          Edit
        </button>
        <LiveMessage message={message.text} tone={message.tone} />
      </>
    );
  }

  /** In place, where the platform offers it; else (found out now, or known) the replacement, once confirmed. */
  const correctInPlace = async () => {
    let corrected: Note | null;
    try {
      corrected = await correct.mutateAsync({ noteId: note.noteId, text });
    } catch (failure) {
      const { title, detail } = describeError(failure, 'the note');
      setMessage({ text: `Nothing was changed. ${title}. ${detail} Your new text is kept; try again.`, tone: 'error' });
      return;
    }
    if (corrected === null) {
      if (rewritable) setConfirming(true);
      else setMessage({ text: 'This platform cannot change this note. Nothing was changed.', tone: 'error' });
      return;
    }
    queryClient.setQueryData(noteQueries.detail(note.noteId).queryKey, corrected);
    setEditing(false);
    onCorrected?.();
    setMessage({
      text: note.createdAt
        ? `Note corrected. It keeps its date, ${formatDay(note.createdAt)}, and shows that it was edited.`
        : 'Note corrected. It shows that it was edited.',
      tone: 'info',
    });
  };

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
    if (corrections) void correctInPlace();
    else setConfirming(true);
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
        changed: true,
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
            hint={
              corrections
                ? 'Saving corrects this note in place: it keeps its date, shows that it was edited, and its earlier wording stays readable.'
                : 'The platform cannot change a note: saving writes this as a new note about the same person and lesson, then deletes this one.'
            }
            required
            rows={8}
            maxLength={limits.noteText}
            value={text}
            error={error}
            onChange={setText}
          />
          <div className="actions">
            <button type="button" className="button" onClick={check} disabled={correct.isPending}>
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
          {note.createdAt
            ? `The note will be saved as new today, ${formatDay(new Date())}; the one of ${formatDay(note.createdAt)} will be removed.`
            : `The note will be saved as new today, ${formatDay(new Date())}; the one you are changing will be removed.`}
        </p>
        <p>
          This platform cannot correct a note in place, so everyone who can read it sees today’s date. If removing
          fails, both notes stay and nothing is lost.
        </p>
      </ConfirmDialog>
    </div>
  );
}

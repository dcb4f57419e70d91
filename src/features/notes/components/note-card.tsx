/** One note in a list: its title (a link to the note), the text clamped, and who and where it is about. */
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Note } from '../../../../contract/notes';
import type { RosterNames } from '../../../components/roster-fields';
import { WrittenLine } from '../../../components/written-line';
import { NoteMetadata, noteTitle, writerName } from './note-metadata';

export const NoteCard = memo(function NoteCard({
  note,
  names,
  selfId,
  linkPerson = true,
  top,
  showWriter = false,
}: {
  readonly note: Note;
  readonly names: RosterNames;
  readonly selfId?: string;
  readonly linkPerson?: boolean;
  /** Above the title, e.g. the kind, time and author on a student's record. */
  readonly top?: ReactNode;
  /** Say who wrote it and when, where the note carries them (`author`, `createdAt`). */
  readonly showWriter?: boolean;
}) {
  const writer = writerName(note, note.author, selfId);
  return (
    <li className="card">
      <article aria-labelledby={`note-${note.noteId}`}>
        {top}
        <h3 id={`note-${note.noteId}`} className="card-title">
          <Link to={`/notes/${encodeURIComponent(note.noteId)}`}>{noteTitle(note, names, selfId)}</Link>
        </h3>
        <p className="user-text clamp" dir="auto">
          {note.text}
        </p>
        {showWriter ? <WrittenLine by={writer} at={note.createdAt} editedAt={note.editedAt} /> : null}
        <NoteMetadata note={note} names={names} selfId={selfId} linkPerson={linkPerson} />
      </article>
    </li>
  );
});
